import Dialog from 'antd-mobile/es/components/dialog';
import { Link } from '../../app/Link.tsx';
import { useSignedIn } from '../../app/use-navigation.ts';
import { useLogout, useMineEntries, useOpenLogin, useSignedInNickname, useUserInfo } from './use-mine.ts';
import './mine.css';

/**
 * The mine tab (SPEC §2): the account header (avatar, nickname, masked phone, 乐玩币 and points)
 * when signed in, a '登录/注册' header otherwise; entries to the account areas that exist; logout.
 */

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

function SignedInHeader() {
  const info = useUserInfo();
  const storedNickname = useSignedInNickname();
  const user = info.data;
  return (
    <>
      <section className="mine__header" aria-label="账号信息">
        {user?.avatar ? <img className="mine__avatar" src={user.avatar} alt="" width={64} height={64} /> : <DefaultAvatar />}
        <div className="mine__who">
          <h1 className="mine__nickname">{user?.nickname || storedNickname || '乐玩玩家'}</h1>
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
        <div className="mine__asset">
          <strong className="mine__asset-value">{amount(user?.coins)}</strong>
          <span className="mine__asset-label">乐玩币</span>
        </div>
        <div className="mine__asset">
          <strong className="mine__asset-value">{amount(user?.points)}</strong>
          <span className="mine__asset-label">积分</span>
        </div>
      </section>
    </>
  );
}

function AnonymousHeader() {
  const openLogin = useOpenLogin();
  return (
    <section className="mine__header" aria-label="账号信息">
      <DefaultAvatar />
      <button type="button" className="mine__who mine__login" onClick={openLogin}>
        <span className="mine__nickname">登录/注册</span>
        <span className="mine__hint">登录后可领取福利、查看乐玩币和积分</span>
      </button>
    </section>
  );
}

function LogoutSection() {
  const logout = useLogout();
  return (
    <>
      <button type="button" className="mine__logout" onClick={logout.ask} disabled={logout.busy}>
        退出登录
      </button>
      <Dialog
        visible={logout.confirming}
        content="确定要退出登录吗？"
        closeOnMaskClick
        onClose={logout.cancel}
        onAction={(action) => (action.key === 'confirm' ? logout.confirm() : logout.cancel())}
        actions={[
          [
            { key: 'cancel', text: '取消' },
            { key: 'confirm', text: '退出', bold: true, danger: true },
          ],
        ]}
      />
    </>
  );
}

function Chevron() {
  return (
    <svg className="mine__chevron" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path d="m9 5 7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export default function MinePage() {
  const signedIn = useSignedIn();
  const entries = useMineEntries();
  return (
    <div className="page mine">
      {signedIn ? <SignedInHeader /> : <AnonymousHeader />}
      {entries.length > 0 && (
        <nav className="mine__entries" aria-label="账号服务">
          {entries.map((entry) => (
            <Link key={entry.to} to={entry.to} className="mine__entry">
              <span>{entry.label}</span>
              <Chevron />
            </Link>
          ))}
        </nav>
      )}
      {signedIn && <LogoutSection />}
    </div>
  );
}
