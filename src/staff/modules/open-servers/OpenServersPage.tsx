import { Alert, App, Button, DatePicker, Form, Input, Modal, Space, Table, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import * as staffCalls from '../../../../api/protocol/staff-refs.ts';
import { formatChinaDateTime, IMPORT_ROWS_MAX, IMPORT_TEXT_MAX, LIST_RANGE_DAYS_MAX, OPEN_SERVER_MSG, serverNameProblem, SERVER_NAME_MAX } from '../../../../api/protocol/open-servers.ts';
import { STAFF_CODE } from '../../../../api/protocol/staff-codes.ts';
import { list as openServerList, type StaffOpenServer } from '../../../../api/protocol/staff/open-servers.ts';
import type { StaffResult } from '../../api.ts';
import { useStaffClient } from '../../runtime-context.tsx';
import { useStaffData } from '../../use-staff-data.ts';
import { GameSelect } from './GameSelect.tsx';

/**
 * 开服表: the schedule by date range (China time) and game, paged; add or edit one row in a form,
 * remove one after a confirmation, import a CSV (all or nothing: the refused rows are listed by
 * number). Times are wall-clock China time both ways: the picker's reading is sent as written and
 * rows are shown with formatChinaDateTime, whatever the browser's own time zone.
 */

const LIMIT = 20;
const DAY = 'YYYY-MM-DD';
const MINUTE = 'YYYY-MM-DD HH:mm';
/** Today in China, as the picker's wall clock. */
const chinaToday = () => dayjs(formatChinaDateTime(Date.now()).slice(0, 10), DAY);

type Editing = { row: StaffOpenServer | null } | null;
type ImportOutcome = { added: number; msg: string; refused: Array<{ row: number; message: string }> } | null;
interface FormValues {
  game_id: number;
  server_name: string;
  open_at: Dayjs;
}

export default function OpenServersPage() {
  const client = useStaffClient();
  const { message, modal } = App.useApp();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [chinaToday(), chinaToday().add(7, 'day')]);
  const [gameId, setGameId] = useState<number | undefined>(undefined);
  const [page, setPage] = useState(1);
  const payload = { from: range[0].format(DAY), to: range[1].format(DAY), page, limit: LIMIT, ...(gameId ? { game_id: gameId } : {}) };
  const { data, error, loading, reload } = useStaffData('staffOpenServers', openServerList, payload);
  const [editing, setEditing] = useState<Editing>(null);
  const [saving, setSaving] = useState(false);
  const [imported, setImported] = useState<ImportOutcome>(null);
  const [form] = Form.useForm<FormValues>();

  /** Shows a write's answer; true when it was done. */
  const answered = (answer: StaffResult<unknown>): boolean => {
    if (answer.code === STAFF_CODE.ok) {
      void message.success(answer.msg);
      reload();
      return true;
    }
    if (answer.code !== STAFF_CODE.notSignedIn) void message.error(answer.msg);
    return false;
  };

  const openForm = (row: StaffOpenServer | null) => {
    setEditing({ row });
    form.setFieldsValue(
      row
        ? { game_id: row.game_id, server_name: row.server_name, open_at: dayjs(formatChinaDateTime(row.open_at), MINUTE) }
        : { game_id: undefined as unknown as number, server_name: '', open_at: undefined as unknown as Dayjs },
    );
  };

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !editing) return;
    setSaving(true);
    const fields = { game_id: values.game_id, server_name: values.server_name.trim(), open_at: values.open_at.format(MINUTE) };
    const answer = editing.row ? await client.call(staffCalls.openServers.update, { id: editing.row.id, ...fields }) : await client.call(staffCalls.openServers.create, fields);
    setSaving(false);
    if (answered(answer)) setEditing(null);
  };

  const remove = (row: StaffOpenServer) =>
    modal.confirm({
      title: '删除开服记录',
      content: `删除「${row.game_name}」${row.server_name}（${formatChinaDateTime(row.open_at)}）？玩家将不再看到这条开服信息。`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        answered(await client.call(staffCalls.openServers.remove, { id: row.id }));
      },
    });

  const importFile = async (file: File) => {
    setImported(null);
    if (file.size > IMPORT_TEXT_MAX * 3) {
      void message.error(OPEN_SERVER_MSG.csvTooLong);
      return;
    }
    const answer = await client.call(staffCalls.openServers.importCsv, { csv: await file.text() });
    if (answer.code === STAFF_CODE.ok) {
      setImported({ added: answer.data.added, msg: answer.msg, refused: answer.data.refused });
      if (answer.data.added > 0) reload();
    } else if (answer.code !== STAFF_CODE.notSignedIn) setImported({ added: 0, msg: answer.msg, refused: [] });
  };

  return (
    <div className="staff-page">
      <section className="staff-card" aria-label="筛选">
        <Space wrap size="middle">
          <DatePicker.RangePicker
            aria-label="日期范围"
            allowClear={false}
            value={range}
            format={DAY}
            onChange={(next) => {
              if (!next?.[0] || !next[1]) return;
              if (next[1].diff(next[0], 'day') >= LIST_RANGE_DAYS_MAX) {
                void message.error(OPEN_SERVER_MSG.rangeInvalid);
                return;
              }
              setRange([next[0], next[1]]);
              setPage(1);
            }}
          />
          <GameSelect
            label="按游戏筛选"
            placeholder="全部游戏（输入名称或ID筛选）"
            allowClear
            value={gameId}
            style={{ width: 280 }}
            onChange={(id) => {
              setGameId(id);
              setPage(1);
            }}
          />
          <Button type="primary" onClick={() => openForm(null)}>
            添加开服
          </Button>
          <Upload
            accept=".csv,text/csv,text/plain"
            showUploadList={false}
            beforeUpload={(file) => {
              void importFile(file);
              return false;
            }}
          >
            <Button>导入CSV</Button>
          </Upload>
        </Space>
        <div className="staff-muted">
          CSV 每行三列：游戏ID或游戏全名, 区服名称, 开服时间（YYYY-MM-DD HH:mm，北京时间），可有表头行，一次至多 {IMPORT_ROWS_MAX} 行。任何一行有误则整个文件都不导入，请按提示修改后重新上传。
        </div>
        {imported && (
          <Alert
            type={imported.added > 0 ? 'success' : 'error'}
            showIcon
            closable={{ onClose: () => setImported(null) }}
            title={imported.msg}
            description={
              imported.refused.length > 0 ? (
                <ul className="open-servers-refused" aria-label="未通过的行">
                  {imported.refused.map((r) => (
                    <li key={r.row}>
                      第{r.row}行：{r.message}
                    </li>
                  ))}
                </ul>
              ) : undefined
            }
          />
        )}
      </section>
      <section className="staff-card" aria-label="开服记录">
        {error && <Alert type="error" showIcon title={error} action={<Button size="small" onClick={reload}>重试</Button>} />}
        <Table<StaffOpenServer>
          rowKey="id"
          size="middle"
          loading={loading}
          dataSource={data?.list ?? []}
          locale={{ emptyText: '该时间范围内没有开服记录' }}
          pagination={{ current: page, pageSize: LIMIT, total: data?.total ?? 0, showSizeChanger: false, showTotal: (total) => `共 ${total} 条`, onChange: setPage }}
          columns={[
            { title: '开服时间（北京时间）', dataIndex: 'open_at', width: 190, render: (value: string) => formatChinaDateTime(value) },
            { title: '游戏', dataIndex: 'game_name', render: (_: string, row) => `${row.game_name}（ID ${row.game_id}）` },
            { title: '区服', dataIndex: 'server_name', width: 200 },
            {
              title: '操作',
              key: 'actions',
              width: 140,
              render: (_: unknown, row) => (
                <Space>
                  <Button size="small" onClick={() => openForm(row)}>
                    编辑
                  </Button>
                  <Button size="small" danger onClick={() => remove(row)}>
                    删除
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </section>
      <Modal
        open={editing !== null}
        title={editing?.row ? '编辑开服记录' : '添加开服记录'}
        okText="保存"
        cancelText="取消"
        confirmLoading={saving}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form form={form} layout="vertical">
          <Form.Item name="game_id" label="游戏" rules={[{ required: true, message: OPEN_SERVER_MSG.gameMissing }]}>
            <GameSelect key={editing?.row?.id ?? 'new'} label="游戏" chosen={editing?.row ? { id: editing.row.game_id, name: editing.row.game_name } : null} />
          </Form.Item>
          <Form.Item
            name="server_name"
            label="区服名称"
            rules={[{ validator: (_, value: string | undefined) => { const problem = serverNameProblem((value ?? '').trim()); return problem ? Promise.reject(new Error(problem)) : Promise.resolve(); } }]}
          >
            <Input placeholder="如 双线1服" maxLength={SERVER_NAME_MAX} showCount />
          </Form.Item>
          <Form.Item name="open_at" label="开服时间（北京时间）" rules={[{ required: true, message: OPEN_SERVER_MSG.timeInvalid }]}>
            <DatePicker showTime={{ format: 'HH:mm' }} format={MINUTE} style={{ width: '100%' }} aria-label="开服时间" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
