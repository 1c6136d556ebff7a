import { useEffect, useRef } from 'react';
import { formatYuan } from '../../../api/protocol/money.ts';
import { request } from '../../../api/typed-call.ts';
import { PRODUCT, type PageProps } from '../../app/routes.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useNavigate } from '../../app/use-navigation.ts';
import { CenterDialog } from '../../components/CenterDialog.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { useRemoteData } from '../../app/use-remote-data.ts';
import '../../features/payment/checkout.css';
import * as calls from '../../../api/protocol/call-refs.ts';

/**
 * /firstrechargedialog (首充福利): the first-recharge offer as a page-dialog over a dimmed screen.
 * 立即首充 → /mylewancoin; 关闭 goes back. Once the offer is on screen, firstRechargeSeen records
 * it (the app offers it by itself once per player: src/features/payment/first-recharge-prompt.ts).
 */
export default function FirstRechargeDialogPage(_: PageProps) {
  const runtime = useRuntime();
  const navigate = useNavigate();
  const promote = useRemoteData('promote', calls.wallet.getIsPromote, {});
  const offer = promote.data?.first_recharge ?? null;
  const recorded = useRef(false);
  useEffect(() => {
    if (!offer?.show_dialog || recorded.current) return;
    recorded.current = true;
    void request(runtime.api, calls.wallet.firstRechargeSeen, {});
  }, [offer, runtime]);
  const close = () => (window.history.length > 1 ? navigate('back') : navigate('/', null, { replace: true }));
  return (
    <div className="page">
      <CenterDialog open onClose={close} label="首充福利" className="first-recharge__box">
      {promote.failed ? (
        <LoadFailed message={promote.error} onRetry={promote.retry} />
      ) : !offer ? (
        <p className="first-recharge__text" aria-busy="true">
          加载中…
        </p>
      ) : offer.eligible ? (
        <>
          <h2 className="first-recharge__title">首充福利</h2>
          <p className="first-recharge__text">
            {/* Each clause is kept whole: a narrow dialog breaks the line at the comma, never inside 乐玩币. */}
            <span className="first-recharge__clause">
              首次充值乐玩币{offer.bonus_pct > 0 ? `加赠${offer.bonus_pct}%` : ''}
              {offer.max_bonus_cents > 0 ? '，' : ''}
            </span>
            {offer.max_bonus_cents > 0 ? <span className="first-recharge__clause">{`最多送${formatYuan(offer.max_bonus_cents)}乐玩币`}</span> : null}
          </p>
          <div className="first-recharge__actions">
            <button type="button" className="checkout__button" onClick={() => navigate(`/my${PRODUCT}coin`, null, { replace: true })}>
              立即首充
            </button>
            <button type="button" className="first-recharge__close" onClick={close}>
              关闭
            </button>
          </div>
        </>
      ) : (
        <>
          <h2 className="first-recharge__title">首充福利</h2>
          <p className="first-recharge__text">您已完成首充，更多福利请关注活动</p>
          <div className="first-recharge__actions">
            <button type="button" className="first-recharge__close" onClick={close}>
              关闭
            </button>
          </div>
        </>
      )}
      </CenterDialog>
    </div>
  );
}
