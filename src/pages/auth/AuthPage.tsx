import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import type { LoginPanel } from '../../../machines/login-overlay.selectors.ts';
import type { PagePanel } from '../../../machines/login-overlay.types.ts';
import { returnLocation } from '../../app/last-route.ts';
import type { PageProps } from '../../app/routes.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { showToast } from '../../app/toast.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { useDeferredActor } from '../../features/deferred-actor.ts';
import type { LoginOverlayActor } from '../../features/login/login-runtime.ts';
import { loadLoginPageView } from '../../features/login/LoginOverlayHost.tsx';
import './auth-page.css';

/**
 * /login, /register, /findpassword and /resetpassword: the login overlay's machine and panels as
 * full pages. The route opens its panel; the URL follows the panel as the player moves
 * (3 → 4 is /login → /findpassword, 4 → 5 is /resetpassword, a reset's 5 → 3 is /login again), each
 * move replacing the entry, so the flow is one step of history. Signing in returns to the last
 * route (RouterHistoryAfter) or /mine; the close button goes back; leaving the flow closes it.
 */

export type AuthRoute = '/login' | '/register' | '/findpassword' | '/resetpassword';

export const AUTH_MESSAGES = {
  alreadySignedIn: '您已登录',
  verifyFirst: '请先验证手机号',
} as const;

const PANEL_OF_ROUTE: Record<Exclude<AuthRoute, '/resetpassword'>, PagePanel> = { '/login': 'sms', '/register': 'register', '/findpassword': 'recover' };
const ROUTE_OF_PANEL: Record<LoginPanel, AuthRoute> = { 1: '/login', 2: '/login', 3: '/login', 4: '/findpassword', 5: '/resetpassword', 6: '/register' };
const AUTH_ROUTES: ReadonlySet<string> = new Set(Object.values(ROUTE_OF_PANEL));

type Snapshot = ReturnType<LoginOverlayActor['getSnapshot']>;
const selectPagePanel = (s: Snapshot): LoginPanel | null => {
  if (!s.matches('open') || s.context.presentation !== 'page') return null;
  for (const [state, panel] of [['sms', 1], ['code', 2], ['password', 3], ['recover', 4], ['newPassword', 5], ['register', 6]] as const) if (s.matches({ open: state })) return panel;
  return null;
};

const LoginPageView = lazy(loadLoginPageView);

function Loading() {
  return (
    <div className="auth-page__loading" role="status" aria-busy="true">
      加载中…
    </div>
  );
}

export function AuthPage({ route, data }: PageProps & { route: AuthRoute }) {
  const runtime = useRuntime();
  const overlay = useDeferredActor(runtime.loginOverlay);
  useEffect(() => void runtime.loginOverlay.load?.().catch(() => {}), [runtime]);
  return <div className="page auth-page">{overlay ? <AuthFlow overlay={overlay} route={route} data={data} /> : <Loading />}</div>;
}

function AuthFlow({ overlay, route, data }: PageProps & { route: AuthRoute; overlay: LoginOverlayActor }) {
  const runtime = useRuntime();
  const navigate = useNavigate();
  const panel = useSelector(overlay, selectPagePanel);
  const dataRef = useRef(data);
  dataRef.current = data;

  // Arriving: a signed-in player is shown the way on; otherwise the route's panel opens (unless the
  // flow is already on it, e.g. /login → /findpassword as 'forgot password' moved the panel).
  useEffect(() => {
    const signedIn = runtime.session.getSnapshot().hasTag('signedIn');
    const shown = selectPagePanel(overlay.getSnapshot());
    if (signedIn && (route === '/login' || route === '/register')) {
      showToast(AUTH_MESSAGES.alreadySignedIn);
      navigate(returnLocation(dataRef.current, window.localStorage).path, returnLocation(dataRef.current, window.localStorage).data, { replace: true });
      return;
    }
    if (shown !== null && ROUTE_OF_PANEL[shown] === route) return;
    if (route === '/resetpassword') {
      // Panel 5 is reached from 4 once the code is verified; a direct visit starts there.
      showToast(AUTH_MESSAGES.verifyFirst);
      navigate('/findpassword', dataRef.current, { replace: true });
      return;
    }
    overlay.send({ type: 'ui.page.open', panel: PANEL_OF_ROUTE[route] });
  }, [overlay, route, runtime, navigate]);

  // The URL follows the panel.
  useEffect(() => {
    if (panel !== null && ROUTE_OF_PANEL[panel] !== route) navigate(ROUTE_OF_PANEL[panel], dataRef.current, { replace: true });
  }, [panel, route, navigate]);

  // Closing: a sign-in returns the player to where they came from, the close button goes back.
  // Read in a subscription, before the sign-in's soft reload renders this page again.
  useEffect(() => {
    let wasOpen = selectPagePanel(overlay.getSnapshot()) !== null;
    const subscription = overlay.subscribe((snapshot) => {
      const open = selectPagePanel(snapshot) !== null;
      if (wasOpen && snapshot.matches('closed')) {
        if (runtime.session.getSnapshot().hasTag('signedIn')) {
          const to = returnLocation(dataRef.current, window.localStorage);
          navigate(to.path, to.data, { replace: true });
        } else navigate('back');
      }
      wasOpen = open;
    });
    return () => {
      subscription.unsubscribe();
      // Leaving the flow (tab bar, browser back) closes it; moving between its pages does not.
      if (!AUTH_ROUTES.has(window.location.pathname)) overlay.send({ type: 'ui.page.leave' });
    };
  }, [overlay, runtime, navigate]);

  return (
    <Suspense fallback={<Loading />}>
      <LoginPageView overlay={overlay} />
    </Suspense>
  );
}
