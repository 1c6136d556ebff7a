import { formatYuan } from '../../../api/protocol/money.ts';
import { useNavigate, useSignedIn } from '../../app/use-navigation.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PagedListView } from '../../features/games/PagedListView.tsx';
import { usePagedCall } from '../../features/games/use-paged-games.ts';
import { formatShortTime } from '../../features/money/money-data.ts';
import { InviteSignIn } from './InviteSignIn.tsx';
import '../../features/invite/invite.css';
import * as inviteCalls from '../../../api/protocol/calls/invite.ts';

/** /invitatelist (邀请记录): the players one invited (getInviteInfoList), newest first, paged. */
const ROW_HEIGHT = 84;

export default function InviteListPage() {
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  return (
    <div className="invite-page">
      <PageHeader title="邀请记录" onBack={() => navigate('back')} />
      {signedIn ? <Invitees /> : <InviteSignIn what="你邀请的好友" />}
    </div>
  );
}

function Invitees() {
  const list = usePagedCall('invitees', inviteCalls.getInviteInfoList, {});
  return (
    <PagedListView
      list={list}
      rowHeight={ROW_HEIGHT}
      label="邀请的好友"
      emptyMessage="还没有好友接受邀请"
      emptyAction={{ label: '去邀请', to: '/invitatefriend' }}
      getKey={(row) => String(row.id)}
      renderRow={(row) => (
        <div className="invite-row" data-testid={`invitee-${row.id}`}>
          <article className="invite-row__card" aria-label={row.nickname}>
            <div className="invite-row__head">
              <span>
                {row.nickname} <span className="invite-row__phone">{row.phone}</span>
              </span>
              <strong>¥{formatYuan(row.income_cents)}</strong>
            </div>
            <div className="invite-row__muted">
              <span>绑定于 {formatShortTime(row.bound_at)}</span>
              <span>分成至 {formatShortTime(row.share_until)}</span>
            </div>
          </article>
        </div>
      )}
    />
  );
}
