import { PageHeader } from '../components/PageHeader.js';

/** A route from the spec whose screen a later issue delivers. */
export function NotBuilt({ title }: { readonly title: string }) {
  return (
    <div className="page">
      <PageHeader title={title} />
      <div className="card">
        <p>This screen is not built yet.</p>
        <p className="muted">It is part of the specification and will arrive in a later version of Reflect Admin.</p>
      </div>
    </div>
  );
}
