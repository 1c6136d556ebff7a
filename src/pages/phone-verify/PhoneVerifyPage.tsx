import { useSignedIn } from '../../app/use-navigation.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SignInPrompt } from '../../features/account-security/account-parts.tsx';
import { useAccountInfo, usePhoneVerify } from '../../features/account-security/use-account-security.ts';
import { ActionButton, CodeButton, CodeField } from '../../features/login/login-controls.tsx';
import '../../features/login/login-overlay.css';
import { CODE_LENGTH } from '../../../machines/constants.ts';

/** /phoneverify: phone change step 1 — a code to the current phone proves the owner. */

function VerifyForm() {
  const info = useAccountInfo();
  const form = usePhoneVerify();
  return (
    <div className="account-form login-popup">
      <p className="account-form__hint">
        为了你的账号安全，请先验证当前绑定的手机号
        <br />
        <strong>{info.data?.phone ?? '···'}</strong>
      </p>
      <CodeField
        id="phone-verify-code"
        value={form.code}
        onChange={form.changeCode}
        disabled={form.submitting}
        maxLength={CODE_LENGTH}
        action={<CodeButton label={form.codeLabel} onClick={form.sendCode} disabled={!form.canSendCode} busy={form.sending} />}
      />
      <ActionButton onClick={form.submit} disabled={!form.canSubmit && !form.submitting} busy={form.submitting} busyText="验证中" dimmed={form.code === ''}>
        下一步
      </ActionButton>
    </div>
  );
}

export default function PhoneVerifyPage() {
  const signedIn = useSignedIn();
  return (
    <div className="page phone-verify">
      <PageHeader title="手机验证" />
      {signedIn ? <VerifyForm /> : <SignInPrompt text="登录后才能更换手机号" />}
    </div>
  );
}
