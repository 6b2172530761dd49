import { Link, useNavigate } from 'react-router-dom';
import { useOp } from '../api/hooks.js';
import { PageHeader } from '../components/PageHeader.js';
import { QueryView } from '../components/QueryView.js';
import { StatCards } from '../components/StatCards.js';
import { ListToolbar } from '../components/ListToolbar.js';
import { COACH_SORTS, COACH_STATS_KEEP_MS, COACH_STATS_STALE_MS, sortCoaches, type CoachSort } from '../../shared/rules/coaches/sort.js';
import { CoachCard } from './CoachCard.js';
import { useRowContextMenu } from '../components/RowMenu.js';
import { notify } from '../components/Toaster.js';
import { copyText } from '../lib/clipboard.js';
import { useProductName } from '../lib/useProductName.js';
import { param } from '../lib/query-state.js';
import { useQueryState } from '../lib/useQueryState.js';

/** The sort in the address: ?sort=name-desc. */
const QUERY = {
  sort: param.oneOf<CoachSort>(
    COACH_SORTS.map((s) => s.value),
    'name-asc',
  ),
};

/** /admin/coaches: the four counts, the sort selector and every coach. */
export default function CoachesPage() {
  const productName = useProductName();
  const navigate = useNavigate();
  const list = useOp('coaches', 'list', {});
  const usage = useOp('coaches', 'usage', {}, { staleTime: COACH_STATS_STALE_MS, gcTime: COACH_STATS_KEEP_MS });
  const [{ sort }, setState] = useQueryState(QUERY);
  const setSort = (s: CoachSort) => setState({ sort: s });
  const data = list.data?.data;
  const usageMap = usage.data?.data;
  const coaches = data ? sortCoaches(data.coaches, sort, usageMap) : [];
  // Right-click, the ContextMenu key or Shift+F10 on a coach: its own actions, the same as its links.
  const context = useRowContextMenu();
  const coachMenu = context.listProps((target) => {
    const card = target.closest<HTMLElement>('[data-coach-id]');
    const coach = card ? coaches.find((c) => c.id === card.dataset.coachId) : undefined;
    if (!card || !coach) return null;
    return {
      row: card,
      label: `Actions for ${coach.name}`,
      items: [
        { label: 'Open', shortcut: 'rowOpen', onSelect: () => void navigate(`/admin/coaches/${coach.id}`) },
        { label: 'History', onSelect: () => void navigate(`/admin/coaches/${coach.id}/history`) },
        {
          label: 'Copy ID',
          onSelect: () => void copyText(coach.id).then((ok) => (ok ? notify.success('Coach ID copied to clipboard') : notify.error('Copy failed'))),
        },
      ],
    };
  });

  return (
    <div className="page">
      <PageHeader
        title="Coach Management"
        subtitle="AI coaches, their prompts and knowledge bases"
        actions={
          <Link className="button button-primary" to="/admin/coaches/new">
            Add New Coach
          </Link>
        }
      />
      <StatCards
        loading={list.isPending}
        items={[
          { id: 'count-total', label: 'Total Coaches', value: data?.counts.total },
          { id: 'count-active', label: 'Active', value: data?.counts.active },
          { id: 'count-inactive', label: 'Inactive', value: data?.counts.inactive },
          { id: 'count-no-prompt', label: 'Active Without Prompt', value: data?.counts.activeWithoutPrompt },
        ]}
      />
      <ListToolbar sort={{ label: 'Sort coaches', prefix: 'Sort by', value: sort, onChange: (v) => setSort(v as CoachSort), options: COACH_SORTS }}>
        {usage.isError ? (
          <span className="form-error" role="alert">
            {usage.error.message}
          </span>
        ) : null}
      </ListToolbar>
      <QueryView query={list} loadingLabel="Loading coaches..." isEmpty={(d) => d.coaches.length === 0} emptyTitle="No coaches yet">
        {() => (
          <ul className="coach-list" {...coachMenu}>
            {coaches.map((c) => (
              <CoachCard
                key={c.id}
                coach={c}
                usage={usageMap ? (usageMap[c.id] ?? { total_sessions: 0, total_messages: 0 }) : undefined}
                usageLoading={usage.isPending}
                productName={productName}
              />
            ))}
          </ul>
        )}
      </QueryView>
      {context.menu}
    </div>
  );
}
