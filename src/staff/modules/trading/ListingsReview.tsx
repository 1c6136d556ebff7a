import { useState } from 'react';
import { useStaffClient } from '../../runtime-context.tsx';
import * as staffCalls from '../../../../api/protocol/staff-refs.ts';
import Button from 'antd-mobile/es/components/button';
import { confirm } from '../../../components/ConfirmDialog.tsx';
import Toast from 'antd-mobile/es/components/toast';
import { formatYuan } from '../../../../api/protocol/money.ts';
import { STAFF_CODE } from '../../../../api/protocol/staff-codes.ts';
import { LISTING_STATUS_TEXT, LISTING_STATUSES, type ListingStatus } from '../../../../api/protocol/trade-rules.ts';
import { type StaffResult } from '../../api.ts';
import { Chips, ErrorLine, Pager, When } from '../../content/parts.tsx';
import { listings as listingList, type StaffListing } from '../../../../api/protocol/staff/trading.ts';
import { safeImageUrl } from '../../content/content-data.ts';
import { useStaffData } from '../../use-staff-data.ts';
import { NoteForm, ScreenshotViewer } from './parts.tsx';

/**
 * 商品审核 (reviewers, admins): the listings by status (审核中 by default, oldest submitted first;
 * counts per status), each with the seller, the game, the sub-account's age and recorded top-ups,
 * the listing's text, price / fee / net and its screenshots (a click shows one whole). 通过 after a
 * confirmation; 驳回 with a reason the seller reads (required, ≤ 200 characters). The server refuses
 * what the listing's state no longer allows (another reviewer got there first): the refusal is
 * shown and the list read again.
 */

const LIMIT = 20;

/** The screenshots the console may load, and how many it may not (the reviewer is told a picture is missing). */
function screenshotsOf(listing: StaffListing): { shown: string[]; bad: number } {
  const shown = listing.images.filter((src) => safeImageUrl(src) === src);
  return { shown, bad: listing.images.length - shown.length };
}

export default function ListingsReview() {
  const client = useStaffClient();
  const [status, setStatus] = useState<ListingStatus>('reviewing');
  const [page, setPage] = useState(1);
  const { data: state, error, reload } = useStaffData('staffListings', listingList, { page, limit: LIMIT, status });
  const [rejecting, setRejecting] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [viewing, setViewing] = useState<{ src: string; label: string } | null>(null);

  const run = async (call: () => Promise<StaffResult<unknown>>) => {
    setBusy(true);
    const answer = await call();
    setBusy(false);
    if (answer.code === STAFF_CODE.ok) {
      Toast.show({ content: answer.msg || '已处理' });
      setRejecting(null);
      reload();
    } else if (answer.code !== STAFF_CODE.notSignedIn) {
      Toast.show({ content: answer.msg });
      reload();
    }
  };
  const approve = (item: StaffListing) =>
    void confirm({
      title: '通过审核',
      content: `通过商品 #${item.id}「${item.title}」？通过后立即上架出售（¥${formatYuan(item.price_cents)}）。`,
      confirmText: '确定',
      cancelText: '取消',
      onConfirm: () => run(() => client.call(staffCalls.trading.approve, { id: item.id })),
    });

  return (
    <>
      <section className="staff-card" aria-label="商品状态">
        <Chips
          label="商品状态"
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
            setRejecting(null);
          }}
          options={LISTING_STATUSES.map((value) => ({ value, label: `${LISTING_STATUS_TEXT[value]}${state ? ` ${state.counts[value]}` : ''}` }))}
        />
      </section>
      <section className="staff-card" aria-label="商品列表">
        <ErrorLine message={error} />
        {state === null ? (
          <div className="staff-muted">{error ? '' : '加载中…'}</div>
        ) : state.list.length === 0 ? (
          <div className="staff-muted">暂无{LISTING_STATUS_TEXT[status]}的商品</div>
        ) : (
          <ol className="trading-list">
            {state.list.map((item) => (
              <li key={item.id}>
                <article className="trading-item" data-testid="listing-item" data-status={item.status} aria-label={`商品 #${item.id} ${item.title}`}>
                  <header className="trading-head">
                    <strong>
                      #{item.id} {item.title}
                    </strong>
                    <span className={`trading-status trading-status-${item.status}`}>{item.status_text}</span>
                  </header>
                  <dl className="content-facts">
                    <dt>卖家</dt>
                    <dd>
                      {item.seller.nickname} <span className="staff-muted">ID {item.seller.id} · {item.seller.phone}</span>
                    </dd>
                    <dt>游戏</dt>
                    <dd>{item.game_name}</dd>
                    <dt>小号</dt>
                    <dd>
                      {item.sub_account.name}
                      <span className="staff-muted">
                        {' '}
                        创建 {item.sub_account.age_days} 天（<When iso={item.sub_account.created_at} />）
                      </span>
                    </dd>
                    <dt>累计充值</dt>
                    <dd>¥{formatYuan(item.sub_account.topup_cents)}</dd>
                    <dt>区服 / 角色</dt>
                    <dd>
                      {item.server_name} / {item.role_name}
                    </dd>
                    <dt>二级密码</dt>
                    <dd>{item.has_second_password ? '已设置（付款后买家可见）' : '无'}</dd>
                    <dt>价格</dt>
                    <dd data-testid="listing-figures">
                      ¥{formatYuan(item.price_cents)} <span className="staff-muted">手续费 ¥{formatYuan(item.fee_cents)} · 卖家实得 ¥{formatYuan(item.net_cents)}</span>
                    </dd>
                    <dt>提交时间</dt>
                    <dd>
                      <When iso={item.submitted_at} />
                    </dd>
                    {item.reviewed_at ? (
                      <>
                        <dt>审核时间</dt>
                        <dd>
                          <When iso={item.reviewed_at} />
                        </dd>
                      </>
                    ) : null}
                    {item.on_sale_at ? (
                      <>
                        <dt>上架时间</dt>
                        <dd>
                          <When iso={item.on_sale_at} />
                        </dd>
                      </>
                    ) : null}
                    {item.reject_reason ? (
                      <>
                        <dt>驳回原因</dt>
                        <dd>{item.reject_reason}</dd>
                      </>
                    ) : null}
                  </dl>
                  <pre className="content-body">{item.description || '（卖家未填写描述）'}</pre>
                  <div className="content-pictures" aria-label="商品截图">
                    {screenshotsOf(item).shown.map((src, index) => (
                      <button key={`${index}-${src}`} type="button" className="content-picture" aria-label={`查看截图 ${index + 1}`} onClick={() => setViewing({ src, label: `商品 #${item.id} 截图 ${index + 1}` })}>
                        <img src={src} alt={`商品截图 ${index + 1}`} loading="lazy" />
                      </button>
                    ))}
                    {screenshotsOf(item).shown.length === 0 ? <span className="staff-muted">无截图</span> : null}
                  </div>
                  {screenshotsOf(item).bad > 0 ? <ErrorLine message={`${screenshotsOf(item).bad} 张截图地址无效，无法显示`} /> : null}
                  {item.status === 'reviewing' ? (
                    rejecting === item.id ? (
                      <NoteForm
                        label={`驳回商品 #${item.id}`}
                        hint="驳回原因（卖家可见，小号随即解冻）"
                        name="reason"
                        submitText="确认驳回"
                        danger
                        busy={busy}
                        onSubmit={(reason) => void run(() => client.call(staffCalls.trading.reject, { id: item.id, reason }))}
                        onCancel={() => setRejecting(null)}
                      />
                    ) : (
                      <div className="staff-actions">
                        <Button size="small" color="primary" disabled={busy} onClick={() => approve(item)}>
                          通过
                        </Button>
                        <Button size="small" color="danger" fill="outline" disabled={busy} onClick={() => setRejecting(item.id)}>
                          驳回
                        </Button>
                      </div>
                    )
                  ) : null}
                </article>
              </li>
            ))}
          </ol>
        )}
        {state ? <Pager page={page} total={state.total} limit={LIMIT} onPage={setPage} /> : null}
      </section>
      {viewing ? <ScreenshotViewer src={viewing.src} label={viewing.label} onClose={() => setViewing(null)} /> : null}
    </>
  );
}
