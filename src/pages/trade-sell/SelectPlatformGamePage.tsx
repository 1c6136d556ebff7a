import type { PageProps } from '../../app/routes.ts';
import { Link } from '../../app/Link.tsx';
import { useNavigate, useSignedIn } from '../../app/use-navigation.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { MoneySignIn } from '../../features/money/money-parts.tsx';
import { subAccountFacts } from '../../features/trade-sell/trade-sell-parts.tsx';
import { useSellGames } from '../../features/trade-sell/use-sell-games.ts';
import { NO_SUB_ACCOUNTS } from './SelectGamePlatformPage.tsx';
import { EmptyState } from '../../components/list/ListStates.tsx';

/**
 * /selectplotformgame (选择游戏和小号), data { platform_id }: the platform's games, each with the
 * player's sub-accounts (天数, 累计充值) and whether it can be sold or why not. An eligible one →
 * /sellgoodsinfo { sub_account_id }; one already listed links to 我的出售.
 */

export const PLATFORM_MISSING = '没有找到这个游戏平台';

export default function SelectPlatformGamePage({ data }: PageProps) {
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const platformId = typeof data?.platform_id === 'number' ? data.platform_id : Number(data?.platform_id);
  return (
    <div className="money-page">
      <PageHeader title="选择游戏和小号" onBack={() => navigate('back')} />
      {signedIn ? <Games platformId={Number.isSafeInteger(platformId) ? platformId : 0} /> : <MoneySignIn text="登录后选择要出售的小号" />}
    </div>
  );
}

function Games({ platformId }: { platformId: number }) {
  const sell = useSellGames();
  if (sell.failed) return <LoadFailed message={sell.error} onRetry={sell.retry} />;
  if (!sell.games) return <div className="skeleton money-skeleton" aria-busy="true" aria-label="加载中" />;
  const platform = sell.games.platforms.find((p) => p.id === platformId);
  if (!platform) {
    return (
<EmptyState message={PLATFORM_MISSING} action={{ label: '重新选择平台', to: '/selectgameplotform', replace: true }} />
    );
  }
  const games = platform.games.filter((game) => game.sub_accounts.length > 0);
  if (games.length === 0) return <EmptyState message={NO_SUB_ACCOUNTS} />;
  return (
    <>
      {games.map((game) => (
        <section key={game.platform_game_id} className="money-section" aria-label={game.game_name}>
          <div className="ts-row" style={{ paddingTop: 0 }}>
            <img className="ts-row__icon" src={game.game_icon} alt="" loading="lazy" />
            <div className="ts-row__main">
              <p className="ts-row__title">{game.game_name}</p>
              <p className="ts-row__meta">{game.sub_accounts.length}个小号</p>
            </div>
          </div>
          {game.sub_accounts.map((sub) =>
            sub.eligible ? (
              <Link key={sub.id} className="ts-sub" to="/sellgoodsinfo" data={{ sub_account_id: sub.id }} aria-label={`出售 ${sub.name}`}>
                <span>
                  <span className="ts-sub__name">{sub.name}</span> <span className="ts-sub__facts">{subAccountFacts(sub)}</span>
                </span>
                <span className="ts-sub__go">去出售 ›</span>
              </Link>
            ) : sub.listing_id !== null ? (
              <Link key={sub.id} className="ts-sub" to="/sellaccount" aria-label={`${sub.name} 已在出售中`}>
                <span>
                  <span className="ts-sub__name">{sub.name}</span> <span className="ts-sub__facts">{subAccountFacts(sub)}</span>
                  <span className="ts-sub__reason">{sub.reason}</span>
                </span>
                <span className="ts-sub__go">查看商品 ›</span>
              </Link>
            ) : (
              <div key={sub.id} className="ts-sub" aria-disabled="true" aria-label={`${sub.name} 不可出售`}>
                <span>
                  <span className="ts-sub__name">{sub.name}</span> <span className="ts-sub__facts">{subAccountFacts(sub)}</span>
                  <span className="ts-sub__reason">{sub.reason}</span>
                </span>
              </div>
            ),
          )}
        </section>
      ))}
    </>
  );
}
