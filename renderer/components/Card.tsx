import type { ReactNode } from 'react';

interface Props {
  readonly title?: ReactNode;
  readonly description?: ReactNode;
  readonly actions?: ReactNode;
  readonly className?: string;
  readonly children?: ReactNode;
  readonly labelledBy?: string;
}

export function Card({ title, description, actions, className, children }: Props) {
  return (
    <section className={['card', className].filter(Boolean).join(' ')}>
      {title || actions ? (
        <header className="card-header">
          <div>
            {title ? <h2 className="card-title">{title}</h2> : null}
            {description ? <p className="card-description">{description}</p> : null}
          </div>
          {actions ? <div className="card-actions">{actions}</div> : null}
        </header>
      ) : null}
      {children}
    </section>
  );
}
