import { Link } from 'react-router-dom';
import { QUICK_ACTION_GROUPS } from './quick-actions.js';

export function QuickActions() {
  return (
    <div className="quick-actions">
      {QUICK_ACTION_GROUPS.map((g) => (
        <section key={g.title} className="card" aria-labelledby={`qa-${g.title}`}>
          <h2 className="card-title" id={`qa-${g.title}`}>
            {g.title[0]?.toUpperCase()}
            {g.title.slice(1)}
          </h2>
          <div className="tile-grid">
            {g.actions.map((a) => (
              <Link key={a.to} to={a.to} className="tile">
                <span className="tile-label">{a.label}</span>
                <span className="tile-description">{a.description}</span>
              </Link>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
