import type { PageProps } from '../../app/routes.ts';
import { useNavigate, useSignedIn } from '../../app/use-navigation.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SignInPrompt } from '../../features/account-security/account-parts.tsx';
import { ACCOUNT_PATHS, usePhoneBind } from '../../features/account-security/use-account-security.ts';
import { ActionButton, CodeButton, CodeField, PhoneField } from '../../features/login/login-controls.tsx';
import '../../features/login/login-overlay.css';
import { ACCOUNT_SECURITY_MESSAGES } from '../../../machines/account-security.constants.ts';
import { CODE_LENGTH } from '../../../machines/constants.ts';

/** /phoneverifynew: phone change step 2 — the new phone and its code, with step 1's ticket. */

function BindForm({ ticket }: { ticket: string }) {
  const form = usePhoneBind(ticket);
  return (
    <div className="account-form login-popup">
      <p className="account-form__hint">请输入新的手机号，验证后将作为登录账号</p>
      <PhoneField id="phone-bind-phone" value={form.phone} onChange={form.changePhone} disabled={form.submitting} />
      <CodeField
        id="phone-bind-code"
        value={form.code}
        onChange={form.changeCode}
        disabled={form.submitting}
        maxLength={CODE_LENGTH}
        action={<CodeButton label={form.codeLabel} onClick={form.sendCode} disabled={!form.canSendCode} busy={form.sending} />}
      />
      <ActionButton onClick={form.submit} disabled={!form.canSubmit && !form.submitting} busy={form.submitting} busyText="提交中" dimmed={!form.filled}>
        确定
      </ActionButton>
    </div>
  );
}

/** Opened without step 1's ticket (typed in, or an old link): say so and offer step 1. */
function VerifyFirst() {
  const navigate = useNavigate();
  return (
    <section className="account-signin">
      <p className="account-signin__text">{ACCOUNT_SECURITY_MESSAGES.verifyFirst}</p>
      <button type="button" className="account-signin__button" onClick={() => navigate(ACCOUNT_PATHS.phoneVerify, null, { replace: true })}>
        去验证
      </button>
    </section>
  );
}

export default function PhoneVerifyNewPage({ data }: PageProps) {
  const signedIn = useSignedIn();
  const ticket = typeof data?.ticket === 'string' && data.ticket !== '' ? data.ticket : null;
  return (
    <div className="page phone-verify-new">
      <PageHeader title="绑定新手机" />
      {!signedIn ? <SignInPrompt text="登录后才能更换手机号" /> : ticket ? <BindForm ticket={ticket} /> : <VerifyFirst />}
    </div>
  );
}
