import { sharedBridge } from '../../../bridge/adapter.ts';
import { isInsideWrapper } from '../../../bridge/device-info.ts';
import type { AppRuntime } from '../../app/runtime.ts';
import { showToast } from '../../app/toast.ts';
import { copyText } from '../../app/clipboard.ts';
import * as calls from '../../../api/protocol/call-refs.ts';
import { request } from '../../../api/typed-call.ts';

/**
 * 分享 on /gamedetail (分享一款游戏): the player's share link for the game
 * (getShareLink: /gamedetail with `share` in its data). Inside the wrapper the bridge's `share`
 * opens the system sheet (docs/bridge-protocol.md); in a browser the link is copied. The task
 * moves only when ANOTHER signed-in player opens the link (reportShareVisit from their page).
 * Loaded on the first tap, so the game page's chunk stays small.
 */

export const SHARE_MESSAGES = { copied: '链接已复制，发给好友一起玩吧', failed: '分享失败，请稍后重试' } as const;

export async function shareGame(runtime: AppRuntime, game: { game_id: number; name: string; icon: string }): Promise<void> {
  const answer = await request(runtime.api, calls.tasks.getShareLink, { game_id: game.game_id });
  if (answer.kind !== 'ok' || !answer.data || typeof answer.data.url !== 'string') {
    if (answer.kind === 'error') showToast(SHARE_MESSAGES.failed);
    return;
  }
  const url = new URL(answer.data.url, window.location.href).href;
  if (isInsideWrapper(runtime.device)) {
    const payload = JSON.stringify({ title: answer.data.title, content: `我在玩「${game.name}」，一起来吧`, url, image: new URL(game.icon, window.location.href).href });
    const opened = await sharedBridge(window).call('share', payload);
    if (!opened.ok) showToast(SHARE_MESSAGES.failed);
    return;
  }
  showToast((await copyText(url)) ? SHARE_MESSAGES.copied : SHARE_MESSAGES.failed);
}
