import { useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { useOp } from '../api/hooks.js';
import { useSessionStore } from '../session/session-store.js';
import { landingPathFor } from '../lib/landing.js';
import { useLastScreen } from '../lib/last-screen.js';
import { SignInForm } from './SignInForm.js';
import { SignUpForm } from './SignUpForm.js';
import { DemoAccounts } from './DemoAccounts.js';
import { checkYourEmailMessage } from '../../shared/rules/auth/auth-answers.js';

type Mode = 'signIn' | 'signUp';

/** /auth: sign-in and sign-up against the active connection profile. */
export function AuthPage() {
  const [mode, setMode] = useState<Mode>('signIn');
  // After a sign-up that needs e-mail confirmation (the hosted default), the sign-in tab says so.
  const [notice, setNotice] = useState<string | null>(null);
  const { status, session } = useSessionStore();
  const info = useOp('app', 'info', {});
  const lastScreen = useLastScreen();
  if (status === 'signedIn' && session) return <Navigate to={landingPathFor(session, lastScreen)} replace />;
  const profile = info.data?.data.profile;
  return (
    <div className="auth-page">
      <div className="auth-panel">
        <div className="brand brand-large">
          <span className="brand-mark" aria-hidden="true">
            R
          </span>
          <span>Reflect Admin</span>
        </div>
        <p className="muted">
          {profile ? (
            <>
              Connected to <strong>{profile.name}</strong>
              {profile.url ? <> ({profile.url})</> : null}. <Link to="/settings">Change connection</Link>
            </>
          ) : (
            <>&nbsp;</>
          )}
        </p>
        <div className="tabs" role="tablist" aria-label="Account">
          <button role="tab" type="button" aria-selected={mode === 'signIn'} className="tab" onClick={() => setMode('signIn')}>
            Sign in
          </button>
          <button role="tab" type="button" aria-selected={mode === 'signUp'} className="tab" onClick={() => setMode('signUp')}>
            Sign up
          </button>
        </div>
        {mode === 'signIn' ? (
          <SignInForm notice={notice} />
        ) : (
          <SignUpForm
            onSignedUpWithoutSession={(email) => {
              setNotice(checkYourEmailMessage(email));
              setMode('signIn');
            }}
          />
        )}
        {info.data?.data.demo ? <DemoAccounts demo={info.data.data.demo} /> : null}
      </div>
    </div>
  );
}
