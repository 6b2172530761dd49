import { Link } from 'react-router-dom';
import type { Role } from '../../shared/rules/auth/types.js';
import { ACCESS_DENIED_TEXT } from '../../shared/rules/auth/access.js';
import { CenteredMessage } from '../components/CenteredMessage.js';

export function AccessDenied({ requiredRoles }: { readonly requiredRoles: readonly Role[] }) {
  return (
    <CenteredMessage>
      <h1>Access Denied</h1>
      <p>{ACCESS_DENIED_TEXT}</p>
      <p className="muted">
        Required role{requiredRoles.length > 1 ? 's' : ''}:{' '}
        {requiredRoles.map((r) => (
          <code key={r}>{r}</code>
        ))}
      </p>
      <Link className="button" to="/dashboard">
        Go to your dashboard
      </Link>
    </CenteredMessage>
  );
}
