import { useSignedIn } from '../../app/use-navigation.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SignInPrompt } from '../../features/account-security/account-parts.tsx';
import { useAccountInfo, usePasswordChange } from '../../features/account-security/use-account-security.ts';
import { ActionButton, CodeButton, CodeField, PasswordField } from '../../features/login/login-controls.tsx';
import '../../features/login/login-overlay.css';
import { CODE_LENGTH, PASSWORD_MAX_LENGTH } from '../../../machines/constants.ts';

/** /editpassword: prove the owner (old password or SMS code), then the new password twice. */

const METHODS = [
  { method: 'password', label: '原密码验证' },
  { method: 'code', label: '短信验证码验证' },
] as const;

function PasswordForm({ hasPassword, phone }: { hasPassword: boolean; phone: string }) {
  const form = usePasswordChange(hasPassword);
  const methods = METHODS.filter((entry) => entry.method === 'code' || form.offersPassword);
  return (
    <div className="account-form login-popup">
      <Tabs tabs={methods.map((entry) => ({ key: entry.method, label: entry.label }))} value={form.method} onChange={form.chooseMethod} label="验证方式" />
      {form.method === 'password' ? (
        <PasswordField id="old-password" label="原密码" placeholder="请输入原密码" autoComplete="current-password" maxLength={PASSWORD_MAX_LENGTH} value={form.oldPassword} onChange={form.changeOldPassword} disabled={form.submitting} />
      ) : (
        <>
          <p className="account-form__hint">
            {hasPassword ? '' : '你的账号还没有设置密码，'}验证码将发送至 <strong>{phone}</strong>
          </p>
          <CodeField
            id="password-code"
            value={form.code}
            onChange={form.changeCode}
            disabled={form.submitting}
            maxLength={CODE_LENGTH}
            action={<CodeButton label={form.codeLabel} onClick={form.sendCode} disabled={!form.canSendCode} busy={form.sending} />}
          />
        </>
      )}
      <PasswordField id="new-password" label="新密码" placeholder="请输入6-15位数字字母组合密码" autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} value={form.newPassword} onChange={form.changeNewPassword} disabled={form.submitting} />
      <PasswordField id="confirm-password" label="确认新密码" placeholder="请再次输入6-15位数字字母组合密码" autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} value={form.confirmPassword} onChange={form.changeConfirmPassword} disabled={form.submitting} />
      <ActionButton onClick={form.submit} disabled={!form.canSubmit && !form.submitting} busy={form.submitting} busyText="提交中" dimmed={!form.filled}>
        确定
      </ActionButton>
    </div>
  );
}

function EditPassword() {
  const info = useAccountInfo();
  if (info.failed) return <LoadFailed message={info.error} onRetry={info.retry} />;
  if (!info.data) return <div className="account-form" aria-busy="true" aria-label="加载中" />;
  return <PasswordForm hasPassword={info.data.has_password} phone={info.data.phone} />;
}

export default function EditPasswordPage() {
  const signedIn = useSignedIn();
  return (
    <div className="page edit-password">
      <PageHeader title="修改密码" />
      {signedIn ? <EditPassword /> : <SignInPrompt text="登录后才能修改密码" />}
    </div>
  );
}
