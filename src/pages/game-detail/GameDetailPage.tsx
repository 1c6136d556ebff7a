import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import type { PageProps } from '../../app/routes.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { DownloadButton } from '../../features/downloads/DownloadButton.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useClaim } from '../../features/games/use-claim.ts';
import { useFavourite } from './use-favourite.ts';
import { gameIdsOf } from '../../components/game/game-ids.ts';
import { chinaDay, chinaTime, decodeGameDetail, orderOpenServers, type GameDetail, type OpenServer } from '../../features/games/game-detail.ts';
import { MissingGame } from '../../components/game/MissingGame.tsx';
import { ScreenshotViewer } from './ScreenshotViewer.tsx';
import { ShareGameButton, useShareVisit } from '../../features/tasks/ShareGameButton.tsx';
import './game-detail.css';
import * as calls from '../../../api/protocol/call-refs.ts';

/**
 * /gamedetail and its variants (/gamedetailvip: VIP and first-recharge info first;
 * /gamedetailfold: folded description and details). SPEC §2 game pages.
 */

export type GameDetailVariant = 'default' | 'vip' | 'fold';

const OPEN_SERVERS_SHOWN = 4;
/** Screenshots on a phone's first screen: fetched at once, not when layout finds them (lazy loading waits for it). */
const SHOTS_ON_FIRST_SCREEN = 3;
const DESCRIPTION_FOLD_CHARS = 90;
/** A detail answer without a game (refused: the session machine toasts the server's reason). */
const GAME_MISSING = '游戏不存在或已下架';

type Ids = { game_id: number; platform_game_id: number };

function Header({ detail }: { detail: GameDetail }) {
  const { game } = detail;
  return (
    <section className="gd-head" aria-label="游戏信息">
      <img className="gd-head__icon" src={game.icon} alt="" width={72} height={72} decoding="async" />
      <div className="gd-head__info">
        <h1 className="gd-head__name">
          {game.name}
          {game.discount_text && <span className="gd-badge gd-badge--discount">{game.discount_text}</span>}
        </h1>
        <p className="gd-head__meta">
          <span className="gd-head__score">{game.score.toFixed(1)}分</span>
          {game.size_text && <span>{game.size_text}</span>}
          <span>{game.download_text}次下载</span>
        </p>
        <ul className="gd-head__tags" aria-label="标签">
          {game.tags.map((tag) => (
            <li key={tag} className="gd-tag">
              {tag}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Licence({ detail }: { detail: GameDetail }) {
  return (
    <section className="gd-licence" aria-label="版号信息">
      {detail.age_rating && (
        <span className="gd-age" title="适龄提示" aria-label={`适龄提示 ${detail.age_rating}`}>
          {detail.age_rating}
        </span>
      )}
      <dl className="gd-licence__list">
        {detail.licence_no && (
          <div>
            <dt>版号</dt>
            <dd>{detail.licence_no}</dd>
          </div>
        )}
        {detail.approval_no && (
          <div>
            <dt>审批文号</dt>
            <dd>{detail.approval_no}</dd>
          </div>
        )}
        {detail.developer && (
          <div>
            <dt>开发商</dt>
            <dd>{detail.developer}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

function VipInfo({ detail }: { detail: GameDetail }) {
  const platform = detail.platform;
  if (!platform || (!platform.vip_info && platform.first_recharge_discount === null)) return null;
  return (
    <section className="gd-vip" aria-label="VIP福利">
      {platform.first_recharge_discount !== null && <p className="gd-vip__recharge">首充 {platform.first_recharge_discount}折</p>}
      {platform.vip_info && <p className="gd-vip__info">{platform.vip_info}</p>}
    </section>
  );
}

function Screenshots({ detail }: { detail: GameDetail }) {
  const [viewing, setViewing] = useState<number | null>(null);
  const close = useCallback(() => setViewing(null), []);
  if (detail.screenshots.length === 0) return null;
  return (
    <section className="gd-section" aria-label="游戏截图">
      <ul className="gd-shots">
        {detail.screenshots.map((shot, index) => (
          <li key={shot.url} className="gd-shots__item">
            <button type="button" className="gd-shots__button" aria-label={`查看截图 ${index + 1}`} onClick={() => setViewing(index)}>
              <img className="gd-shots__image" src={shot.url} alt={shot.caption} width={135} height={240} loading={index < SHOTS_ON_FIRST_SCREEN ? 'eager' : 'lazy'} decoding="async" />
            </button>
          </li>
        ))}
      </ul>
      {viewing !== null && <ScreenshotViewer shots={detail.screenshots} start={viewing} onClose={close} />}
    </section>
  );
}

function Description({ text, folded }: { text: string; folded: boolean }) {
  const [open, setOpen] = useState(false);
  if (!text) return null;
  const long = text.length > DESCRIPTION_FOLD_CHARS;
  return (
    <section className={`gd-section gd-desc${folded ? ' gd-desc--fold' : ''}`} aria-label="游戏简介">
      <h2 className="gd-section__title">游戏简介</h2>
      <p className={`gd-desc__text${long && !open ? ' gd-desc__text--clamped' : ''}`}>{text}</p>
      {long && (
        <button type="button" className="gd-desc__toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? '收起' : '展开'}
        </button>
      )}
    </section>
  );
}

function OpenServers({ servers, ids }: { servers: readonly OpenServer[]; ids: Ids }) {
  const navigate = useNavigate();
  const ordered = useMemo(() => orderOpenServers(servers).slice(0, OPEN_SERVERS_SHOWN), [servers]);
  if (ordered.length === 0) return null;
  return (
    <section className="gd-section" aria-label="开服表">
      <div className="gd-section__head">
        <h2 className="gd-section__title">开服表</h2>
        <button type="button" className="gd-more" onClick={() => navigate('/openclothes', ids)}>
          查看全部
        </button>
      </div>
      <ul className="gd-servers">
        {ordered.map((server) => (
          <li key={server.id} className={`gd-server${server.opened ? ' gd-server--opened' : ''}`}>
            <span className="gd-server__time">
              {chinaDay(server.open_at)} {chinaTime(server.open_at)}
            </span>
            <span className="gd-server__name">{server.server_name}</span>
            <span className="gd-server__state">{server.opened ? '已开服' : '即将开服'}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Gifts({ detail, ids }: { detail: GameDetail; ids: Ids }) {
  const navigate = useNavigate();
  if (detail.gifts.count === 0) return null;
  return (
    <section className="gd-section" aria-label="礼包">
      <div className="gd-section__head">
        <h2 className="gd-section__title">礼包（{detail.gifts.count}）</h2>
        <button type="button" className="gd-more" onClick={() => navigate('/gamegift', ids)}>
          查看全部
        </button>
      </div>
      <ul className="gd-gifts">
        {detail.gifts.list.slice(0, 3).map((gift) => (
          <li key={gift.gift_id} className="gd-gift">
            <strong className="gd-gift__name">{gift.name}</strong>
            <span className="gd-gift__content">{gift.content}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Coupons({ detail, ids }: { detail: GameDetail; ids: Ids }) {
  const navigate = useNavigate();
  if (detail.coupons.count === 0) return null;
  return (
    <section className="gd-section" aria-label="代金券">
      <button type="button" className="gd-coupons" onClick={() => navigate('/gamecoupon', ids)}>
        <span className="gd-section__title">代金券</span>
        <span className="gd-coupons__summary">
          {detail.coupons.count}张可领{detail.coupons.max_amount ? `，最高¥${detail.coupons.max_amount}` : ''}
        </span>
        <span className="gd-coupons__go">去领取 ›</span>
      </button>
    </section>
  );
}

function Platforms({ detail, variant }: { detail: GameDetail; variant: GameDetailVariant }) {
  const navigate = useNavigate();
  if (detail.platforms.length < 2) return null;
  const path = variant === 'vip' ? '/gamedetailvip' : variant === 'fold' ? '/gamedetailfold' : '/gamedetail';
  return (
    <section className="gd-section" aria-label="游戏版本">
      <h2 className="gd-section__title">游戏版本</h2>
      <ul className="gd-platforms">
        {detail.platforms.map((platform) => (
          <li key={platform.platform_game_id}>
            <button
              type="button"
              className={`gd-platform${platform.platform_game_id === detail.game.platform_game_id ? ' gd-platform--current' : ''}`}
              aria-pressed={platform.platform_game_id === detail.game.platform_game_id}
              onClick={() => navigate(path, { game_id: detail.game.game_id, platform_game_id: platform.platform_game_id }, { replace: true })}
            >
              <strong>{platform.platform_name}</strong>
              <span>{platform.is_bt ? 'BT版' : platform.discount_text ? `${platform.discount_text}版` : platform.is_h5 ? 'H5版' : '官方版'}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ReserveButton({ detail }: { detail: GameDetail }) {
  const reserve = useClaim('reserve', calls.game.reserveGame, { game_id: detail.game.game_id }, { claimed: detail.reserved, code: null, soldOut: false });
  return (
    <button type="button" className={`gd-reserve gd-reserve--${reserve.status}`} disabled={reserve.disabled} onClick={reserve.claim}>
      {reserve.label}
    </button>
  );
}

function FavouriteButton({ detail }: { detail: GameDetail }) {
  const favourite = useFavourite(detail.game.game_id, detail.game.platform_game_id);
  return (
    <button type="button" className={`gd-fav${favourite.collected ? ' gd-fav--on' : ''}`} aria-pressed={favourite.collected} disabled={favourite.busy} onClick={favourite.toggle}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" fill={favourite.collected ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
      </svg>
      <span>{favourite.label}</span>
    </button>
  );
}

function BottomBar({ detail }: { detail: GameDetail }) {
  return (
    <div className="gd-bar">
      <FavouriteButton detail={detail} />
      <ShareGameButton game={detail.game} />
      <div className="gd-bar__main">
        {!detail.is_online && detail.can_reserve ? (
          <ReserveButton detail={detail} />
        ) : (
          <DownloadButton game={detail.game} size="large" />
        )}
      </div>
    </div>
  );
}

function Skeleton() {
  return (
    <div className="gd-skeleton" aria-busy="true" aria-label="加载中">
      <div className="gd-skeleton__head">
        <div className="skeleton gd-skeleton__icon" />
        <div className="gd-skeleton__lines">
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line" />
        </div>
      </div>
      <div className="skeleton gd-skeleton__shots" />
      <div className="skeleton skeleton--line" />
    </div>
  );
}

function GameDetailBody({ ids, variant }: { ids: { game_id?: number; platform_game_id?: number }; variant: GameDetailVariant }) {
  const remote = useRemoteData('gameDetail', calls.game.getGameDetail, ids);
  const detail = useMemo(() => (remote.data ? decodeGameDetail(remote.data) : null), [remote.data]);
  // The answer arrives through the machine as an urgent update, rendered in one go: the first
  // screen with it, what is below in the deferred render that follows, which React renders in
  // slices (nothing on screen moves when it comes).
  const belowFirstScreen = useDeferredValue(detail !== null, false);
  if (remote.failed || (!remote.loading && !detail)) return <LoadFailed message={remote.error ?? GAME_MISSING} onRetry={remote.failed ? remote.retry : remote.refresh} />;
  if (remote.loading || !detail) return <Skeleton />;
  const gameIds = { game_id: detail.game.game_id, platform_game_id: detail.game.platform_game_id };
  return (
    <div className={`gd gd--${variant}`} data-testid="game-detail">
      <Header detail={detail} />
      {variant === 'vip' && <VipInfo detail={detail} />}
      <Licence detail={detail} />
      <Screenshots detail={detail} />
      <Description text={detail.description} folded={variant === 'fold'} />
      {belowFirstScreen && (
        <>
          {variant !== 'vip' && <VipInfo detail={detail} />}
          <Platforms detail={detail} variant={variant} />
          <OpenServers servers={detail.open_servers} ids={gameIds} />
          <Gifts detail={detail} ids={gameIds} />
          <Coupons detail={detail} ids={gameIds} />
        </>
      )}
      <BottomBar detail={detail} />
    </div>
  );
}

const TITLES: Record<GameDetailVariant, string> = { default: '游戏详情', vip: 'VIP福利', fold: '游戏详情' };

export function GameDetailView({ data, variant }: PageProps & { variant: GameDetailVariant }) {
  const navigate = useNavigate();
  const ids = gameIdsOf(data);
  useShareVisit(data, ids?.game_id);
  if (!ids) return <MissingGame title={TITLES[variant]} />;
  return (
    <div className="gd-page">
      <PageHeader title={TITLES[variant]} onBack={() => navigate('back')} />
      <GameDetailBody ids={ids} variant={variant} />
    </div>
  );
}

export default function GameDetailPage(props: PageProps) {
  return <GameDetailView {...props} variant="default" />;
}
