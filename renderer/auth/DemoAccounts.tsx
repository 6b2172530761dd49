import type { DemoCredentials } from '../../shared/contract/areas/app.js';

/** The demo profile's seeded accounts, so a newcomer can sign in at once. */
export function DemoAccounts({ demo }: { readonly demo: DemoCredentials }) {
  return (
    <aside className="demo-accounts" aria-label="Demo accounts">
      <h2>Demo accounts</h2>
      <p>This is the embedded demo backend. Sign in with:</p>
      <dl>
        <dt>Administrator</dt>
        <dd>
          <code>{demo.adminEmail}</code>
        </dd>
        <dt>Member without a role</dt>
        <dd>
          <code>{demo.memberEmail}</code>
        </dd>
        <dt>Password (both)</dt>
        <dd>
          <code>{demo.password}</code>
        </dd>
      </dl>
    </aside>
  );
}
