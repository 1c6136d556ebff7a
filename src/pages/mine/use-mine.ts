import { useMachine, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { logoutMachine } from '../../../machines/logout.machine.ts';
import { withLoading } from '../../app/loading.ts';
import { useRefreshOnProfileChange } from '../../app/profile-version.ts';
import { hasPage } from '../../app/routes.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { showToast } from '../../app/toast.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';

/** /api/user/getUserInfo (server/routes/auth-account.ts): the phone comes masked. */
export interface UserInfo {
  uuid: string;
  nickname: string;
  avatar: string;
  phone: string;
  coins: number;
  points: number;
  has_password: boolean;
  /** 0 unknown, 1 male, 2 female (issue 11 profile). */
  sex: 0 | 1 | 2;
  /** YYYY-MM-DD or null. */
  birthday: string | null;
}

export const USER_INFO_CALL = '/api/user/getUserInfo';
export const LOGOUT_CALL = '/api/user/logout';
const SIGNED_OUT_MESSAGE = '已退出登录';

export interface MineEntry {
  to: string;
  label: string;
  /** Shown only inside the native wrapper (SPEC §4: the download list works only there). */
  wrapperOnly?: boolean;
}

/** Account areas of the mine page; an area whose page is not built yet stays hidden. */
const ENTRIES: readonly MineEntry[] = [
  { to: '/downlist', label: '下载管理', wrapperOnly: true },
  { to: '/service', label: '联系客服' },
  { to: '/aboutus', label: '关于我们' },
];

export function useMineEntries(): readonly MineEntry[] {
  const runtime = useRuntime();
  const insideWrapper = runtime.downloads !== null;
  return useMemo(() => ENTRIES.filter((entry) => hasPage(entry.to) && (!entry.wrapperOnly || insideWrapper)), [insideWrapper]);
}

export function useSignedInNickname(): string {
  const runtime = useRuntime();
  return useSelector(runtime.session, (snapshot) => snapshot.context.credentials?.nickname ?? '');
}

/** The signed-in player's info; reloaded when the profile changed (src/app/profile-version.ts). */
export function useUserInfo() {
  const info = useRemoteData<UserInfo>('userInfo', USER_INFO_CALL);
  useRefreshOnProfileChange(info.refresh);
  return info;
}

export function useOpenLogin() {
  const runtime = useRuntime();
  return () => runtime.openLogin();
}

/** '退出登录': confirm, call logout under the loading overlay, then sign out here. */
export function useLogout() {
  const runtime = useRuntime();
  const machine = useMemo(
    () =>
      logoutMachine.provide({
        actors: { logout: fromPromise<unknown>(() => withLoading(runtime.loading, () => runtime.api.call(LOGOUT_CALL))) },
        actions: {
          signOut: () => {
            runtime.session.send({ type: 'session.signedOut' });
            showToast(SIGNED_OUT_MESSAGE);
          },
        },
      }),
    [runtime],
  );
  const [snapshot, send] = useMachine(machine, { inspect: runtime.inspect });
  return {
    confirming: snapshot.matches('confirming'),
    busy: snapshot.hasTag('busy'),
    ask: () => send({ type: 'ui.logout' }),
    confirm: () => send({ type: 'ui.confirm' }),
    cancel: () => send({ type: 'ui.cancel' }),
  };
}
