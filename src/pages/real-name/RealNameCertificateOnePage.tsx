import { Link } from '../../app/Link.tsx';
import { useSignedIn } from '../../app/use-navigation.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ID_CARD_INPUT_MAX, NAME_INPUT_MAX } from '../../../machines/real-name-form.constants.ts';
import { AGE_BAND_TEXT, WHY_TEXT } from './rules.ts';
import { SignedOutPrompt } from './SignedOutPrompt.tsx';
import { STEP_TWO, useIdentityCard, useRealNameForm } from './use-real-name.ts';
import './real-name.css';

/** /realnamecertificateone: the real-name form (姓名, 身份证号), the rules and why they apply. */

function RealNameForm() {
  const form = useRealNameForm();
  return (
    <form
      className="real-name__card real-name__form"
      data-state={form.state}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.submit();
      }}
    >
      <label className="real-name__field">
        <span className="real-name__label">姓名</span>
        <input
          className="real-name__input"
          name="real_name"
          value={form.realName}
          maxLength={NAME_INPUT_MAX}
          placeholder="请输入真实姓名"
          autoComplete="name"
          readOnly={form.busy}
          onChange={(event) => form.setName(event.target.value)}
        />
      </label>
      <label className="real-name__field">
        <span className="real-name__label">身份证号</span>
        <input
          className="real-name__input"
          name="id_card"
          value={form.idCard}
          maxLength={ID_CARD_INPUT_MAX}
          placeholder="请输入身份证号码"
          autoComplete="off"
          inputMode="text"
          readOnly={form.busy}
          onChange={(event) => form.setIdCard(event.target.value)}
        />
      </label>
      <p className="real-name__message" role="alert">
        {form.message ?? ''}
      </p>
      <button type="submit" className="real-name__button" disabled={form.busy}>
        {form.busy ? '提交中…' : '提交'}
      </button>
    </form>
  );
}

function Rules() {
  return (
    <section className="real-name__card real-name__rules" aria-label="认证说明">
      <h2 className="real-name__subtitle">为什么要实名认证</h2>
      <p>{WHY_TEXT}</p>
      <ul>
        <li>未成年人{AGE_BAND_TEXT['8-16'].rules[0]}，并按年龄限制充值金额（未满8周岁不能充值；8–16周岁单次≤50元、每月≤200元；16–18周岁单次≤100元、每月≤400元）。</li>
        <li>实名认证完成后不可修改，同一身份证最多可认证3个账号。</li>
        <li>身份信息加密保存，仅用于实名认证和防沉迷，页面上只显示打码后的信息。</li>
      </ul>
    </section>
  );
}

function SignedInContent() {
  const identity = useIdentityCard();
  if (identity.failed) return <LoadFailed message={identity.error} onRetry={identity.retry} />;
  if (!identity.data) return <div className="real-name__card real-name__skeleton skeleton" aria-busy="true" aria-label="加载中" />;
  if (identity.data.status === 1) {
    return (
      <section className="real-name__card real-name__done">
        <p>您已完成实名认证，认证信息不可修改</p>
        <Link to={STEP_TWO} replace className="real-name__button">
          查看认证信息
        </Link>
      </section>
    );
  }
  return <RealNameForm />;
}

export default function RealNameCertificateOnePage() {
  const signedIn = useSignedIn();
  return (
    <div className="page real-name">
      <PageHeader title="实名认证" />
      {signedIn ? <SignedInContent /> : <SignedOutPrompt />}
      <Rules />
    </div>
  );
}
