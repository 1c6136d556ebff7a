import { App, Alert, Button, DatePicker, Drawer, Form, Input, InputNumber, Modal, Segmented, Select, Space, Table, Tag, Upload } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import {
  GIFT_CODE_MAX,
  GIFT_IMPORT_MAX_LINES,
  GIFT_NAME_MAX,
  GIFT_PACK_MSG,
  GIFT_PACK_STATUS_NAMES,
  GIFT_PACK_STATUSES,
  GIFT_REFUSAL_KINDS,
  GIFT_REFUSAL_NAMES,
  GIFT_TEXT_MAX,
  GIFT_VIP_MAX,
  GIFT_WITHDRAW_MAX_IDS,
  type GiftCodeFilter,
  type GiftPackStatus,
} from '../../../../api/protocol/gift-packs.ts';
import { codes as codeList, list as packList, type StaffGiftCode, type StaffGiftPack } from '../../../../api/protocol/staff/gifts.ts';
import * as staffCalls from '../../../../api/protocol/staff-refs.ts';
import { STAFF_CODE } from '../../../../api/protocol/staff-codes.ts';
import { chinaTime } from '../../format.ts';
import { GamePicker } from '../../kit/GamePicker.tsx';
import { usePagedTable } from '../../kit/paged-table.ts';
import { useStaffClient } from '../../runtime-context.tsx';
import './gifts.css';

/**
 * 礼包管理: the packs (by game, keyword and status, with their stock), a pack's form (game, words,
 * validity, VIP level), importing a TXT/CSV code file (the answer says how many were added and why
 * the others were refused), and a pack's codes: who claimed which and when, withdrawing free ones
 * (selected or all). The server checks every rule again; its refusals are shown as they come.
 */

/** A pack's codes are many and short: more of them a page. */
const CODES_LIMIT = 50;
const STATUS_COLORS: Record<GiftPackStatus, string> = { upcoming: 'blue', active: 'green', soldout: 'orange', expired: 'default' };

interface PackFormValues {
  game_id: number;
  name: string;
  content: string;
  usage: string;
  validity: [Dayjs, Dayjs];
  vip_level: number;
}

function PackForm({ pack, onClose, onSaved }: { pack: StaffGiftPack | 'new'; onClose: () => void; onSaved: (pack: StaffGiftPack) => void }) {
  const client = useStaffClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<PackFormValues>();
  const [busy, setBusy] = useState(false);
  const editing = pack === 'new' ? null : pack;
  const initial: Partial<PackFormValues> = editing
    ? { game_id: editing.game.id, name: editing.name, content: editing.content, usage: editing.usage, vip_level: editing.vip_level, validity: [dayjs(editing.valid_from ?? editing.valid_until), dayjs(editing.valid_until)] }
    : { vip_level: 0, validity: [dayjs().startOf('minute'), dayjs().add(30, 'day').endOf('day')] };

  const submit = async (values: PackFormValues) => {
    setBusy(true);
    const answer = await client.call(staffCalls.gifts.save, {
      ...(editing ? { id: editing.id } : {}),
      game_id: values.game_id,
      name: values.name,
      content: values.content,
      usage: values.usage,
      valid_from: values.validity[0].toISOString(),
      valid_until: values.validity[1].toISOString(),
      vip_level: values.vip_level,
    });
    setBusy(false);
    if (answer.code === STAFF_CODE.ok) {
      void message.success(answer.msg);
      onSaved(answer.data.pack);
    } else if (answer.code !== STAFF_CODE.notSignedIn) void message.error(answer.msg);
  };

  return (
    <Modal open title={editing ? `编辑礼包 #${editing.id}` : '新建礼包'} onCancel={onClose} okText="保存" cancelText="取消" confirmLoading={busy} onOk={() => form.submit()} width={640} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(values) => void submit(values)} name="gift-pack">
        <Form.Item name="game_id" label="游戏" rules={[{ required: true, message: '请选择游戏' }]} extra={editing ? '礼包的兑换码属于这个游戏，不能改到其他游戏' : undefined}>
          {editing ? <Input value={`${editing.game.name}（${editing.game.id}）`} disabled /> : <GamePicker placeholder="输入游戏名或游戏 ID 查找" />}
        </Form.Item>
        <Form.Item name="name" label="礼包名称" rules={[{ required: true, whitespace: true, message: GIFT_PACK_MSG.nameRequired }, { max: GIFT_NAME_MAX, message: GIFT_PACK_MSG.nameLong }]}>
          <Input placeholder="如：新手礼包" showCount maxLength={GIFT_NAME_MAX} />
        </Form.Item>
        <Form.Item name="content" label="礼包内容" rules={[{ required: true, whitespace: true, message: GIFT_PACK_MSG.contentRequired }, { max: GIFT_TEXT_MAX, message: GIFT_PACK_MSG.contentLong }]}>
          <Input.TextArea placeholder="如：元宝x888，金币x10000" showCount maxLength={GIFT_TEXT_MAX} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name="usage" label="使用说明" rules={[{ required: true, whitespace: true, message: GIFT_PACK_MSG.usageRequired }, { max: GIFT_TEXT_MAX, message: GIFT_PACK_MSG.usageLong }]}>
          <Input.TextArea placeholder="如：进入游戏后在福利-兑换码输入礼包码" showCount maxLength={GIFT_TEXT_MAX} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name="validity" label="有效期" rules={[{ required: true, message: GIFT_PACK_MSG.validUntilRequired }]} extra="开始前玩家看不到这个礼包；结束后不能再领取">
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} placeholder={['开始时间', '结束时间']} />
        </Form.Item>
        <Form.Item name="vip_level" label="领取要求：VIP 等级" rules={[{ required: true, type: 'integer', min: 0, max: GIFT_VIP_MAX, message: GIFT_PACK_MSG.vipLevel }]} extra="0 为所有登录玩家可领；大于 0 时玩家页面标注 VIP 等级，由游戏在兑换时校验">
          <InputNumber min={0} max={GIFT_VIP_MAX} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type ImportResult = { msg: string; added: number; refused: Record<(typeof GIFT_REFUSAL_KINDS)[number], number> };

function ImportDialog({ pack, onClose, onImported }: { pack: StaffGiftPack; onClose: () => void; onImported: () => void }) {
  const client = useStaffClient();
  const { message } = App.useApp();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);

  const send = async () => {
    if (!file) return void message.error(GIFT_PACK_MSG.fileRequired);
    setBusy(true);
    const answer = await client.call(staffCalls.gifts.importCodes, { pack_id: pack.id, text: file.text, file_name: file.name });
    setBusy(false);
    if (answer.code === STAFF_CODE.ok) {
      setResult({ msg: answer.msg, added: answer.data.added, refused: answer.data.refused });
      void message.success(answer.msg);
      onImported();
    } else if (answer.code !== STAFF_CODE.notSignedIn) void message.error(answer.msg);
  };

  return (
    <Modal
      open
      title={`导入兑换码：${pack.name}（${pack.game.name}）`}
      onCancel={onClose}
      width={600}
      footer={[
        <Button key="close" onClick={onClose}>
          {result ? '完成' : '取消'}
        </Button>,
        <Button key="import" type="primary" loading={busy} disabled={!file || result !== null} onClick={() => void send()}>
          导入
        </Button>,
      ]}
      destroyOnHidden
    >
      <Upload.Dragger
        accept=".txt,.csv,text/plain,text/csv"
        maxCount={1}
        fileList={file ? [{ uid: 'codes', name: file.name, status: 'done' }] : []}
        beforeUpload={(chosen) => {
          // Read here and sent with the import call: the pack's import is one transaction.
          void chosen.text().then((text) => {
            setFile({ name: chosen.name, text });
            setResult(null);
          });
          return false;
        }}
        onRemove={() => {
          setFile(null);
          setResult(null);
        }}
      >
        <p className="gifts-upload__title">点击或拖入兑换码文件（TXT / CSV）</p>
        <p className="gifts-upload__hint">
          每行一个兑换码，或 CSV 的第一列；至多 {GIFT_IMPORT_MAX_LINES} 行。兑换码由字母、数字、- 和 _ 组成，至多 {GIFT_CODE_MAX} 个字符；文件内重复的与礼包中已有的不会导入。
        </p>
      </Upload.Dragger>
      {result ? (
        <Alert
          className="gifts-import-result"
          type={result.added > 0 ? 'success' : 'warning'}
          title={result.msg}
          description={
            <ul className="gifts-import-reasons" aria-label="拒绝原因">
              {GIFT_REFUSAL_KINDS.map((kind) => (
                <li key={kind}>
                  {GIFT_REFUSAL_NAMES[kind]}：{result.refused[kind]}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
    </Modal>
  );
}

const CODE_FILTER_NAMES: Record<GiftCodeFilter, string> = { all: '全部', free: '未领取', claimed: '已领取' };

function CodesDrawer({ pack, onClose, onChanged }: { pack: StaffGiftPack; onClose: () => void; onChanged: () => void }) {
  const client = useStaffClient();
  const { message, modal } = App.useApp();
  const [filter, setFilter] = useState<GiftCodeFilter>('all');
  const [selected, setSelected] = useState<number[]>([]);
  const codes = usePagedTable('staffGiftCodes', codeList, { pack_id: pack.id, filter }, { limit: CODES_LIMIT, empty: filter === 'claimed' ? '还没有玩家领取' : '没有兑换码，请先导入' });
  const shown = codes.data?.pack ?? pack;

  const withdraw = (ids: number[] | null) =>
    modal.confirm({
      title: ids ? `撤回选中的 ${ids.length} 个兑换码？` : `撤回全部 ${shown.remaining} 个未领取的兑换码？`,
      content: '撤回后玩家不能再领取这些码；已被领取的码保留。',
      okText: '撤回',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        const answer = await client.call(staffCalls.gifts.withdraw, ids ? { pack_id: pack.id, ids } : { pack_id: pack.id });
        if (answer.code === STAFF_CODE.ok) {
          void message.success(answer.msg);
          setSelected([]);
          codes.reload();
          onChanged();
        } else if (answer.code !== STAFF_CODE.notSignedIn) void message.error(answer.msg);
      },
    });

  const columns: TableColumnsType<StaffGiftCode> = [
    { title: '兑换码', dataIndex: 'code', render: (code: string) => <code className="gifts-code">{code}</code> },
    { title: '状态', dataIndex: 'claimed', width: 90, render: (claimed: boolean) => (claimed ? <Tag color="orange">已领取</Tag> : <Tag color="green">未领取</Tag>) },
    { title: '领取人', dataIndex: 'user', render: (user: StaffGiftCode['user'], row) => (user ? `${user.nickname}（ID ${user.id} · ${user.phone}）` : row.claimed ? '账号已注销' : '—') },
    { title: '领取时间', dataIndex: 'claimed_at', width: 170, render: (at: string | null) => chinaTime(at) },
  ];

  return (
    <Drawer open title={`兑换码：${pack.name}（${pack.game.name}）`} size={820} onClose={onClose} destroyOnHidden>
      <div className="gifts-stock" aria-label="库存">
        总数 <b>{shown.total}</b> · 已领 <b>{shown.claimed}</b> · 剩余 <b>{shown.remaining}</b>
      </div>
      <Space className="gifts-toolbar" wrap>
        <Segmented<GiftCodeFilter>
          value={filter}
          onChange={(next) => {
            setFilter(next);
            setSelected([]);
          }}
          options={(['all', 'free', 'claimed'] as const).map((value) => ({ value, label: CODE_FILTER_NAMES[value] }))}
        />
        <Button danger disabled={selected.length === 0} onClick={() => withdraw(selected)}>
          撤回选中（{selected.length}）
        </Button>
        <Button danger disabled={shown.remaining === 0} onClick={() => withdraw(null)}>
          撤回全部未领取
        </Button>
      </Space>
      {codes.error ? <Alert type="error" title={codes.error} className="gifts-error" /> : null}
      <Table<StaffGiftCode>
        {...codes.table}
        size="small"
        columns={columns}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected((keys as number[]).slice(0, GIFT_WITHDRAW_MAX_IDS)),
          getCheckboxProps: (row) => ({ disabled: row.claimed, 'aria-label': `选择 ${row.code}` }),
        }}
      />
    </Drawer>
  );
}

export default function GiftsPage() {
  const [gameId, setGameId] = useState<number | undefined>(undefined);
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<GiftPackStatus | undefined>(undefined);
  const packs = usePagedTable('staffGiftPacks', packList, { keyword, ...(gameId ? { game_id: gameId } : {}), ...(status ? { status } : {}) }, { empty: '没有符合条件的礼包' });
  const reload = packs.reload;
  const [editing, setEditing] = useState<StaffGiftPack | 'new' | null>(null);
  const [importing, setImporting] = useState<StaffGiftPack | null>(null);
  const [viewing, setViewing] = useState<StaffGiftPack | null>(null);

  const columns: TableColumnsType<StaffGiftPack> = [
    { title: 'ID', dataIndex: 'id', width: 60 },
    { title: '游戏', dataIndex: ['game', 'name'], width: 120, ellipsis: true },
    {
      title: '礼包',
      dataIndex: 'name',
      // The one column without a set width; without a floor it is what the others leave, one character at 1280 px.
      width: 220,
      render: (name: string, pack) => (
        <div>
          <div className="gifts-name">
            {name}
            {pack.vip_level > 0 ? <Tag color="gold">VIP{pack.vip_level}</Tag> : null}
          </div>
          <div className="gifts-muted">{pack.content}</div>
        </div>
      ),
    },
    { title: '有效期', key: 'validity', width: 150, render: (_: unknown, pack) => <div className="gifts-validity">{pack.valid_from ? chinaTime(pack.valid_from).slice(0, 16) : '不限'} 至<br />{chinaTime(pack.valid_until).slice(0, 16)}</div> },
    { title: '库存（总数 / 已领 / 剩余）', key: 'stock', width: 190, render: (_: unknown, pack) => <span data-testid="gift-stock">{`${pack.total} / ${pack.claimed} / ${pack.remaining}`}</span> },
    { title: '状态', dataIndex: 'status', width: 80, render: (value: GiftPackStatus) => <Tag color={STATUS_COLORS[value]}>{GIFT_PACK_STATUS_NAMES[value]}</Tag> },
    {
      title: '操作',
      key: 'actions',
      // Kept in view when the table scrolls sideways on a narrower window.
      fixed: 'right',
      width: 230,
      render: (_: unknown, pack) => (
        <Space size={4}>
          <Button size="small" onClick={() => setEditing(pack)}>
            编辑
          </Button>
          <Button size="small" type="primary" onClick={() => setImporting(pack)}>
            导入兑换码
          </Button>
          <Button size="small" onClick={() => setViewing(pack)}>
            兑换码
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="staff-page gifts-page">
      <section className="staff-card gifts-filters" aria-label="筛选">
        <div className="gifts-filter gifts-filter--game">
          <GamePicker placeholder="全部游戏" allowClear value={gameId} onChange={setGameId} />
        </div>
        <Input.Search
          className="gifts-filter"
          placeholder="礼包名或游戏名"
          allowClear
          aria-label="搜索礼包"
          onSearch={(text) => setKeyword(text.trim())}
        />
        <Select<GiftPackStatus>
          className="gifts-filter gifts-filter--status"
          placeholder="全部状态"
          allowClear
          aria-label="状态"
          value={status}
          onChange={(value) => setStatus(value ?? undefined)}
          options={GIFT_PACK_STATUSES.map((value) => ({ value, label: GIFT_PACK_STATUS_NAMES[value] }))}
        />
        <Button type="primary" onClick={() => setEditing('new')}>
          新建礼包
        </Button>
      </section>
      <section className="staff-card" aria-label="礼包">
        {packs.error ? <Alert type="error" title={packs.error} className="gifts-error" action={<Button size="small" onClick={reload}>重试</Button>} /> : null}
        <Table<StaffGiftPack>
          {...packs.table}
          columns={columns}
          scroll={{ x: 1050 }}
          onRow={(pack) => ({ 'data-testid': 'gift-pack-row', 'data-pack-id': pack.id }) as React.HTMLAttributes<HTMLElement>}
        />
      </section>
      {editing ? (
        <PackForm
          pack={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
      {importing ? <ImportDialog pack={importing} onClose={() => setImporting(null)} onImported={reload} /> : null}
      {viewing ? <CodesDrawer pack={viewing} onClose={() => setViewing(null)} onChanged={reload} /> : null}
    </div>
  );
}
