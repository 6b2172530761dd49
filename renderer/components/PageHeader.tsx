import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** Where the page's back link goes, and its words where the spec names them ('Back to Banners'); default 'Back'. */
export interface BackTarget {
  readonly to: string;
  readonly label?: string;
}

/**
 * A page's title row: the title and subtitle, then the actions and last the back link (a link: it goes to a page).
 * Every screen with a way back names it here, so the way back looks and sits the same everywhere.
 */
export function PageHeader({
  title,
  subtitle,
  back,
  actions,
}: {
  readonly title: string;
  readonly subtitle?: ReactNode;
  readonly back?: BackTarget;
  readonly actions?: ReactNode;
}) {
  return (
    <header className="page-header">
      <div>
        <h1>{title}</h1>
        {subtitle ? <p className="page-subtitle">{subtitle}</p> : null}
      </div>
      {back || actions ? (
        <div className="page-actions">
          {actions}
          {back ? <BackLink {...back} /> : null}
        </div>
      ) : null}
    </header>
  );
}

/** The back link alone, for a page state without a header of its own (a "not found" message). */
export function BackLink({ to, label = 'Back' }: BackTarget) {
  return (
    <Link className="button button-secondary" to={to}>
      {label}
    </Link>
  );
}
