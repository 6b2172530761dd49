import { Link } from 'react-router-dom';
import { useSessionStore } from '../session/session-store.js';
import { SignOutButton } from '../auth/SignOutButton.js';
import { CenteredMessage } from '../components/CenteredMessage.js';

/** /dashboard: where signed-in users without a role land (spec 1, section 2). */
export function UserDashboardPage() {
  const session = useSessionStore((s) => s.session);
  const isAdmin = session?.roles.includes('admin') ?? false;
  return (
    <CenteredMessage>
      <h1>Welcome{session?.user.username ? `, ${session.user.username}` : ''}</h1>
      <p>
        You are signed in as <strong>{session?.user.email}</strong>.
      </p>
      {isAdmin ? (
        <p>
          <Link to="/admin/dashboard">Open the admin dashboard</Link>
        </p>
      ) : (
        <p className="muted">This account has no administrator role, so the admin area is not available to it.</p>
      )}
      <p>
        <Link to="/toolkit">Self-reflection toolkit</Link>
      </p>
      <SignOutButton />
    </CenteredMessage>
  );
}
