import { useEffect } from 'react';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, Route, RouterProvider, Routes, useNavigate } from 'react-router-dom';
import { adminApi } from '../api/bridge.js';
import { OpError } from '../api/hooks.js';
import { refetchLocalAnswers, refetchOfflineAnswers } from '../api/local-answers.js';
import { useSessionStore } from '../session/session-store.js';
import { RequireRole, RequireSignedIn } from '../session/RequireRole.js';
import { CenteredMessage } from '../components/CenteredMessage.js';
import { VERIFYING_ACCESS_TEXT } from '../../shared/rules/auth/access.js';
import { Toaster } from '../components/Toaster.js';
import { TooltipProvider } from '../components/Tooltip.js';
import { AuthPage } from '../auth/AuthPage.js';
import { SettingsPage } from '../settings/SettingsPage.js';
import { UserDashboardPage } from '../fallback/UserDashboardPage.js';
import { ADMIN_ROUTES } from '../lib/route-table.js';
import { SCREENS } from './screens.js';
import { Shell } from './Shell.js';
import { SafetyFrame } from './SafetyFrame.js';
import { NotBuilt } from './NotBuilt.js';
import { NotFound } from './NotFound.js';
import { HomeRedirect } from './HomeRedirect.js';
import { ToolkitRoute } from '../toolkit/ToolkitRoute.js';
import { LeaveGuardHost } from '../components/LeaveGuard.js';
import { useWindowTitle } from '../lib/window-title.js';
import { DeepLinks } from './DeepLinks.js';
import { BrowserNotifications } from './BrowserNotifications.js';
import { ThemeFollower } from './ThemeFollower.js';
import { WindowBack } from './WindowBack.js';
import { useLatest } from '../lib/useLatest.js';

const RETRYABLE = new Set(['BACKEND_ERROR', 'INTERNAL']);

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        retry: (count, error) => count < 1 && !(error instanceof OpError && !RETRYABLE.has(error.code)),
      },
      mutations: { retry: false },
    },
  });
}

/** Follows main's events: a sign-out in another window, a switch of project, the backend found unreachable. */
function MainEvents() {
  const setSession = useSessionStore((s) => s.set);
  const load = useSessionStore((s) => s.load);
  const client = useQueryClient();
  // useNavigate returns a new function on every route change; through a ref the subscription outlives navigation
  // instead of closing and reopening main's event stream on each page.
  const navigate = useNavigate();
  const navigateRef = useLatest(navigate);
  useEffect(
    () =>
      adminApi().events.subscribe((event) => {
        if (event.type === 'session-changed') {
          setSession(event.session);
          // Signed out elsewhere: leave the screens that need a session (Settings and /auth stay).
          if (!event.session && /^\/(admin|dashboard|toolkit)(\/|$)/.test(window.location.pathname)) {
            client.clear();
            void navigateRef.current('/auth', { replace: true });
          }
        } else if (event.type === 'connectivity') {
          void (event.online ? refetchOfflineAnswers(client) : refetchLocalAnswers(client));
        } else if (event.type === 'profile-changed') {
          // Another project: drop every answer of the previous one; screens on display fetch again.
          void client.resetQueries();
          void load();
        }
      }),
    [client, load, setSession, navigateRef],
  );
  return null;
}

/** Settings inside the admin shell for a signed-in administrator (the navigation stays); alone before sign-in. */
function SettingsRoute() {
  const session = useSessionStore((s) => s.session);
  const loading = useSessionStore((s) => s.status === 'loading');
  // Until the session is known, neither tree: the admin's Shell arriving later would mount Settings anew and close a
  // dialog opened in the meantime (a reload of /settings, then Safety at once).
  if (loading && !session) return <CenteredMessage busy>{VERIFYING_ACCESS_TEXT}</CenteredMessage>;
  return session?.roles.includes('admin') ? (
    <Shell>
      <SettingsPage />
    </Shell>
  ) : (
    <SettingsPage />
  );
}

function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomeRedirect />} />
      <Route path="/auth" element={<AuthPage />} />
      <Route path="/settings" element={<SettingsRoute />} />
      <Route element={<RequireSignedIn />}>
        <Route path="/dashboard" element={<UserDashboardPage />} />
        <Route path="/toolkit" element={<ToolkitRoute />} />
      </Route>
      <Route
        path="/admin"
        element={
          <RequireRole roles={['admin']}>
            <Shell />
          </RequireRole>
        }
      >
        <Route index element={<Navigate to="dashboard" replace />} />
        {ADMIN_ROUTES.map((r) => {
          const Screen = SCREENS[r.path];
          return <Route key={r.path} path={r.path} element={Screen ? <Screen /> : <NotBuilt title={r.title} />} />;
        })}
        <Route path="*" element={<NotFound />} />
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

export function App() {
  const load = useSessionStore((s) => s.load);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <QueryClientProvider client={createQueryClientOnce()}>
      <ThemeFollower />
      <WindowBack />
      <TooltipProvider>
        <SafetyFrame>
          <RouterProvider router={createRouterOnce()} />
        </SafetyFrame>
      </TooltipProvider>
      <Toaster />
    </QueryClientProvider>
  );
}

let queryClient: QueryClient | undefined;
function createQueryClientOnce(): QueryClient {
  queryClient ??= createQueryClient();
  return queryClient;
}

/**
 * A data router (needed by useBlocker, so that leaving unsaved changes asks on browser back and forward too) with
 * one catch-all route: the routes themselves stay the declarative <Routes> above.
 */
function RouterRoot() {
  useWindowTitle();
  return (
    <>
      <MainEvents />
      <DeepLinks />
      <BrowserNotifications />
      <LeaveGuardHost />
      <AppRoutes />
    </>
  );
}

let router: ReturnType<typeof createBrowserRouter> | undefined;
function createRouterOnce() {
  router ??= createBrowserRouter([{ path: '*', element: <RouterRoot /> }]);
  return router;
}
