import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useWriteOp } from '../api/hooks.js';
import { useSessionStore } from '../session/session-store.js';
import { Button } from '../components/Button.js';
import { notify } from '../components/Toaster.js';

/** Sign-out as the button and the command palette run it: main guards against double use. */
export function useSignOut(): { readonly run: () => void; readonly pending: boolean } {
  const signOut = useWriteOp('auth', 'signOut');
  const setSession = useSessionStore((s) => s.set);
  const client = useQueryClient();
  const navigate = useNavigate();
  return {
    pending: signOut.isPending,
    run: () =>
      signOut.mutate(
        {},
        {
          onSettled: (_data, error) => {
            if (error) notify.error('Sign-out did not reach the server', error.message);
            setSession(null);
            client.clear();
            void navigate('/auth', { replace: true });
          },
        },
      ),
  };
}

/** Sign-out: the button is disabled while it runs. */
export function SignOutButton() {
  const signOut = useSignOut();
  return (
    <Button variant="ghost" busy={signOut.pending} onClick={signOut.run}>
      Sign out
    </Button>
  );
}
