import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { Role } from '../../shared/rules/auth/types.js';
import { useSessionStore } from './session-store.js';
import { AccessDenied } from './AccessDenied.js';
import { VERIFYING_ACCESS_TEXT } from '../../shared/rules/auth/access.js';
import { CenteredMessage } from '../components/CenteredMessage.js';
import { Button } from '../components/Button.js';

interface Props {
  /** Any of these roles grants access; defaults to admin (spec 1 section 6). */
  readonly roles?: readonly Role[];
  readonly children?: ReactNode;
}

/** The access guard of spec 1 sections 4 and 6. Main re-checks the role on every operation anyway. */
export function RequireRole({ roles = ['admin'], children }: Props) {
  const { status, session, error, load } = useSessionStore();
  const location = useLocation();
  if (status === 'loading') return <CenteredMessage busy>{VERIFYING_ACCESS_TEXT}</CenteredMessage>;
  if (status === 'error') {
    return (
      <CenteredMessage>
        <p role="alert">Could not check your session: {error}</p>
        <Button onClick={() => void load()}>Try again</Button>
      </CenteredMessage>
    );
  }
  if (!session) return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  if (roles.length > 0 && !roles.some((r) => session.roles.includes(r))) return <AccessDenied requiredRoles={roles} />;
  return children ? <>{children}</> : <Outlet />;
}

/** Signed-in users of any role (the /dashboard fallback, the toolkit). */
export function RequireSignedIn({ children }: { readonly children?: ReactNode }) {
  return <RequireRole roles={[]}>{children}</RequireRole>;
}
