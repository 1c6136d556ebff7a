import { useEffect, useMemo, useRef } from 'react';
import { formatYuan } from '../../../api/protocol/money.ts';
import { LISTING_STATUS_TEXT, TRADE_DESCRIPTION_MAX, TRADE_IMAGES_MAX, TRADE_ROLE_MAX, TRADE_SECOND_PASSWORD_MAX, TRADE_SERVER_MAX, TRADE_TITLE_MAX } from '../../../api/protocol/trade-rules.ts';
import type { ListingImage, ListingTextField } from '../../../machines/listing-form.types.ts';
import type { PageProps } from '../../app/routes.ts';
import { useCurrentPath, useNavigate, useSignedIn } from '../../app/use-navigation.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Sheet } from '../../components/Sheet.tsx';
import { MoneySignIn } from '../../features/money/money-parts.tsx';
import { feeRuleOf, findSubAccount, type SellGames } from '../../features/trade-sell/trade-sell-data.ts';
import { subAccountFacts } from '../../features/trade-sell/trade-sell-parts.tsx';
import { useListingForm, type ListingForm } from '../../features/trade-sell/use-listing-form.ts';
import { useSellGames } from '../../features/trade-sell/use-sell-games.ts';
import { EmptyState } from '../../components/list/ListStates.tsx';

/**
 * /sellgoodsinfo (填写商品信息), data { sub_account_id }, and /sellaccountedit (编辑商品), data
 * { listing_id }: the listing form (machines/listing-form.machine.ts). Title, 区服 and 角色名
 * (prefilled from the sub-account's roles), description, 1–9 screenshots (each uploading with its
 * progress, retried alone), an optional 二级密码 (an edit keeps, changes or removes it), the price
 * with the fee and 到手金额 live, 保存草稿 and 提交审核 through a confirm sheet → /successview.
 */

export const SUB_ACCOUNT_MISSING = '没有找到这个小号，请重新选择';
const idOf = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

export default function SellGoodsInfoPage({ data }: PageProps) {
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const editing = useCurrentPath() === '/sellaccountedit';
  const listingId = editing ? idOf(data?.listing_id) : null;
  const subAccountId = editing ? null : idOf(data?.sub_account_id);
  return (
    <div className="money-page">
      <PageHeader title={editing ? '编辑商品' : '填写商品信息'} onBack={() => navigate('back')} />
      {signedIn ? <Loaded editing={editing} listingId={listingId} subAccountId={subAccountId} /> : <MoneySignIn text="登录后填写出售信息" />}
    </div>
  );
}

function Loaded({ editing, listingId, subAccountId }: { editing: boolean; listingId: number | null; subAccountId: number | null }) {
  const sell = useSellGames();
  if (sell.failed) return <LoadFailed message={sell.error} onRetry={sell.retry} />;
  if (!sell.games) return <div className="skeleton money-skeleton" aria-busy="true" aria-label="加载中" />;
  if (editing ? listingId === null : subAccountId === null || !findSubAccount(sell.games, subAccountId)?.subAccount.eligible) {
    return (
      <EmptyState
        message={editing ? '商品不存在或已下架' : SUB_ACCOUNT_MISSING}
        action={editing ? { label: '我的出售', to: '/sellaccount', replace: true } : { label: '选择小号', to: '/selectgameplotform', replace: true }}
      />
    );
  }
  return <FormView games={sell.games} listingId={listingId} subAccountId={subAccountId} />;
}

function FormView({ games, listingId, subAccountId }: { games: SellGames; listingId: number | null; subAccountId: number | null }) {
  const navigate = useNavigate();
  const found = subAccountId !== null ? findSubAccount(games, subAccountId) : null;
  const role = found?.subAccount.roles[0];
  const form = useListingForm({
    rules: { ...feeRuleOf(games.rules), min_price_cents: games.rules.min_price_cents, max_price_cents: games.rules.max_price_cents },
    subAccountId,
    listingId,
    ...(role ? { prefill: role } : {}),
  });
  useEffect(() => {
    if (form.state === 'submitted') navigate('/successview', form.listing ? { listing_id: form.listing.id } : null, { replace: true });
  }, [form.state, form.listing, navigate]);

  if (form.state === 'loading') return <div className="skeleton money-skeleton" aria-busy="true" aria-label="加载中" />;
  if (form.state === 'loadFailed') return <LoadFailed message={form.message} onRetry={form.reload} />;
  if (form.state === 'notEditable') {
    return (
      <EmptyState message={`当前状态（${form.listing ? LISTING_STATUS_TEXT[form.listing.status] : ''}）不能编辑`} action={{ label: '我的出售', to: '/sellaccount', replace: true }} />
    );
  }
  const sub = found?.subAccount ?? form.listing?.sub_account;
  const gameName = found?.game.game_name ?? form.listing?.game_name ?? '';
  const locked = form.state !== 'editing';
  return (
    <form
      noValidate
      data-state={form.state}
      onSubmit={(event) => {
        event.preventDefault();
        if (form.state === 'failed') form.retry();
        else form.submit();
      }}
    >
      {sub && (
        <section className="money-section" aria-label="出售的小号">
          <p className="ts-row__title">
            {gameName} · {sub.name}
          </p>
          <p className="ts-row__meta">{subAccountFacts(sub)}</p>
        </section>
      )}
      <section className="money-section" aria-label="商品信息">
        <TextField form={form} field="title" label="商品标题" placeholder={`5-${TRADE_TITLE_MAX}个字，如：满级战士 稀有坐骑`} max={TRADE_TITLE_MAX} locked={locked} />
        <TextField form={form} field="server_name" label="区服" placeholder="如：一区" max={TRADE_SERVER_MAX} locked={locked} />
        <TextField form={form} field="role_name" label="角色名" placeholder="游戏内角色名" max={TRADE_ROLE_MAX} locked={locked} />
        <TextField form={form} field="description" label="商品描述（选填）" placeholder="等级、装备、充值情况等" max={TRADE_DESCRIPTION_MAX} locked={locked} multiline />
      </section>
      <Screenshots form={form} locked={locked} />
      <SecondPassword form={form} locked={locked} />
      <section className="money-section" aria-label="出售价格">
        <TextField form={form} field="price" label="出售价格（元）" placeholder={`不低于${formatYuan(games.rules.min_price_cents)}元`} max={12} locked={locked} decimal />
        <div className="ts-money" data-testid="price-line">
          {form.money ? (
            <>
              <span>手续费 ¥{formatYuan(form.money.fee_cents)}</span>
              <span>
                到手金额 <strong>¥{formatYuan(form.money.net_cents)}</strong>
              </span>
            </>
          ) : (
            <span>填写价格后显示手续费和到手金额</span>
          )}
        </div>
      </section>
      <p className="ts-message" role="alert">
        {form.message ?? ''}
      </p>
      <div className="ts-actions">
        <button type="button" className="money-button money-button--ghost" disabled={form.busy || form.state !== 'editing' || form.listing?.status === 'on_sale'} onClick={form.saveDraft}>
          {form.state === 'savingDraft' ? '保存中…' : '保存草稿'}
        </button>
        <button type="submit" className="money-button" disabled={form.busy || form.state === 'confirming'}>
          {form.state === 'submitting' ? '提交中…' : form.state === 'failed' ? '重试' : '提交审核'}
        </button>
      </div>
      {form.state === 'confirming' && form.money && <ConfirmSheet form={form} money={form.money} />}
    </form>
  );
}

function TextField({ form, field, label, placeholder, max, locked, multiline, decimal }: { form: ListingForm; field: ListingTextField; label: string; placeholder: string; max: number; locked: boolean; multiline?: boolean; decimal?: boolean }) {
  const error = form.errors[field];
  const common = {
    className: 'ts-field__input',
    name: field,
    placeholder,
    value: form.fields[field],
    readOnly: locked,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${field}-error` : undefined,
  };
  return (
    <div className="ts-field">
      <label>
        <span className="ts-field__label">{label}</span>
        {multiline ? (
        <textarea {...common} maxLength={max} onChange={(event) => form.setField(field, event.target.value)} />
      ) : (
        <input {...common} maxLength={max} inputMode={decimal ? 'decimal' : undefined} autoComplete="off" onChange={(event) => form.setField(field, decimal ? event.target.value.replace(/[^\d.]/g, '') : event.target.value)} />
      )}
      </label>
      {error && (
        <span className="ts-field__error" id={`${field}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}

function Screenshots({ form, locked }: { form: ListingForm; locked: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <section className="money-section" aria-label="游戏截图">
      <div className="money-section__head">
        <h2 className="money-section__title">游戏截图</h2>
        <span className="money-muted">
          {form.images.length}/{TRADE_IMAGES_MAX}
        </span>
      </div>
      <ul className="ts-images">
        {form.images.map((image, index) => (
          <ImageTile key={image.id} image={image} index={index} count={form.images.length} form={form} locked={locked} />
        ))}
        {form.images.length < TRADE_IMAGES_MAX && (
          <li className="ts-image ts-image--add">
            <label aria-label="添加截图" style={{ display: 'contents' }}>
              <span aria-hidden="true" style={{ fontSize: 26 }}>
                +
              </span>
              <span>添加截图</span>
              <input
                ref={input}
                data-testid="screenshot-input"
                type="file"
                accept="image/*"
                multiple
                disabled={locked}
                onChange={(event) => {
                  const files = Array.from(event.target.files ?? []);
                  if (files.length > 0) form.addImages(files);
                  event.target.value = '';
                }}
              />
            </label>
          </li>
        )}
      </ul>
      {form.errors.images && <span className="ts-field__error">{form.errors.images}</span>}
      <span className="ts-field__hint">第一张为封面；可用箭头调整顺序</span>
    </section>
  );
}

function ImageTile({ image, index, count, form, locked }: { image: ListingImage; index: number; count: number; form: ListingForm; locked: boolean }) {
  const preview = useMemo(() => (image.file ? URL.createObjectURL(image.file) : null), [image.file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const src = image.url ?? preview ?? '';
  return (
    <li className="ts-image" data-testid={`screenshot-${index + 1}`} data-stage={image.stage} aria-label={`截图${index + 1}`}>
      {src && <img src={src} alt={`截图${index + 1}`} />}
      {image.stage === 'uploading' && (
        <>
          <span className="ts-image__state">上传中 {image.progress}%</span>
          <span className="ts-image__bar" role="progressbar" aria-valuenow={image.progress} aria-valuemin={0} aria-valuemax={100} aria-label={`截图${index + 1}上传进度`}>
            <span style={{ width: `${image.progress}%` }} />
          </span>
        </>
      )}
      {image.stage === 'failed' && (
        <div className="ts-image__failed">
          <span>{image.error}</span>
          <button type="button" disabled={locked} onClick={() => form.retryImage(image.id)}>
            重试
          </button>
        </div>
      )}
      {!locked && (
        <div className="ts-image__tools">
          {index > 0 && (
            <button type="button" aria-label={`截图${index + 1}前移`} onClick={() => form.moveImage(image.id, -1)}>
              ‹
            </button>
          )}
          {index < count - 1 && (
            <button type="button" aria-label={`截图${index + 1}后移`} onClick={() => form.moveImage(image.id, 1)}>
              ›
            </button>
          )}
          <button type="button" aria-label={`删除截图${index + 1}`} onClick={() => form.removeImage(image.id)}>
            ×
          </button>
        </div>
      )}
    </li>
  );
}

function SecondPassword({ form, locked }: { form: ListingForm; locked: boolean }) {
  const modes = form.hasStoredPassword
    ? ([
        ['keep', '保留原密码'],
        ['set', '修改'],
        ['none', '删除'],
      ] as const)
    : ([
        ['keep', '不设置'],
        ['set', '设置'],
      ] as const);
  const current = !form.hasStoredPassword && form.passwordMode === 'none' ? 'keep' : form.passwordMode;
  return (
    <section className="money-section" aria-label="二级密码">
      <h2 className="money-section__title">二级密码（选填）</h2>
      <p className="money-muted">买家付款后才能看到，用于登录游戏内的二级密码</p>
      <div className="ts-password-modes money-chips" role="radiogroup" aria-label="二级密码">
        {modes.map(([mode, label]) => (
          <button key={mode} type="button" role="radio" aria-checked={current === mode} className="money-chips__chip" disabled={locked} onClick={() => form.setPassword(mode, mode === 'set' ? form.password : '')}>
            {label}
          </button>
        ))}
      </div>
      {form.passwordMode === 'set' && (
        <label className="ts-field">
          <span className="ts-field__label">{form.hasStoredPassword ? '新的二级密码' : '二级密码'}</span>
          <input className="ts-field__input" name="second_password" type="password" autoComplete="new-password" maxLength={TRADE_SECOND_PASSWORD_MAX} value={form.password} readOnly={locked} onChange={(event) => form.setPassword('set', event.target.value)} />
        </label>
      )}
      {form.errors.second_password && <span className="ts-field__error">{form.errors.second_password}</span>}
    </section>
  );
}

function ConfirmSheet({ form, money }: { form: ListingForm; money: NonNullable<ListingForm['money']> }) {
  return (
    <Sheet open onClose={form.cancel} label="确认出售" className="ts-sheet__panel">
      <h2 className="ts-sheet__title">确认提交审核</h2>
      <div className="ts-sheet__line">
        <span>出售价格</span>
        <span data-testid="confirm-price">¥{formatYuan(money.price_cents)}</span>
      </div>
      <div className="ts-sheet__line">
        <span>平台手续费</span>
        <span data-testid="confirm-fee">-¥{formatYuan(money.fee_cents)}</span>
      </div>
      <div className="ts-sheet__line">
        <span>到手金额</span>
        <strong data-testid="confirm-net">¥{formatYuan(money.net_cents)}</strong>
      </div>
      <p className="money-muted">提交后小号将被冻结，审核通过即上架；成交后货款在冷静期结束后到账余额。</p>
      <div className="ts-actions" style={{ padding: '12px 0 0' }}>
        <button type="button" className="money-button money-button--ghost" onClick={form.cancel}>
          返回修改
        </button>
        <button type="button" className="money-button" onClick={form.confirm}>
          确认提交
        </button>
      </div>
    </Sheet>
  );
}
