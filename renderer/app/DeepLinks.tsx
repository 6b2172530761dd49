import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { adminApi } from '../api/bridge.js';
import { useSessionStore } from '../session/session-store.js';
import { useLatest } from '../lib/useLatest.js';

/**
 * Opens the screen of a reflect-admin:// link main accepted (desktop app): taken from main once signed in and on
 * each 'deep-link' event, so a link that came before sign-in opens right after it. Main parsed the link and built
 * the route; the window only navigates to it.
 */
export function DeepLinks() {
  const signedIn = useSessionStore((s) => s.status === 'signedIn');
  const navigate = useNavigate();
  const navigateRef = useLatest(navigate);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    const take = async () => {
      const answer = await adminApi().app.takeDeepLink({});
      // Already on that screen (a finished export's notification clicked there): stay, keeping its filters.
      if (live && answer.ok && answer.data && answer.data.route !== window.location.pathname) void navigateRef.current(answer.data.route);
    };
    void take();
    const unsubscribe = adminApi().events.subscribe((event) => {
      if (event.type === 'deep-link') void take();
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [signedIn, navigateRef]);
  return null;
}
