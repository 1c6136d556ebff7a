import type { PageProps } from '../../app/routes.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { gameIdsOf } from '../../components/game/game-ids.ts';
import { MissingGame } from '../../components/game/MissingGame.tsx';
import { copyWithToast } from '../../app/clipboard.ts';
import { CodeSheet } from './CodeSheet.tsx';
import { remainingPercent, validityText, type GiftPack } from './gift-list.ts';
import { getGiftList } from '../../../api/protocol/calls/game.ts';
import { useClaim } from '../../features/games/use-claim.ts';
import { claimInputOf, remainingAfterClaim } from '../../../machines/gift-claim.connect.ts';
import './game-gift.css';
import { EmptyState } from '../../components/list/ListStates.tsx';
import * as calls from '../../../api/protocol/call-refs.ts';

/** /gamegift: every gift pack of one game; '领取' claims, the code shows big with '复制'. */

const GIFT_PAGE_LIMIT = 50;

function GiftRow({ pack }: { pack: GiftPack }) {
  const claim = useClaim('gift', calls.game.receiveGift, { gift_id: pack.gift_id }, claimInputOf(pack));
  const remaining = remainingAfterClaim(pack, claim.status);
  const percent = remainingPercent({ total: pack.total, remaining });
  return (
    <li className="gift-row" data-testid={`gift-${pack.gift_id}`}>
      <div className="gift-row__main">
        <h3 className="gift-row__name">
          {pack.name}
          {pack.vip_level > 0 && <span className="gift-row__vip">VIP{pack.vip_level}</span>}
        </h3>
        <p className="gift-row__content">{pack.content}</p>
        {pack.usage && <p className="gift-row__usage">使用方法：{pack.usage}</p>}
        <p className="gift-row__valid">{validityText(pack)}</p>
        <div className="gift-row__progress" role="progressbar" aria-label="剩余" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
          <span className="gift-row__bar" style={{ width: `${percent}%` }} />
        </div>
        <p className="gift-row__remaining">
          剩余 {remaining}/{pack.total}
        </p>
        {claim.code && (
          <p className="gift-row__code">
            礼包码：<span className="gift-row__code-text">{claim.code}</span>
            <button type="button" className="gift-row__copy" onClick={() => void copyWithToast(claim.code!)}>
              复制
            </button>
          </p>
        )}
      </div>
      <button type="button" className={`claim-button claim-button--${claim.status}`} disabled={claim.disabled} onClick={claim.press}>
        {claim.label}
      </button>
      {claim.sheetOpen && claim.code && <CodeSheet title={pack.name} code={claim.code} onClose={claim.closeCode} />}
    </li>
  );
}

export default function GameGiftPage({ data }: PageProps) {
  const ids = gameIdsOf(data);
  return ids?.game_id ? <GiftList gameId={ids.game_id} /> : <MissingGame title="游戏礼包" />;
}

function GiftList({ gameId }: { gameId: number }) {
  const navigate = useNavigate();
  const remote = useRemoteData('giftList', getGiftList, { game_id: gameId, page: 1, limit: GIFT_PAGE_LIMIT });
  const packs = remote.data?.list ?? [];
  return (
    <div className="game-gift">
      <PageHeader title="游戏礼包" onBack={() => navigate('back')} />
      {remote.failed ? (
        <LoadFailed message={remote.error} onRetry={remote.retry} />
      ) : remote.loading ? (
        <div className="game-gift__skeleton" aria-busy="true" aria-label="加载中">
          <div className="skeleton skeleton--block" />
        </div>
      ) : packs.length === 0 ? (
        <EmptyState message="暂无礼包" />
      ) : (
        <ul className="game-gift__list" aria-label="礼包列表">
          {packs.map((pack) => (
            <GiftRow key={pack.gift_id} pack={pack} />
          ))}
        </ul>
      )}
    </div>
  );
}
