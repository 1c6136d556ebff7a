import { Link } from '../../app/Link.tsx';
import { useUserInfo } from '../account/use-mine.ts';

/**
 * Said before 立即支付, not after it: paying needs a verified real name (the minors' rules, server
 * side), so a player without one reads it on the checkout with the way to 实名认证. The server's
 * refusal stays the rule; this only tells it in advance (docs/decisions.md "Flow friction").
 */
export const PAY_NEEDS_REAL_NAME = '根据国家相关规定，充值前需完成实名认证，认证后即可支付';

export function RealNameNotice() {
  const info = useUserInfo();
  if (info.data?.real_name !== 0) return null;
  return (
    <section className="checkout__card checkout__notice" aria-label="实名认证">
      <p className="checkout__notice-text">{PAY_NEEDS_REAL_NAME}</p>
      <Link className="checkout__button checkout__button--small" to="/realnamecertificateone">
        去实名认证
      </Link>
    </section>
  );
}
