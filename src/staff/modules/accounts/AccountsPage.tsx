import { useCallback, useEffect, useState, type HTMLAttributes } from 'react';
import { Alert, App, Button, Card, Descriptions, Form, Input, Radio, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import * as accountCalls from '../../../../api/protocol/staff/accounts.ts';
import type { StaffAccountView, StaffCredentials } from '../../../../api/protocol/staff/accounts.ts';
import { STAFF_CODE, STAFF_NAME_MSG, STAFF_NAME_PATTERN, STAFF_ROLE_NAMES, STAFF_ROLES, type StaffRole } from '../../../../api/protocol/staff-codes.ts';
import { chinaTime } from '../../format.ts';
import { useConfirm } from '../../kit/confirm.ts';
import type { StaffPageProps } from '../../modules.ts';
import { useStaffClient } from '../../runtime-context.tsx';

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ label: STAFF_ROLE_NAMES[role], value: role }));

/** The new credentials, shown once: nothing keeps them after this card is closed. */
function CredentialsCard({ shown, onClose }: { shown: { title: string; credentials: StaffCredentials }; onClose: () => void }) {
  const { account, password, totp_secret: secret, otpauth_uri: uri } = shown.credentials;
  const items = [
    ...(password ? [{ key: 'password', label: '初始密码', children: <Typography.Text code data-testid="new-password">{password}</Typography.Text> }] : []),
    ...(secret && uri
      ? [
          { key: 'secret', label: '动态验证码密钥', children: <Typography.Text code data-testid="new-totp-secret">{secret}</Typography.Text> },
          {
            key: 'qr',
            label: '身份验证器扫码添加',
            children: (
              <div>
                <QRCodeSVG value={uri} size={160} marginSize={2} title="动态验证码二维码" />
                <div className="staff-uri">
                  <Typography.Text code data-testid="new-otpauth-uri">{uri}</Typography.Text>
                </div>
              </div>
            ),
          },
        ]
      : []),
  ];
  return (
    <Card role="region" aria-label="新凭据" title={`${shown.title}：${account.name}`}>
      <Alert type="warning" showIcon title="以下信息只显示这一次，请立即通过安全渠道交给本人；关闭后无法再次查看。" />
      <Descriptions column={1} bordered size="small" items={items} className="staff-credentials" />
      <Button onClick={onClose}>我已妥善保存，关闭</Button>
    </Card>
  );
}

type Act = 'disable' | 'enable' | 'resetPassword' | 'resetTotp' | 'unlock';

export default function AccountsPage({ staff }: StaffPageProps) {
  const client = useStaffClient();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [form] = Form.useForm<{ name: string; role: StaffRole }>();
  const [accounts, setAccounts] = useState<StaffAccountView[] | null>(null);
  const [error, setError] = useState('');
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ title: string; credentials: StaffCredentials } | null>(null);

  const load = useCallback(async () => {
    const answer = await client.call(accountCalls.list, {});
    if (answer.code === STAFF_CODE.ok) {
      setAccounts(answer.data.list);
      setError('');
    } else if (answer.code !== STAFF_CODE.notSignedIn) setError(answer.msg);
  }, [client]);
  useEffect(() => {
    void load();
  }, [load]);

  const create = async ({ name, role }: { name: string; role: StaffRole }) => {
    setCreating(true);
    const answer = await client.call(accountCalls.create, { name: name.trim(), role });
    setCreating(false);
    if (answer.code !== STAFF_CODE.ok) {
      if (answer.code !== STAFF_CODE.notSignedIn) form.setFields([{ name: 'name', errors: [answer.msg] }]);
      return;
    }
    form.resetFields(['name']);
    setShown({ title: '账号已创建', credentials: answer.data });
    void load();
  };

  const act = async (account: StaffAccountView, what: Act) => {
    const texts = {
      unlock: `解除 ${account.name} 的登录锁定？其在各网络、各设备上的登录失败次数将清零。`,
      disable: `停用 ${account.name}？停用后其登录会话立即失效。`,
      enable: `重新启用 ${account.name}？`,
      resetPassword: `为 ${account.name} 生成新密码？其登录会话立即失效。`,
      resetTotp: `为 ${account.name} 重新生成动态验证码密钥？旧的身份验证器将失效，其登录会话立即失效。`,
    };
    if (!(await confirm({ content: texts[what], danger: what === 'disable' }))) return;
    const answer =
      what === 'disable' || what === 'enable'
        ? await client.call(accountCalls.disable, { id: account.id, disabled: what === 'disable' ? '1' : '0' })
        : await client.call(what === 'unlock' ? accountCalls.unlock : what === 'resetPassword' ? accountCalls.resetPassword : accountCalls.resetTotp, { id: account.id });
    if (answer.code !== STAFF_CODE.ok) {
      if (answer.code !== STAFF_CODE.notSignedIn) void message.error(answer.msg);
      return;
    }
    void message.success(answer.msg);
    if (what === 'resetPassword' || what === 'resetTotp') setShown({ title: answer.msg, credentials: answer.data as StaffCredentials });
    void load();
  };

  const columns: TableColumnsType<StaffAccountView> = [
    { title: '账号', dataIndex: 'name' },
    { title: '角色', dataIndex: 'role', render: (role: StaffRole) => STAFF_ROLE_NAMES[role] },
    { title: '状态', dataIndex: 'disabled', render: (disabled: boolean) => (disabled ? <Tag color="error">已停用</Tag> : <Tag color="success">正常</Tag>) },
    { title: '创建时间', dataIndex: 'created_at', render: chinaTime },
    { title: '最近登录', dataIndex: 'last_login_at', render: chinaTime },
    {
      title: '操作',
      key: 'actions',
      render: (_, account) =>
        account.id === staff.id ? (
          <Typography.Text type="secondary">当前账号</Typography.Text>
        ) : (
          <Space size={4} wrap>
            <Button size="small" danger={!account.disabled} onClick={() => void act(account, account.disabled ? 'enable' : 'disable')}>
              {account.disabled ? '启用' : '停用'}
            </Button>
            <Button size="small" onClick={() => void act(account, 'resetPassword')}>
              重置密码
            </Button>
            <Button size="small" onClick={() => void act(account, 'resetTotp')}>
              重置验证码
            </Button>
            <Button size="small" onClick={() => void act(account, 'unlock')}>
              解除锁定
            </Button>
          </Space>
        ),
    },
  ];

  return (
    <div className="staff-page">
      {shown ? <CredentialsCard shown={shown} onClose={() => setShown(null)} /> : null}
      <Card role="region" aria-label="新建账号" title="新建账号">
        <Form form={form} layout="vertical" initialValues={{ name: '', role: 'agent' }} onFinish={(fields) => void create(fields)} requiredMark={false}>
          <Form.Item label="账号名" name="name" rules={[{ validator: (_, value: string) => (STAFF_NAME_PATTERN.test((value ?? '').trim()) ? Promise.resolve() : Promise.reject(new Error(STAFF_NAME_MSG))) }]}>
            <Input placeholder="2–32位字母、数字、. _ -" allowClear className="staff-input" />
          </Form.Item>
          <Form.Item label="角色" name="role">
            <Radio.Group optionType="button" options={ROLE_OPTIONS} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={creating}>
            创建账号
          </Button>
        </Form>
      </Card>
      <Card role="region" aria-label="账号列表" title="账号列表">
        {error ? <Alert type="error" showIcon title={error} /> : null}
        <Table<StaffAccountView>
          rowKey="id"
          columns={columns}
          dataSource={accounts ?? []}
          loading={accounts === null && !error}
          pagination={false}
          onRow={(account) => ({ 'data-testid': `account-${account.name}` }) as HTMLAttributes<HTMLElement>}
        />
      </Card>
    </div>
  );
}
