import type { ReactNode } from 'react';

export function CenteredMessage({ children, busy = false }: { readonly children: ReactNode; readonly busy?: boolean }) {
  return (
    <div className="centered-message" role={busy ? 'status' : undefined} aria-live={busy ? 'polite' : undefined}>
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      <div>{children}</div>
    </div>
  );
}
