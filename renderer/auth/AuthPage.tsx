import { useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { useOp } from '../api/hooks.js';
import { useSessionStore } from '../session/session-store.js';
import { landingPathFor } from '../lib/landing.js';
import { SignInForm } from './SignInForm.js';
import { SignUpForm } from './SignUpForm.js';
import { DemoAccounts } from './DemoAccounts.js';
import { Tabs } from '../components/Tabs.js';
import { checkYourEmailMessage } from '../../shared/rules/auth/auth-answers.js';

type Mode = 'signIn' | 'signUp';
const AUTH_TABS = [
  { id: 'signIn', label: 'Sign in' },
  { id: 'signUp', label: 'Sign up' },
] as const;

/** /auth: sign-in and sign-up against the active connection profile. */
export function AuthPage() {
  const [mode, setMode] = useState<Mode>('signIn');
  // After a sign-up that needs e-mail confirmation (the hosted default), the sign-in tab says so.
  const [notice, setNotice] = useState<string | null>(null);
  const { status, session } = useSessionStore();
  const info = useOp('app', 'info', {});
  if (status === 'signedIn' && session) return <Navigate to={landingPathFor(session)} replace />;
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
        <Tabs label="Account" tabs={AUTH_TABS} value={mode} onChange={(id) => setMode(id as Mode)}>
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
        </Tabs>
        {info.data?.data.demo ? <DemoAccounts demo={info.data.data.demo} /> : null}
      </div>
    </div>
  );
}
