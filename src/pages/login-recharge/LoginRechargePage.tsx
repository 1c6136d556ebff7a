import type { PageProps } from '../../app/routes.ts';
import { useNavigate, useSignedIn } from '../../app/use-navigation.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SignInPrompt } from '../../features/account-security/account-parts.tsx';
import { RoleTopUp } from '../../features/payment/RoleTopUp.tsx';
import { decodeLoginRechargeData } from '../../features/payment/route-inputs.ts';
import '../../features/payment/checkout.css';

/**
 * /loginrecharge (登录充值): the cashier a game opens from inside itself with
 * { platform_game_id, role_id?, amount_cents, subject? }. The player signs in to the box first,
 * confirms the role and the amount, then pays on /rechargepay like any top-up.
 */
export default function LoginRechargePage({ data }: PageProps) {
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const request = decodeLoginRechargeData(data);
  return (
    <div className="page checkout">
      <PageHeader title="登录充值" />
      {!request ? (
        <div className="pay-result" role="alert">
          <p className="pay-result__title">充值信息有误</p>
          <p className="pay-result__text">请回到游戏内重新发起充值</p>
          <div className="pay-result__actions">
            <button type="button" className="checkout__button" onClick={() => navigate('back')}>
              返回
            </button>
          </div>
        </div>
      ) : signedIn ? (
        <RoleTopUp platformGameId={request.platform_game_id} initialRoleId={request.role_id} initialAmountCents={request.amount_cents} subject={request.subject} />
      ) : (
        <SignInPrompt text="登录乐玩账号后即可为游戏角色充值" />
      )}
    </div>
  );
}
