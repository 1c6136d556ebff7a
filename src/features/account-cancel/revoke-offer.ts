import { confirm } from '../../components/ConfirmDialog.tsx';
import type { CancellationView } from '../../../api/protocol/calls/account-cancel.ts';
import { request } from '../../../api/typed-call.ts';
import type { AppRuntime } from '../../app/runtime.ts';
import { readyImperativeRender } from '../../app/toast.ts';
import { formatChinaTime } from './china-time.ts';
import * as calls from '../../../api/protocol/call-refs.ts';

/**
 * Signing in during the cancellation cooling-off: a dialog offers to revoke.
 * 撤销注销 ends the cooling-off; 继续注销 signs out (the cancellation goes ahead on its date).
 * Part of the login feature's chunk; shown only when the sign-in answer carries a cancellation.
 */

export const REVOKE_OFFER = {
  title: '您的账号正在注销中',
  content: (effectiveAt: string) => `账号将于 ${formatChinaTime(effectiveAt)} 完成注销。撤销注销后，账号将恢复正常使用。`,
  revoke: '撤销注销',
  proceed: '继续注销',
  revoked: '已撤销注销，账号已恢复正常',
  signedOut: '已退出登录，账号将按期完成注销',
} as const;

export type RevokeChoice = 'revoke' | 'proceed';

/** Asks the player; the app's is the confirm dialog, tests answer directly. */
export type AskRevoke = (content: { title: string; content: string; revoke: string; proceed: string }) => Promise<RevokeChoice>;

export type RevokeOfferRuntime = Pick<AppRuntime, 'api' | 'session'> & { toast(message: string): void };

export async function offerRevoke(runtime: RevokeOfferRuntime, cancellation: Pick<CancellationView, 'effective_at'>, ask: AskRevoke = askWithDialog): Promise<'revoked' | 'signedOut' | 'failed'> {
  const choice = await ask({ title: REVOKE_OFFER.title, content: REVOKE_OFFER.content(cancellation.effective_at), revoke: REVOKE_OFFER.revoke, proceed: REVOKE_OFFER.proceed });
  if (choice === 'revoke') {
    const outcome = await request(runtime.api, calls.accountCancel.revokeCancel, {});
    if (outcome.kind !== 'ok') return 'failed'; // -1 answers are toasted by the session machine
    runtime.toast(REVOKE_OFFER.revoked);
    return 'revoked';
  }
  // Signing out ends this session on the server too; the local sign-out happens whatever it answers.
  await request(runtime.api, calls.user.logout, {});
  runtime.session.send({ type: 'session.signedOut' });
  runtime.toast(REVOKE_OFFER.signedOut);
  return 'signedOut';
}

/** Two ways on rather than a yes/no: 撤销 stacked above the way out, neither dismissable but by its button. */
async function askWithDialog(content: Parameters<AskRevoke>[0]): Promise<RevokeChoice> {
  await readyImperativeRender();
  const revoke = await confirm({ title: content.title, content: content.content, confirmText: content.revoke, cancelText: content.proceed, stacked: true });
  return revoke ? 'revoke' : 'proceed';
}
