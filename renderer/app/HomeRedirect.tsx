import { Navigate } from 'react-router-dom';
import { useSessionStore } from '../session/session-store.js';
import { CenteredMessage } from '../components/CenteredMessage.js';
import { landingPathFor } from '../lib/landing.js';
import { useLastScreen } from '../lib/last-screen.js';

/** "/" sends administrators to the admin dashboard, other signed-in users to /dashboard, everyone else to /auth. */
export function HomeRedirect() {
  const { status, session } = useSessionStore();
  const lastScreen = useLastScreen();
  if (status === 'loading' || lastScreen === undefined) return <CenteredMessage busy>Loading...</CenteredMessage>;
  return <Navigate to={landingPathFor(session, lastScreen)} replace />;
}
