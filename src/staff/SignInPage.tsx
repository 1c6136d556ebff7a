import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { login, type StaffMe } from '../../api/protocol/staff/auth.ts';
import { STAFF_CODE, STAFF_MSG, TOTP_DIGITS } from '../../api/protocol/staff-codes.ts';
import { useStaffClient } from './runtime-context.tsx';

interface SignInFields {
  name: string;
  password: string;
  code: string;
}

/** Name, password and the authenticator's 6-digit code; the server's refusal is shown as it comes. */
export function SignInPage({ onSignedIn }: { onSignedIn: (me: StaffMe) => void }) {
  const client = useStaffClient();
  const [form] = Form.useForm<SignInFields>();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (fields: SignInFields) => {
    if (busy) return;
    setBusy(true);
    setError('');
    const answer = await client.call(login, { name: fields.name.trim(), password: fields.password, code: fields.code });
    setBusy(false);
    if (answer.code === STAFF_CODE.ok) onSignedIn(answer.data);
    else {
      setError(answer.msg);
      // A code works once: the next try needs a new one.
      form.setFieldValue('code', '');
    }
  };

  return (
    <div className="staff-signin">
      <Card className="staff-signin-card">
        <Typography.Title level={1} className="staff-signin-title">
          乐玩游戏盒 · 员工后台
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="staff-signin-hint">
          使用员工账号、密码和<span>身份验证器中的6位动态验证码登录</span>
        </Typography.Paragraph>
        <Form form={form} layout="vertical" aria-label="员工登录" requiredMark={false} onFinish={(fields) => void submit(fields)} validateTrigger="onSubmit">
          <Form.Item label="账号" name="name" rules={[{ required: true, whitespace: true, message: STAFF_MSG.nameRequired }]}>
            <Input placeholder="员工账号" autoComplete="username" allowClear />
          </Form.Item>
          <Form.Item label="密码" name="password" rules={[{ required: true, message: STAFF_MSG.passwordRequired }]}>
            <Input.Password placeholder="密码" autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            label="动态验证码"
            name="code"
            normalize={(value: string) => value.replace(/\D/g, '')}
            rules={[
              { required: true, message: STAFF_MSG.totpRequired },
              { pattern: new RegExp(`^\\d{${TOTP_DIGITS}}$`), message: STAFF_MSG.totpFormat },
            ]}
          >
            <Input placeholder="6位数字" inputMode="numeric" maxLength={TOTP_DIGITS} autoComplete="one-time-code" />
          </Form.Item>
          {error ? <Alert type="error" showIcon title={error} className="staff-signin-error" /> : null}
          <Button block type="primary" htmlType="submit" loading={busy}>
            登录
          </Button>
        </Form>
      </Card>
    </div>
  );
}
