import { Link } from '../../app/Link.tsx';
import { useUserInfo } from '../account/use-mine.ts';

/**
 * Said before 立即支付, not after it: paying needs a verified real name (the minors' rules, server
 * side), so a player without one reads it on the checkout with the way to 实名认证. The server's
 * refusal stays the rule; this only tells it in advance (docs/decisions.md "Flow friction").
 */
export const PAY_NEEDS_REAL_NAME = '根据国家相关规定，充值前需完成实名认证，认证后即可支付';

/** Whether the signed-in player is known to lack a verified real name (false until getUserInfo answers). */
export function useLacksRealName(): boolean {
  return useUserInfo().data?.real_name === 0;
}

export function RealNameNotice() {
  return useLacksRealName() ? <RealNameNoticeCard /> : null;
}

/** The notice itself, for a page that already knows the player lacks the real name (it guards its own pay button too). */
export function RealNameNoticeCard({ message = PAY_NEEDS_REAL_NAME }: { message?: string }) {
  return (
    <section className="checkout__card checkout__notice" aria-label="实名认证">
      <p className="checkout__notice-text">{message}</p>
      <Link className="checkout__button checkout__button--small" to="/realnamecertificateone">
        去实名认证
      </Link>
    </section>
  );
}
