import type { PageProps } from '../../app/routes.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RoleTopUp } from '../../features/payment/RoleTopUp.tsx';
import { decodeGameTopUpData } from '../../features/payment/route-inputs.ts';
import '../../features/payment/checkout.css';

/** /autorechargehao (自助充值, step 2): the game's sub-account and role, the amount → /rechargepay. */
export default function AutoRechargeHaoPage({ data }: PageProps) {
  const navigate = useNavigate();
  const game = decodeGameTopUpData(data);
  return (
    <div className="page checkout">
      <PageHeader title="自助充值" />
      {game ? (
        <RoleTopUp platformGameId={game.platform_game_id} />
      ) : (
        <div className="pay-result" role="alert">
          <p className="pay-result__title">请选择充值游戏</p>
          <div className="pay-result__actions">
            <button type="button" className="checkout__button" onClick={() => navigate('/autorecharge', null, { replace: true })}>
              选择游戏
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
