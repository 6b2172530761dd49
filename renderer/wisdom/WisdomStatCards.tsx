import type { WisdomStats } from '../../shared/rules/wisdom/types.js';

/** Total, Active, Inactive and Categories, over every source (main counts them all, past any row cap). */
export function WisdomStatCards({ stats }: { readonly stats: WisdomStats }) {
  const cards = [
    { id: 'total', label: 'Total Sources', value: stats.total },
    { id: 'active', label: 'Active', value: stats.active },
    { id: 'inactive', label: 'Inactive', value: stats.inactive },
    { id: 'categories', label: 'Categories', value: stats.categories },
  ];
  return (
    <dl className="wisdom-stats">
      {cards.map((c) => (
        <div key={c.id} className="wisdom-stat" data-testid={`stat-${c.id}`}>
          <dt>{c.label}</dt>
          <dd>{c.value.toLocaleString()}</dd>
        </div>
      ))}
    </dl>
  );
}
