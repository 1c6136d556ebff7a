import { Link } from '../../app/Link.tsx';
import { useNavigate, useSignedIn } from '../../app/use-navigation.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { MoneySignIn } from '../../features/money/money-parts.tsx';
import '../../features/trade-sell/trade-sell.css';
import { useSellGames } from '../../features/trade-sell/use-sell-games.ts';
import { EmptyState } from '../../components/list/ListStates.tsx';

/**
 * /selectgameplotform (选择游戏平台): the platforms on which the player has sub-accounts
 * (getSellGames), each with its count of games and sellable sub-accounts → /selectplotformgame.
 * None yet: how a sub-account comes to exist (a top-up of a game makes one).
 */

export const NO_SUB_ACCOUNTS = '你还没有可出售的小号。在平台内为游戏充值后，平台会记录对应的游戏小号；小号创建满规定天数且累计充值达标后即可出售。';

export default function SelectGamePlatformPage() {
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  return (
    <div className="money-page">
      <PageHeader title="选择游戏平台" onBack={() => navigate('back')} />
      {signedIn ? <Platforms /> : <MoneySignIn text="登录后选择要出售的小号" />}
    </div>
  );
}

function Platforms() {
  const sell = useSellGames();
  if (sell.failed) return <LoadFailed message={sell.error} onRetry={sell.retry} />;
  if (!sell.games) return <div className="skeleton money-skeleton" aria-busy="true" aria-label="加载中" />;
  const platforms = sell.games.platforms.filter((platform) => platform.games.some((game) => game.sub_accounts.length > 0));
  if (platforms.length === 0) {
    return (
<EmptyState message={NO_SUB_ACCOUNTS} action={{ label: '去玩游戏', to: '/' }} />
    );
  }
  return (
    <section className="money-section" aria-label="游戏平台">
      <ul className="ts-list">
        {platforms.map((platform) => {
          const subs = platform.games.flatMap((game) => game.sub_accounts);
          return (
            <li key={platform.id}>
              <Link className="ts-row" to="/selectplotformgame" data={{ platform_id: platform.id }} aria-label={platform.name}>
                <div className="ts-row__main">
                  <p className="ts-row__title">{platform.name}</p>
                  <p className="ts-row__meta">
                    {platform.games.length}款游戏 · {subs.length}个小号，{subs.filter((s) => s.eligible).length}个可出售
                  </p>
                </div>
                <span className="ts-row__side">›</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
