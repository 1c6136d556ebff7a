import { useEffect, useState } from 'react';
import { useStaffClient } from '../../runtime-context.tsx';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { list as accountList, type StaffAccountView } from '../../../../api/protocol/staff/accounts.ts';
import { list as auditList } from '../../../../api/protocol/staff/audit.ts';
import { STAFF_CODE } from '../../../../api/protocol/staff-codes.ts';
import { actionName, chinaTime } from '../../format.ts';
import { useStaffData } from '../../use-staff-data.ts';

const LIMIT = 20;

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="staff-muted">—</span>;
  return <pre className="staff-json">{JSON.stringify(value, null, 1)}</pre>;
}

export default function AuditPage() {
  const client = useStaffClient();
  const [accounts, setAccounts] = useState<StaffAccountView[]>([]);
  const [staffId, setStaffId] = useState('');
  const [action, setAction] = useState('');
  const [applied, setApplied] = useState<{ staffId: string; action: string }>({ staffId: '', action: '' });
  const [page, setPage] = useState(1);
  const { data: result, error } = useStaffData('staffAudit', auditList, { page, limit: LIMIT, ...(applied.staffId ? { staff_id: applied.staffId } : {}), ...(applied.action ? { action: applied.action } : {}) });

  useEffect(() => {
    void client.call(accountList, {}).then((answer) => {
      if (answer.code === STAFF_CODE.ok) setAccounts(answer.data.list);
    });
  }, [client]);

  const pages = result ? Math.max(1, Math.ceil(result.total / LIMIT)) : 1;
  return (
    <div className="staff-page">
      <section className="staff-card staff-row staff-filters" aria-label="筛选">
        <label className="staff-field">
          <span>员工</span>
          <select name="staff" value={staffId} onChange={(event) => setStaffId(event.target.value)}>
            <option value="">全部员工</option>
            {accounts.map((account) => (
              <option key={account.id} value={String(account.id)}>
                {account.name}
              </option>
            ))}
          </select>
        </label>
        <label className="staff-field staff-grow">
          <span>操作</span>
          <Input name="action" placeholder="如 accounts.create" value={action} onChange={setAction} clearable />
        </label>
        <Button
          color="primary"
          onClick={() => {
            setPage(1);
            setApplied({ staffId, action: action.trim() });
          }}
        >
          筛选
        </Button>
      </section>
      <section className="staff-card" aria-label="日志">
        {error ? <div className="staff-error">{error}</div> : null}
        {result === null ? (
          <div className="staff-muted">加载中…</div>
        ) : result.list.length === 0 ? (
          <div className="staff-muted">暂无记录</div>
        ) : (
          <table className="staff-table">
            <thead>
              <tr>
                <th>时间</th>
                <th>员工</th>
                <th>操作</th>
                <th>对象</th>
                <th>之前</th>
                <th>之后</th>
                <th>IP</th>
              </tr>
            </thead>
            <tbody>
              {result.list.map((entry) => (
                <tr key={entry.id} data-testid="audit-row">
                  <td>{chinaTime(entry.at)}</td>
                  <td>{entry.staff_name ?? '系统'}</td>
                  <td title={entry.action}>{actionName(entry.action)}</td>
                  <td>{entry.target}</td>
                  <td>
                    <Json value={entry.before} />
                  </td>
                  <td>
                    <Json value={entry.after} />
                  </td>
                  <td>{entry.ip}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <div className="staff-pager">
          <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            上一页
          </Button>
          <span>
            第 {page} / {pages} 页，共 {result?.total ?? 0} 条
          </span>
          <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            下一页
          </Button>
        </div>
      </section>
    </div>
  );
}
