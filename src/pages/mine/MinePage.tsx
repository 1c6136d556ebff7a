import { Link } from '../../app/Link.tsx';
import { PRODUCT, type PageProps } from '../../app/routes.ts';
import { useSignedIn } from '../../app/use-navigation.ts';
import { FavouritesView } from './FavouritesView.tsx';
import { LogoutButton } from '../../features/account/LogoutButton.tsx';
import { MineIconGlyph } from './mine-icons.tsx';
import { FAVOURITES_VIEW, SETTINGS_PATH, useMineEntries, useOpenLogin, useSignedInNickname, useUserInfo, type MineEntry } from '../../features/account/use-mine.ts';
import { UnreadBadge } from '../../features/messages/UnreadBadge.tsx';
import { useUnreadCounts } from '../../features/messages/use-messages.ts';
import './mine.css';

const MESSAGES_PATH = '/infocenter';
/**
 * 乐玩币 open 我的乐玩币, where they are bought; 充值 goes there too, as /rechargepay is only the
 * checkout of an amount already chosen. 积分 open 积分商城, which shows them and what they buy.
 */
const COINS_PATH = `/my${PRODUCT}coin`;
const POINTS_PATH = '/coinstore';

/**
 * The mine tab (SPEC §2; the account hub): the account header (avatar, nickname, real-name
 * badge, masked phone, the settings gear), 乐玩币 and points (each opens its page) with 充值, a grid of shortcuts (favourites,
 * coupons, wallet, tasks, invitations, downloads, trades, messages) and a list (feedback,
 * settings, service, about), each shown once its page exists; logout. Route data
 * `{ view: 'favourites' }` shows the favourites list instead.
 */

function SettingsGear() {
  return (
    <Link to={SETTINGS_PATH} className="mine__gear" aria-label="设置">
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path
          d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 0 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 0 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 0 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 0 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        />
      </svg>
    </Link>
  );
}

function DefaultAvatar() {
  return (
    <svg className="mine__avatar" viewBox="0 0 64 64" aria-hidden="true">
      <circle cx="32" cy="32" r="32" fill="#ffe2cc" />
      <circle cx="32" cy="25" r="11" fill="#ff9a4d" />
      <path d="M12 54c3-10 11-15 20-15s17 5 20 15a32 32 0 0 1-40 0z" fill="#ff9a4d" />
    </svg>
  );
}

const amount = (value: number | undefined) => (value === undefined ? '--' : value.toLocaleString('zh-CN'));
/** 乐玩币 are kept in fen, so a balance may be 6.6 币: shown with two decimals like every money figure. */
const coinAmount = (value: number | undefined) => (value === undefined ? '--' : value.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

function SignedInHeader({ settings }: { settings: boolean }) {
  const info = useUserInfo();
  const storedNickname = useSignedInNickname();
  const user = info.data;
  return (
    <>
      <section className="mine__header" aria-label="账号信息">
        {settings && <SettingsGear />}
        {user?.avatar ? <img className="mine__avatar" src={user.avatar} alt="" width={64} height={64} /> : <DefaultAvatar />}
        <div className="mine__who">
          <div className="mine__name-row">
            <h1 className="mine__nickname">{user?.nickname || storedNickname || '乐玩玩家'}</h1>
            {user?.real_name === 1 && <span className="mine__badge">已实名</span>}
          </div>
          {user ? (
            <p className="mine__phone">{user.phone}</p>
          ) : info.failed ? (
            <button type="button" className="mine__retry" onClick={info.retry}>
              {info.error || '加载失败'}，点击重试
            </button>
          ) : (
            <p className="mine__phone skeleton mine__phone--loading" aria-busy="true" aria-label="加载中" />
          )}
        </div>
      </section>
      <section className="mine__wallet" aria-label="我的资产">
        <Link to={COINS_PATH} className="mine__asset">
          <strong className="mine__asset-value">{coinAmount(user?.coins)}</strong>
          <span className="mine__asset-label">乐玩币</span>
        </Link>
        <Link to={POINTS_PATH} className="mine__asset">
          <strong className="mine__asset-value">{amount(user?.points)}</strong>
          <span className="mine__asset-label">积分</span>
        </Link>
        <Link to={COINS_PATH} className="mine__top-up">
          充值
        </Link>
      </section>
    </>
  );
}

function AnonymousHeader({ settings }: { settings: boolean }) {
  const openLogin = useOpenLogin();
  return (
    <section className="mine__header" aria-label="账号信息">
      {settings && <SettingsGear />}
      <DefaultAvatar />
      <button type="button" className="mine__who mine__login" onClick={openLogin}>
        <span className="mine__nickname">登录/注册</span>
        <span className="mine__hint">登录后可领取福利、查看乐玩币和积分</span>
      </button>
    </section>
  );
}

function Chevron() {
  return (
    <svg className="mine__chevron" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path d="m9 5 7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The total of unread messages on the 消息中心 shortcut; reloaded each time /mine shows. */
function MessagesBadge() {
  const { counts } = useUnreadCounts();
  return <UnreadBadge count={counts?.total ?? 0} label="消息中心" />;
}

function Shortcuts({ entries, signedIn }: { entries: readonly MineEntry[]; signedIn: boolean }) {
  return (
    <nav className="mine__grid" aria-label="常用功能">
      {entries.map((entry) => (
        <Link key={entry.label} to={entry.to} data={entry.data ?? null} className="mine__shortcut">
          <span className={`mine__icon mine__icon--${entry.icon}`}>
            {entry.icon && <MineIconGlyph icon={entry.icon} />}
            {signedIn && entry.to === MESSAGES_PATH && <MessagesBadge />}
          </span>
          <span className="mine__shortcut-label">{entry.label}</span>
        </Link>
      ))}
    </nav>
  );
}

export default function MinePage({ data }: PageProps) {
  const signedIn = useSignedIn();
  const entries = useMineEntries();
  if (data?.view === FAVOURITES_VIEW) return <FavouritesView />;
  return (
    <div className="page mine">
      {signedIn ? <SignedInHeader settings={entries.settings} /> : <AnonymousHeader settings={entries.settings} />}
      {entries.shortcuts.length > 0 && <Shortcuts entries={entries.shortcuts} signedIn={signedIn} />}
      {entries.list.length > 0 && (
        <nav className="mine__entries" aria-label="账号服务">
          {entries.list.map((entry) => (
            <Link key={entry.to} to={entry.to} className="mine__entry">
              <span>{entry.label}</span>
              <Chevron />
            </Link>
          ))}
        </nav>
      )}
      {signedIn && <LogoutButton className="mine__logout" />}
    </div>
  );
}
