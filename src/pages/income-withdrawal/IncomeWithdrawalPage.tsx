import { useState } from 'react';
import type { WithdrawInfo } from '../../../api/protocol/calls/withdraw.ts';
import { formatYuan } from '../../../api/protocol/money.ts';
import { WITHDRAW_MSG, WITHDRAW_SOURCE_TEXT, type WithdrawSource } from '../../../api/protocol/withdraw-rules.ts';
import { Link } from '../../app/Link.tsx';
import { useNavigate, useSignedIn } from '../../app/use-navigation.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { MoneySignIn } from '../../features/money/money-parts.tsx';
import { useWithdrawForm } from './use-withdraw-form.ts';
import { availableOf } from './withdraw-data.ts';
import './withdraw.css';
import * as withdrawCalls from '../../../api/protocol/calls/withdraw.ts';

/**
 * /incomewithdrawal (收益提现): withdraw 收益 or the withdrawable part of 余额 to an Alipay account
 * in the verified real name (profitTixian / balanceTixian). The facts (balances, limits, today's
 * usage, the masked real name) come from getWithdrawInfo; the form is a statechart
 * (machines/withdraw-form.machine.ts). Without real name the page says so and links the form.
 */

export const NEEDS_REAL_NAME = '提现前需要完成实名认证，收款人须为实名认证本人';

export default function IncomeWithdrawalPage() {
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  return (
    <div className="money-page withdraw-page">
      <PageHeader title="收益提现" onBack={() => navigate('back')} />
      <Link className="money-header-link" to="/incomewithdrawals">
        提现记录
      </Link>
      {signedIn ? <SignedIn /> : <MoneySignIn text="登录后才能提现" />}
    </div>
  );
}

function SignedIn() {
  const info = useRemoteData('withdrawInfo', withdrawCalls.getWithdrawInfo);
  const facts = info.data;
  if (info.failed) return <LoadFailed message={info.error} onRetry={info.retry} />;
  if (!facts) return <div className="skeleton money-skeleton" aria-busy="true" aria-label="加载中" />;
  if (!facts.real_name.verified) {
    return (
      <section className="money-section withdraw-notice" aria-label="实名认证">
        <p>{NEEDS_REAL_NAME}</p>
        <Link className="money-button" to="/realnamecertificateone">
          去实名认证
        </Link>
      </section>
    );
  }
  if (!facts.real_name.adult) {
    return (
      <section className="money-section withdraw-notice" aria-label="未成年人">
        <p>{WITHDRAW_MSG.minor}</p>
      </section>
    );
  }
  return <WithdrawForm facts={facts} refresh={info.refresh} />;
}

function WithdrawForm({ facts, refresh }: { facts: WithdrawInfo; refresh: () => void }) {
  const navigate = useNavigate();
  const form = useWithdrawForm(refresh);
  const [source, setSource] = useState<WithdrawSource>('income');
  const [amount, setAmount] = useState('');
  const [account, setAccount] = useState('');
  const [payeeName, setPayeeName] = useState('');
  const available = availableOf(facts, source);
  const edited = (set: (value: string) => void) => (value: string) => {
    set(value);
    if (form.state === 'refused' || form.state === 'failed') form.edit();
  };

  if (form.state === 'submitted' && form.result) {
    const done = form.result;
    return (
      <section className="money-section withdraw-done" aria-label="提交成功">
        <h2 className="money-section__title">提现申请已提交</h2>
        <p>
          从{WITHDRAW_SOURCE_TEXT[done.source]}提现 <strong>¥{formatYuan(done.amount_cents)}</strong> 到支付宝 {done.alipay_account}，{done.status_text}。
        </p>
        <p className="money-muted">审核通过后将打款到您的支付宝账号，每一步都会通过消息通知您。</p>
        <div className="withdraw-actions">
          <button type="button" className="money-button money-button--ghost" onClick={form.again}>
            再提一笔
          </button>
          <button type="button" className="money-button" onClick={() => navigate('/incomewithdrawals')}>
            查看提现记录
          </button>
        </div>
      </section>
    );
  }

  const amountCap = Math.min(available, facts.limits.max_cents);
  return (
    <form
      className="withdraw-form"
      data-state={form.state}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (form.state === 'failed') form.retry();
        else form.submit({ source, amount, account, payeeName }, available);
      }}
    >
      <section className="money-section" aria-label="提现来源">
        <div className="withdraw-sources" role="radiogroup" aria-label="提现来源">
          {(['income', 'wallet'] as const).map((key) => (
            <button
              key={key}
              type="button"
              role="radio"
              aria-checked={source === key}
              className="withdraw-source"
              disabled={form.busy}
              onClick={() => {
                setSource(key);
                if (form.state === 'refused' || form.state === 'failed') form.edit();
              }}
            >
              <span className="withdraw-source__label">{WITHDRAW_SOURCE_TEXT[key]}</span>
              <strong className="withdraw-source__value" data-testid={`available-${key}`}>
                ¥{formatYuan(availableOf(facts, key))}
              </strong>
              <span className="money-muted">{key === 'income' ? '可提现收益' : `余额 ¥${formatYuan(facts.wallet_cents)}，可提现`}</span>
            </button>
          ))}
        </div>
        {source === 'wallet' && facts.wallet_note && (
          <p className="withdraw-note" data-testid="wallet-note">
            {facts.wallet_note}
          </p>
        )}
      </section>

      <section className="money-section" aria-label="提现信息">
        <label className="withdraw-field">
          <span className="withdraw-field__label">提现金额（元）</span>
          <span className="withdraw-field__row">
            <input
              className="withdraw-field__input"
              name="amount"
              inputMode="decimal"
              placeholder={`最低${formatYuan(facts.limits.min_cents)}元`}
              value={amount}
              readOnly={form.busy}
              onChange={(event) => edited(setAmount)(event.target.value.replace(/[^\d.]/g, '').slice(0, 12))}
            />
            <button type="button" className="withdraw-all" disabled={form.busy || amountCap <= 0} onClick={() => edited(setAmount)(formatYuan(amountCap))}>
              全部
            </button>
          </span>
        </label>
        <label className="withdraw-field">
          <span className="withdraw-field__label">支付宝账号</span>
          <input
            className="withdraw-field__input"
            name="alipay_account"
            placeholder="手机号或邮箱"
            autoComplete="off"
            maxLength={100}
            value={account}
            readOnly={form.busy}
            onChange={(event) => edited(setAccount)(event.target.value)}
          />
        </label>
        <label className="withdraw-field">
          <span className="withdraw-field__label">收款人姓名</span>
          <input
            className="withdraw-field__input"
            name="payee_name"
            placeholder={`实名认证姓名（${facts.real_name.name_masked}）`}
            autoComplete="name"
            maxLength={20}
            value={payeeName}
            readOnly={form.busy}
            onChange={(event) => edited(setPayeeName)(event.target.value)}
          />
        </label>
        <p className="withdraw-message" role="alert">
          {form.message ?? ''}
        </p>
      </section>

      <p className="withdraw-limits money-muted">
        单笔{formatYuan(facts.limits.min_cents)}–{formatYuan(facts.limits.max_cents)}元，每天最多{facts.limits.daily_count}笔、累计{formatYuan(facts.limits.daily_cents)}元；今日已申请{facts.today.count}笔，共{formatYuan(facts.today.amount_cents)}元。
        <Link to="/moneyinstruction">收益说明</Link>
      </p>
      <button type="submit" className="money-button money-button--block" disabled={form.busy}>
        {form.busy ? '提交中…' : form.state === 'failed' ? '重试' : '申请提现'}
      </button>
    </form>
  );
}
