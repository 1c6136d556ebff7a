import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { logoutMachine } from '../../../machines/logout.machine.ts';
import { withLoading } from '../../app/loading.ts';
import { useRefreshOnProfileChange } from '../../app/profile-version.ts';
import { hasPage } from '../../app/routes.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useFeatureActor } from '../../app/use-feature-actor.ts';
import { showToast } from '../../app/toast.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import * as calls from '../../../api/protocol/call-refs.ts';
import { request } from '../../../api/typed-call.ts';

/** /api/user/getUserInfo (server/accounts/auth-account.ts): the phone comes masked. */
export interface UserInfo {
  uuid: string;
  nickname: string;
  avatar: string;
  phone: string;
  coins: number;
  points: number;
  has_password: boolean;
  /** 0 unknown, 1 male, 2 female. */
  sex: 0 | 1 | 2;
  /** YYYY-MM-DD or null. */
  birthday: string | null;
  /** 1 once the player passed real-name verification (server/accounts/real-name.ts). */
  real_name: 0 | 1;
}

export const USER_INFO_CALL = calls.user.getUserInfo;
export const LOGOUT_CALL = calls.user.logout;
const SIGNED_OUT_MESSAGE = '已退出登录';

export type MineIcon = 'favourite' | 'coupon' | 'gift' | 'wallet' | 'task' | 'invite' | 'download' | 'trade' | 'message';

export interface MineEntry {
  to: string;
  label: string;
  /** The route's data (the favourites list is a view of /mine: docs/decisions.md). */
  data?: { view: string };
  /** Shortcuts of the grid carry an icon; the list below has none. */
  icon?: MineIcon;
  /** Shown only inside the native wrapper (SPEC §4: the download list works only there). */
  wrapperOnly?: boolean;
}

/** The favourites list: a view of /mine (SPEC has no favourites route). */
export const FAVOURITES_VIEW = 'favourites';

/**
 * The hub's shortcuts (a grid with icons) and its list, in a Chinese game box's order. An entry
 * shows only once its page exists (hasPage), so each shortcut lights up when its page lands.
 * 礼包 has no route of its own in SPEC (/gamegift is one game's): it waits for a 'my gifts' page.
 */
const SHORTCUTS: readonly MineEntry[] = [
  { to: '/mine', data: { view: FAVOURITES_VIEW }, label: '我的收藏', icon: 'favourite' },
  { to: '/mycoupon', label: '代金券', icon: 'coupon' },
  { to: '/mywallet', label: '我的钱包', icon: 'wallet' },
  { to: '/dailymission', label: '每日任务', icon: 'task' },
  { to: '/invitatefriend', label: '邀请好友', icon: 'invite' },
  { to: '/downlist', label: '下载管理', icon: 'download', wrapperOnly: true },
  { to: '/traderecord', label: '交易记录', icon: 'trade' },
  { to: '/infocenter', label: '消息中心', icon: 'message' },
];

const LIST: readonly MineEntry[] = [
  { to: '/myprivilege', label: '我的特权' },
  { to: '/otherpage', label: '更多服务' },
  { to: '/commonproblem', label: '常见问题' },
  { to: '/commonback', label: '意见反馈' },
  { to: '/accountsetting', label: '账号设置' },
  { to: '/service', label: '联系客服' },
  { to: '/aboutus', label: '关于我们' },
];

/** The header's gear: /accountsetting, once it exists. */
export const SETTINGS_PATH = '/accountsetting';

export function visibleEntries(entries: readonly MineEntry[], insideWrapper: boolean, exists: (path: string) => boolean = hasPage): MineEntry[] {
  return entries.filter((entry) => exists(entry.to) && (!entry.wrapperOnly || insideWrapper));
}

export function useMineEntries(): { shortcuts: readonly MineEntry[]; list: readonly MineEntry[]; settings: boolean } {
  const runtime = useRuntime();
  const insideWrapper = runtime.downloads !== null;
  return useMemo(
    () => ({ shortcuts: visibleEntries(SHORTCUTS, insideWrapper), list: visibleEntries(LIST, insideWrapper), settings: hasPage(SETTINGS_PATH) }),
    [insideWrapper],
  );
}

export function useSignedInNickname(): string {
  const runtime = useRuntime();
  return useSelector(runtime.session, (snapshot) => snapshot.context.credentials?.nickname ?? '');
}

/** The signed-in player's info; reloaded when the profile changed (src/app/profile-version.ts). */
export function useUserInfo() {
  const info = useRemoteData('userInfo', USER_INFO_CALL);
  useRefreshOnProfileChange(info.refresh);
  // getUserInfo's answer is declared without a type yet (answer<unknown>): the page reads it as UserInfo
  return { ...info, data: info.data as UserInfo | null };
}

export function useOpenLogin() {
  const runtime = useRuntime();
  return () => runtime.openLogin();
}

/** '退出登录': confirm, call logout under the loading overlay, then sign out here. */
export function useLogout() {
  const runtime = useRuntime();
  const actor = useFeatureActor(logoutMachine, {
    implementations: {
      actors: { logout: fromPromise<unknown>(() => withLoading(runtime.loading, () => request(runtime.api, LOGOUT_CALL, {}))) },
      actions: {
        signOut: () => {
          runtime.session.send({ type: 'session.signedOut' });
          showToast(SIGNED_OUT_MESSAGE);
        },
      },
    },
  });
  const snapshot = useSelector(actor, (current) => current);
  const send = actor.send;
  return {
    confirming: snapshot.matches('confirming'),
    busy: snapshot.hasTag('busy'),
    ask: () => send({ type: 'ui.logout' }),
    confirm: () => send({ type: 'ui.confirm' }),
    cancel: () => send({ type: 'ui.cancel' }),
  };
}
