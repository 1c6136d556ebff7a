import { useState, type FormEvent } from 'react';
import { useStaffClient } from './runtime-context.tsx';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { login, type StaffMe } from '../../api/protocol/staff/auth.ts';
import { STAFF_CODE, STAFF_MSG, TOTP_DIGITS } from '../../api/protocol/staff-codes.ts';

/** Name, password and the authenticator's 6-digit code; the server's refusal is shown as it comes. */
export function SignInPage({ onSignedIn }: { onSignedIn: (me: StaffMe) => void }) {
  const client = useStaffClient();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    const missing = !name.trim() ? STAFF_MSG.nameRequired : !password ? STAFF_MSG.passwordRequired : !code ? STAFF_MSG.totpRequired : !new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code) ? STAFF_MSG.totpFormat : '';
    if (missing) {
      setError(missing);
      return;
    }
    setBusy(true);
    setError('');
    const answer = await client.call(login, { name: name.trim(), password, code });
    setBusy(false);
    if (answer.code === STAFF_CODE.ok) onSignedIn(answer.data);
    else {
      setError(answer.msg);
      setCode('');
    }
  };

  return (
    <div className="staff-signin">
      <form className="staff-signin-card" onSubmit={(event) => void submit(event)} aria-label="员工登录">
        <h1>乐玩游戏盒 · 员工后台</h1>
        <p className="staff-muted">使用员工账号、密码和身份验证器中的6位动态验证码登录</p>
        <label className="staff-field">
          <span>账号</span>
          <Input name="name" placeholder="员工账号" value={name} onChange={setName} autoComplete="username" clearable />
        </label>
        <label className="staff-field">
          <span>密码</span>
          <Input name="password" type="password" placeholder="密码" value={password} onChange={setPassword} autoComplete="current-password" />
        </label>
        <label className="staff-field">
          <span>动态验证码</span>
          <Input
            name="code"
            placeholder="6位数字"
            inputMode="numeric"
            maxLength={TOTP_DIGITS}
            value={code}
            onChange={(value) => setCode(value.replace(/\D/g, ''))}
            autoComplete="one-time-code"
            onEnterPress={() => void submit()}
          />
        </label>
        {error ? (
          <div className="staff-error" role="alert">
            {error}
          </div>
        ) : null}
        <Button block color="primary" type="submit" loading={busy} disabled={busy}>
          登录
        </Button>
      </form>
    </div>
  );
}
