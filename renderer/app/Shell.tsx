import { Suspense, type ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { ADMIN_ROUTES, NAV_GROUPS } from '../lib/route-table.js';
import { Spinner } from '../components/States.js';
import { SignOutButton } from '../auth/SignOutButton.js';
import { useSessionStore } from '../session/session-store.js';
import { ProfileBadge } from '../settings/ProfileBadge.js';
import { KeyboardHost } from '../palette/KeyboardHost.js';
import { useRememberScreen } from '../lib/last-screen.js';
import { Tooltip } from '../components/Tooltip.js';

/** The admin shell: navigation to every admin route of the specs, and the current screen (or `children`: Settings). */
export function Shell({ children }: { readonly children?: ReactNode } = {}) {
  const session = useSessionStore((s) => s.session);
  useRememberScreen();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <nav className="sidebar" aria-label="Admin navigation">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            R
          </span>
          <span>Reflect Admin</span>
        </div>
        <ProfileBadge />
        <div className="nav-groups">
          {NAV_GROUPS.map((group) => (
            <div className="nav-group" key={group}>
              <h2 className="nav-group-title">{group}</h2>
              <ul>
                {ADMIN_ROUTES.filter((r) => r.nav?.group === group).map((r) => (
                  <li key={r.path}>
                    <NavLink to={`/admin/${r.path}`} className={({ isActive }) => (isActive ? 'nav-link active' : 'nav-link')}>
                      {r.nav?.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <div className="nav-group">
            <h2 className="nav-group-title">App</h2>
            <ul>
              <li>
                <NavLink to="/toolkit" className="nav-link">
                  Toolkit
                </NavLink>
              </li>
              <li>
                <NavLink to="/settings" className="nav-link">
                  Settings
                </NavLink>
              </li>
            </ul>
          </div>
        </div>
        <div className="sidebar-footer">
          <Tooltip content={session?.user.email}>
            <span className="muted">{session?.user.username ?? session?.user.email}</span>
          </Tooltip>
          <SignOutButton />
        </div>
      </nav>
      <main id="main" className="main" tabIndex={-1}>
        <Suspense fallback={<Spinner />}>{children ?? <Outlet />}</Suspense>
      </main>
      <KeyboardHost />
    </div>
  );
}
