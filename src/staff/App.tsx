import { useCallback, useEffect, useState } from 'react';
import { Route, Router, Switch, useLocation } from 'wouter';
import { App as AntdApp, Spin } from 'antd';
import { me, type StaffMe } from '../../api/protocol/staff/auth.ts';
import { STAFF_CODE } from '../../api/protocol/staff-codes.ts';
import { modulesFor } from './modules.ts';
import { Shell } from './Shell.tsx';
import { SignInPage } from './SignInPage.tsx';
import { useStaffClient } from './runtime-context.tsx';

type SessionState = { kind: 'loading' } | { kind: 'signedOut' } | { kind: 'signedIn'; me: StaffMe };

export const STAFF_BASE = '/staff';

function Routes() {
  const [state, setState] = useState<SessionState>({ kind: 'loading' });
  const [location, navigate] = useLocation();
  const client = useStaffClient();
  const { message } = AntdApp.useApp();

  const signedIn = useCallback(
    (me: StaffMe) => {
      client.setCsrfToken(me.csrf_token);
      setState({ kind: 'signedIn', me });
    },
    [client],
  );

  useEffect(() => {
    const stopListening = client.onSignedOut((msg) => {
      setState((current) => {
        // Only a session that was live is news; the first check after a load says nothing.
        if (current.kind === 'signedIn') void message.warning(msg);
        return { kind: 'signedOut' };
      });
    });
    let live = true;
    void client.call(me, {}).then((answer) => {
      if (!live) return;
      if (answer.code === STAFF_CODE.ok) signedIn(answer.data);
      else setState({ kind: 'signedOut' });
    });
    return () => {
      live = false;
      stopListening();
    };
  }, [client, signedIn, message]);

  const home = state.kind === 'signedIn' ? `/${modulesFor(state.me.role)[0]?.id ?? ''}` : '/login';
  useEffect(() => {
    if (state.kind === 'signedOut' && location !== '/login') navigate('/login', { replace: true });
    if (state.kind === 'signedIn' && (location === '/login' || location === '/')) navigate(home, { replace: true });
  }, [state.kind, location, home, navigate]);

  if (state.kind === 'loading') {
    return (
      <div className="staff-center">
        <Spin />
      </div>
    );
  }
  if (state.kind === 'signedOut') return <SignInPage onSignedIn={signedIn} />;
  return (
    <Switch>
      <Route path="/login">{null}</Route>
      <Route>
        <Shell me={state.me} onSignedOut={() => setState({ kind: 'signedOut' })} />
      </Route>
    </Switch>
  );
}

export function StaffApp() {
  return (
    <Router base={STAFF_BASE}>
      <Routes />
    </Router>
  );
}
