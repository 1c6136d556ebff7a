import { QRCodeSVG } from 'qrcode.react';
import { useCallback, useState } from 'react';
import { formatYuan } from '../../../api/protocol/money.ts';
import { request } from '../../../api/typed-call.ts';
import { sharedBridge } from '../../../bridge/adapter.ts';
import { isInsideWrapper } from '../../../bridge/device-info.ts';
import { Link } from '../../app/Link.tsx';
import { useRuntime } from '../../app/runtime-context.tsx';
import { showToast } from '../../app/toast.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { inviteSharePayload, percentOf } from '../../features/invite/invite-data.ts';
import { formatShortTime } from '../../features/money/money-data.ts';
import { useMoneyAction } from '../../features/money/money-parts.tsx';
import { copyText } from '../../app/clipboard.ts';
import '../../features/invite/invite.css';
import type { InviteInfo } from '../../../api/protocol/calls/invite.ts';
import * as inviteCalls from '../../../api/protocol/calls/invite.ts';

/**
 * /invitatefriend (邀请好友, needs login): the player's code and share link (复制链接, a QR code of
 * the link; inside the wrapper 分享给好友 sends the bridge's inviteShare payload), the numbers
 * (invited, earned, balance) linking to /invitatelist and /incomedetail, the rules' numbers from
 * the server, and — within the window after registering, when not invited yet — a code to enter.
 */
export default function InviteFriendPage() {
  const navigate = useNavigate();
  const info = useRemoteData('inviteInfo', inviteCalls.getInviteInfo);
  const data = info.data;
  return (
    <div className="invite-page">
      <PageHeader title="邀请好友" onBack={() => navigate('back')} />
      {info.failed || (!info.loading && !data) ? (
        <LoadFailed message={info.error} onRetry={info.retry} />
      ) : data ? (
        <InviteView info={data} onBound={info.retry} />
      ) : (
        <div className="invite-hero skeleton" aria-busy="true" aria-label="加载中" style={{ height: 160 }} />
      )}
    </div>
  );
}

function InviteView({ info, onBound }: { info: InviteInfo; onBound: () => void }) {
  const runtime = useRuntime();
  const origin = window.location.origin;
  const link = `${origin}${info.share_path}`;
  const copy = async (text: string, what: string) => showToast((await copyText(text)) ? `${what}已复制` : '复制失败，请长按手动复制');
  const inWrapper = isInsideWrapper(runtime.device);
  const share = async () => {
    const result = await sharedBridge(window).call('inviteShare', inviteSharePayload(info, origin));
    if (!result.ok) showToast('分享失败，请复制链接发送给好友');
  };
  return (
    <>
      <section className="invite-hero" aria-label="我的邀请码">
        <span className="invite-hero__label">我的邀请码</span>
        <strong className="invite-hero__code" data-testid="invite-code">
          {info.code}
        </strong>
        <span className="invite-hero__link" data-testid="invite-link">
          {link}
        </span>
        <div className="invite-actions">
          <button type="button" className="invite-button" onClick={() => void copy(info.code, '邀请码')}>
            复制邀请码
          </button>
          <button type="button" className="invite-button" onClick={() => void copy(link, '链接')}>
            复制链接
          </button>
          {inWrapper && (
            <button type="button" className="invite-button" onClick={() => void share()}>
              分享给好友
            </button>
          )}
        </div>
      </section>
      <section className="invite-card invite-qr" aria-label="邀请二维码">
        <QRCodeSVG value={link} size={160} marginSize={2} title="邀请链接二维码" />
        <span>好友扫码打开链接注册，即成为你邀请的好友</span>
      </section>
      <section className="invite-card invite-stats" aria-label="邀请数据">
        <Link to="/invitatelist">
          <strong data-testid="invited-count">{info.invited_count}</strong>
          <span>已邀请（人）</span>
        </Link>
        <Link to="/incomedetail">
          <strong>{formatYuan(info.income_total_cents)}</strong>
          <span>累计收益（元）</span>
        </Link>
        <Link to="/incomedetail">
          <strong>{formatYuan(info.income_balance_cents)}</strong>
          <span>收益余额（元）</span>
        </Link>
      </section>
      {info.can_bind_until && <BindCode until={info.can_bind_until} onBound={onBound} />}
      {info.inviter && (
        <section className="invite-card" aria-label="我的邀请人">
          邀请人：{info.inviter.nickname}（{info.inviter.phone}）
        </section>
      )}
      <section className="invite-card invite-rules" aria-label="邀请规则">
        <h2>邀请规则</h2>
        <ol>
          <li>好友通过你的链接或邀请码注册，即与你绑定；每个手机号只能被邀请一次，注销后重新注册也不能再次绑定。</li>
          <li>
            绑定后 {info.rules.share_days} 天内，好友每笔通过支付宝等支付渠道实际支付的充值（乐玩币、游戏充值），你可获得实付金额 {percentOf(info.rules.share_bp)}{' '}
            的邀请收益（按分向下取整）；用余额或乐玩币支付的部分不计。
          </li>
          <li>好友的订单退款时，对应收益将扣回；收益余额不足的部分从之后的收益中抵扣{info.debt_cents > 0 ? `（当前待抵扣 ¥${formatYuan(info.debt_cents)}）` : ''}。</li>
          <li>注册后 {info.rules.bind_window_hours} 小时内可补填一次邀请码；不能填写自己的邀请码，也不能与好友互相邀请。</li>
        </ol>
      </section>
    </>
  );
}

function BindCode({ until, onBound }: { until: string; onBound: () => void }) {
  const runtime = useRuntime();
  const [code, setCode] = useState('');
  const run = useCallback(() => request(runtime.api, inviteCalls.bindInviteCode, { invite_code: code }), [runtime, code]);
  const bind = useMoneyAction(run, (_, msg) => msg || '绑定成功', onBound);
  return (
    <section className="invite-card invite-bind" aria-label="填写邀请码">
      <h2>填写好友的邀请码</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void bind.act();
        }}
      >
        <input value={code} maxLength={6} onChange={(event) => setCode(event.target.value)} placeholder="6 位邀请码" aria-label="邀请码" autoCapitalize="characters" />
        <button type="submit" className="invite-button invite-button--solid" disabled={bind.busy || code.trim() === ''}>
          绑定
        </button>
      </form>
      <p>{formatShortTime(until)} 前可填写，仅一次</p>
    </section>
  );
}
