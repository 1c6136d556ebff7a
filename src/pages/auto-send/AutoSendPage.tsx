import type { BenefitGrant } from '../../../api/protocol/calls/wallet.ts';
import { formatYuan } from '../../../api/protocol/money.ts';
import { useNavigate, useSignedIn } from '../../app/use-navigation.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PagedListView } from '../../features/games/PagedListView.tsx';
import { usePagedCall } from '../../features/games/use-paged-games.ts';
import { formatShortTime } from '../../features/money/money-data.ts';
import { MoneySignIn } from '../../features/money/money-parts.tsx';
import * as walletCalls from '../../../api/protocol/calls/wallet.ts';

/**
 * /autosend (自动发放): what the platform sent the player by itself (getAutoSendList): a card's
 * opening gift, its daily 乐玩币 or coupon that arrives without a claim. Newest first, paged.
 * Signed out: a login prompt (SPEC does not list it as needing login).
 */
const GRANT_ROW_HEIGHT = 76;

export default function AutoSendPage() {
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  return (
    <div className="money-page">
      <PageHeader title="自动发放" onBack={() => navigate('back')} />
      {signedIn ? <Grants /> : <MoneySignIn text="登录后查看自动发放的福利" />}
    </div>
  );
}

function Grants() {
  const list = usePagedCall('autoSend', walletCalls.getAutoSendList, {});
  return (
    <div style={{ background: '#fff', marginTop: 12 }}>
      <PagedListView
        list={list}
        rowHeight={GRANT_ROW_HEIGHT}
        label="自动发放记录"
        emptyMessage="暂无自动发放的福利，开通会员卡后每日福利将自动到账"
        getKey={(grant) => String(grant.id)}
        renderRow={(grant) => <GrantRow grant={grant} />}
      />
    </div>
  );
}

const KIND_LABEL = { instant: '开卡礼包', coins: '每日乐玩币', coupon: '每日代金券' } as const;

/** What a grant gave, in words. */
export function grantWhat(grant: Pick<BenefitGrant, 'kind' | 'amount_cents' | 'coupon_name'>): string {
  if (grant.kind === 'coins') return `${formatYuan(grant.amount_cents)}乐玩币`;
  return `${grant.coupon_name ?? '代金券'}${grant.amount_cents > 0 ? `（¥${formatYuan(grant.amount_cents)}）` : ''}`;
}

function GrantRow({ grant }: { grant: BenefitGrant }) {
  return (
    <div className="record-row">
      <div className="record-row__main">
        <p className="record-row__title">
          {grant.card_name} · {KIND_LABEL[grant.kind]}
        </p>
        <p className="record-row__meta">{grantWhat(grant)}</p>
        <p className="record-row__meta">{formatShortTime(grant.created_at)}</p>
      </div>
      <span className="record-row__unit">{grant.auto ? '自动到账' : '已领取'}</span>
    </div>
  );
}
