import { Navigate } from 'react-router-dom';
import { useSessionStore } from '../session/session-store.js';
import { CenteredMessage } from '../components/CenteredMessage.js';
import { landingPathFor } from '../lib/landing.js';

/** "/" sends administrators to the admin dashboard, other signed-in users to /dashboard, everyone else to /auth. */
export function HomeRedirect() {
  const { status, session } = useSessionStore();
  if (status === 'loading') return <CenteredMessage busy>Loading...</CenteredMessage>;
  return <Navigate to={landingPathFor(session)} replace />;
}
