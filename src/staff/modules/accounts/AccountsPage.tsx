import { useCallback, useEffect, useState } from 'react';
import { useStaffClient } from '../../runtime-context.tsx';
import Button from 'antd-mobile/es/components/button';
import { confirm } from '../../../components/ConfirmDialog.tsx';
import Input from 'antd-mobile/es/components/input';
import Selector from 'antd-mobile/es/components/selector';
import Tag from 'antd-mobile/es/components/tag';
import Toast from 'antd-mobile/es/components/toast';
import { QRCodeSVG } from 'qrcode.react';
import * as accountCalls from '../../../../api/protocol/staff/accounts.ts';
import type { StaffAccountView, StaffCredentials } from '../../../../api/protocol/staff/accounts.ts';
import { STAFF_CODE, STAFF_NAME_MSG, STAFF_NAME_PATTERN, STAFF_ROLE_NAMES, STAFF_ROLES, type StaffRole } from '../../../../api/protocol/staff-codes.ts';
import { chinaTime } from '../../format.ts';
import type { StaffPageProps } from '../../modules.ts';

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ label: STAFF_ROLE_NAMES[role], value: role }));

/** The new credentials, shown once: nothing keeps them after this card is closed. */
function CredentialsCard({ shown, onClose }: { shown: { title: string; credentials: StaffCredentials }; onClose: () => void }) {
  const { account, password, totp_secret: secret, otpauth_uri: uri } = shown.credentials;
  return (
    <section className="staff-card staff-credentials" aria-label="新凭据">
      <h2>{shown.title}：{account.name}</h2>
      <p className="staff-warn">以下信息只显示这一次，请立即通过安全渠道交给本人；关闭后无法再次查看。</p>
      <dl>
        {password ? (
          <>
            <dt>初始密码</dt>
            <dd>
              <code data-testid="new-password">{password}</code>
            </dd>
          </>
        ) : null}
        {secret && uri ? (
          <>
            <dt>动态验证码密钥</dt>
            <dd>
              <code data-testid="new-totp-secret">{secret}</code>
            </dd>
            <dt>身份验证器扫码添加</dt>
            <dd>
              <QRCodeSVG value={uri} size={160} marginSize={2} title="动态验证码二维码" />
              <div className="staff-uri">
                <code data-testid="new-otpauth-uri">{uri}</code>
              </div>
            </dd>
          </>
        ) : null}
      </dl>
      <Button size="small" onClick={onClose}>
        我已妥善保存，关闭
      </Button>
    </section>
  );
}

export default function AccountsPage({ staff }: StaffPageProps) {
  const client = useStaffClient();
  const [accounts, setAccounts] = useState<StaffAccountView[] | null>(null);
  const [error, setError] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('agent');
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

  const create = async () => {
    const trimmed = name.trim();
    if (!STAFF_NAME_PATTERN.test(trimmed)) {
      Toast.show({ content: STAFF_NAME_MSG });
      return;
    }
    setCreating(true);
    const answer = await client.call(accountCalls.create, { name: trimmed, role });
    setCreating(false);
    if (answer.code !== STAFF_CODE.ok) {
      Toast.show({ content: answer.msg });
      return;
    }
    setName('');
    setShown({ title: '账号已创建', credentials: answer.data });
    void load();
  };

  const act = async (account: StaffAccountView, what: 'disable' | 'enable' | 'resetPassword' | 'resetTotp' | 'unlock') => {
    const texts = {
      unlock: `解除 ${account.name} 的登录锁定？其在各网络、各设备上的登录失败次数将清零。`,
      disable: `停用 ${account.name}？停用后其登录会话立即失效。`,
      enable: `重新启用 ${account.name}？`,
      resetPassword: `为 ${account.name} 生成新密码？其登录会话立即失效。`,
      resetTotp: `为 ${account.name} 重新生成动态验证码密钥？旧的身份验证器将失效，其登录会话立即失效。`,
    };
    if (!(await confirm({ content: texts[what], confirmText: '确定', cancelText: '取消' }))) return;
    const answer =
      what === 'disable' || what === 'enable'
        ? await client.call(accountCalls.disable, { id: account.id, disabled: what === 'disable' ? '1' : '0' })
        : await client.call(what === 'unlock' ? accountCalls.unlock : what === 'resetPassword' ? accountCalls.resetPassword : accountCalls.resetTotp, { id: account.id });
    if (answer.code !== STAFF_CODE.ok) {
      Toast.show({ content: answer.msg });
      return;
    }
    Toast.show({ content: answer.msg });
    if (what === 'resetPassword' || what === 'resetTotp') setShown({ title: answer.msg, credentials: answer.data as StaffCredentials });
    void load();
  };

  return (
    <div className="staff-page">
      {shown ? <CredentialsCard shown={shown} onClose={() => setShown(null)} /> : null}
      <section className="staff-card" aria-label="新建账号">
        <h2>新建账号</h2>
        <div className="staff-row">
          <label className="staff-field staff-grow">
            <span>账号名</span>
            <Input name="new-name" placeholder="2–32位字母、数字、. _ -" value={name} onChange={setName} clearable />
          </label>
        </div>
        <div className="staff-field">
          <span>角色</span>
          <Selector options={ROLE_OPTIONS} value={[role]} onChange={(values) => values[0] && setRole(values[0])} />
        </div>
        <Button color="primary" loading={creating} disabled={creating} onClick={() => void create()}>
          创建账号
        </Button>
      </section>
      <section className="staff-card" aria-label="账号列表">
        <h2>账号列表</h2>
        {error ? <div className="staff-error">{error}</div> : null}
        {accounts === null ? (
          <div className="staff-muted">加载中…</div>
        ) : (
          <table className="staff-table">
            <thead>
              <tr>
                <th>账号</th>
                <th>角色</th>
                <th>状态</th>
                <th>创建时间</th>
                <th>最近登录</th>
                <th>操作</th>
              </tr>
            </thead>
            <tbody>
              {accounts.map((account) => (
                <tr key={account.id} data-testid={`account-${account.name}`}>
                  <td>{account.name}</td>
                  <td>{STAFF_ROLE_NAMES[account.role]}</td>
                  <td>{account.disabled ? <Tag color="danger">已停用</Tag> : <Tag color="success">正常</Tag>}</td>
                  <td>{chinaTime(account.created_at)}</td>
                  <td>{chinaTime(account.last_login_at)}</td>
                  <td className="staff-actions">
                    {account.id === staff.id ? (
                      <span className="staff-muted">当前账号</span>
                    ) : (
                      <>
                        <Button size="mini" onClick={() => void act(account, account.disabled ? 'enable' : 'disable')}>
                          {account.disabled ? '启用' : '停用'}
                        </Button>
                        <Button size="mini" onClick={() => void act(account, 'resetPassword')}>
                          重置密码
                        </Button>
                        <Button size="mini" onClick={() => void act(account, 'resetTotp')}>
                          重置验证码
                        </Button>
                        <Button size="mini" onClick={() => void act(account, 'unlock')}>
                          解除锁定
                        </Button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
