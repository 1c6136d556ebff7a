import { Alert, Card, Input, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useEffect, useState, type HTMLAttributes } from 'react';
import { list as accountList, type StaffAccountView } from '../../../../api/protocol/staff/accounts.ts';
import { list as auditList, type AuditEntry } from '../../../../api/protocol/staff/audit.ts';
import { STAFF_CODE } from '../../../../api/protocol/staff-codes.ts';
import { actionName, chinaTime } from '../../format.ts';
import { usePagedTable } from '../../kit/paged-table.ts';
import { useStaffClient } from '../../runtime-context.tsx';

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  return <pre className="staff-json">{JSON.stringify(value, null, 1)}</pre>;
}

const COLUMNS: TableColumnsType<AuditEntry> = [
  { title: '时间', dataIndex: 'at', render: chinaTime, width: 170 },
  { title: '员工', dataIndex: 'staff_name', render: (name: string | null) => name ?? '系统' },
  { title: '操作', dataIndex: 'action', render: (action: string) => <span title={action}>{actionName(action)}</span> },
  { title: '对象', dataIndex: 'target' },
  { title: '之前', dataIndex: 'before', render: (value: unknown) => <Json value={value} /> },
  { title: '之后', dataIndex: 'after', render: (value: unknown) => <Json value={value} /> },
  { title: 'IP', dataIndex: 'ip' },
];

/** 操作日志: every staff write and sign-in, newest first, by staff member and by action. */
export default function AuditPage() {
  const client = useStaffClient();
  const [accounts, setAccounts] = useState<StaffAccountView[]>([]);
  const [staffId, setStaffId] = useState('');
  const [action, setAction] = useState('');
  const list = usePagedTable('staffAudit', auditList, { ...(staffId ? { staff_id: staffId } : {}), ...(action ? { action } : {}) }, { empty: '暂无记录' });

  useEffect(() => {
    void client.call(accountList, {}).then((answer) => {
      if (answer.code === STAFF_CODE.ok) setAccounts(answer.data.list);
    });
  }, [client]);

  return (
    <div className="staff-page">
      <Card role="region" aria-label="筛选">
        <Space wrap size={16}>
          <Select
            aria-label="员工"
            className="staff-filter"
            value={staffId}
            onChange={setStaffId}
            options={[{ value: '', label: '全部员工' }, ...accounts.map((account) => ({ value: String(account.id), label: account.name }))]}
          />
          <Input.Search aria-label="操作" className="staff-filter-wide" placeholder="如 accounts.create" allowClear enterButton="筛选" onSearch={(value) => setAction(value.trim())} />
        </Space>
      </Card>
      <Card role="region" aria-label="日志">
        {list.error ? <Alert type="error" showIcon title={list.error} /> : null}
        <Table<AuditEntry> {...list.table} columns={COLUMNS} onRow={() => ({ 'data-testid': 'audit-row' }) as HTMLAttributes<HTMLElement>} />
      </Card>
    </div>
  );
}
