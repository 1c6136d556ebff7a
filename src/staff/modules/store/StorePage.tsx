import { App, Alert, Button, DatePicker, Drawer, Form, Input, InputNumber, Select, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { centsOfYuan } from '../../../../api/protocol/coupon-admin.ts';
import { STORE_ITEM_KINDS, type StoreItemKindWire } from '../../../../api/protocol/store.ts';
import {
  isStoreImage,
  STORE_ADMIN_MSG,
  STORE_ADMIN_STATUS_NAMES,
  STORE_ADMIN_STATUSES,
  STORE_COINS_MAX_CENTS,
  STORE_DESCRIPTION_MAX,
  STORE_KIND_NAMES,
  STORE_LIMIT_MAX,
  STORE_PRICE_MAX,
  STORE_SORT_MAX,
  STORE_TITLE_MAX,
  STORE_TOTAL_MAX,
  type StoreAdminStatus,
} from '../../../../api/protocol/store-admin.ts';
import { list as storeList, type StaffStoreItem } from '../../../../api/protocol/staff/store.ts';
import * as staffCalls from '../../../../api/protocol/staff-refs.ts';
import { STAFF_CODE } from '../../../../api/protocol/staff-codes.ts';
import { chinaTime } from '../../format.ts';
import { useConfirm } from '../../kit/confirm.ts';
import { usePagedTable } from '../../kit/paged-table.ts';
import { useStaffClient } from '../../runtime-context.tsx';
import './store.css';

/**
 * 积分商城: the points store's items (on or off the shelf, with 总库存, what is left and what is
 * redeemed), an item's form in a Drawer (what it gives, price in points, 总库存, 每人限兑, the
 * redemption window, sort), and 上架 / 下架 (下架 asked first). The server checks every rule again
 * and sets what is left under the item's lock; its refusals are shown as they come.
 */

interface ItemFormValues {
  kind: StoreItemKindWire;
  title: string;
  description?: string;
  image?: string;
  points_price: number;
  total: number;
  per_user_limit: number;
  sort: number;
  coins?: string;
  coupon_id?: number;
  gift_pack_id?: number;
  window?: [Dayjs | null, Dayjs | null] | null;
}

const yuan = (cents: number) => `${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;

function goodsText(item: StaffStoreItem): string {
  if (item.kind === 'coins') return `${yuan(item.coins_cents ?? 0)} 乐玩币`;
  if (item.kind === 'coupon') return item.coupon ? `${item.coupon.name}（#${item.coupon.id}）` : '';
  return item.gift_pack ? `${item.gift_pack.name}（#${item.gift_pack.id}）` : '';
}

function ItemForm({ item, onClose, onSaved }: { item: StaffStoreItem | 'new'; onClose: () => void; onSaved: () => void }) {
  const client = useStaffClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<ItemFormValues>();
  const [busy, setBusy] = useState(false);
  const editing = item === 'new' ? null : item;
  const kind = Form.useWatch('kind', form) ?? editing?.kind ?? 'coins';
  const initial: Partial<ItemFormValues> = editing
    ? {
        kind: editing.kind,
        title: editing.title,
        description: editing.description,
        image: editing.image,
        points_price: editing.points_price,
        total: editing.total,
        per_user_limit: editing.per_user_limit ?? 0,
        sort: editing.sort,
        ...(editing.coins_cents !== null ? { coins: yuan(editing.coins_cents) } : {}),
        ...(editing.coupon ? { coupon_id: editing.coupon.id } : {}),
        ...(editing.gift_pack ? { gift_pack_id: editing.gift_pack.id } : {}),
        window: [editing.valid_from ? dayjs(editing.valid_from) : null, editing.valid_to ? dayjs(editing.valid_to) : null],
      }
    : { kind: 'coins', points_price: 100, total: 100, per_user_limit: 0, sort: 0 };

  const submit = async (values: ItemFormValues) => {
    setBusy(true);
    const [from, to] = values.window ?? [null, null];
    const answer = await client.call(staffCalls.store.save, {
      ...(editing ? { id: editing.id } : {}),
      kind: values.kind,
      title: values.title,
      description: values.description ?? '',
      image: values.image ?? '',
      points_price: values.points_price,
      total: values.total,
      per_user_limit: values.kind === 'gift_code' ? 1 : values.per_user_limit,
      sort: values.sort,
      active: editing ? (editing.active ? '1' : '0') : '1',
      ...(from ? { valid_from: from.toISOString() } : {}),
      ...(to ? { valid_to: to.toISOString() } : {}),
      ...(values.kind === 'coins' ? { coins_cents: centsOfYuan(String(values.coins ?? '')) ?? 0 } : {}),
      ...(values.kind === 'coupon' && values.coupon_id ? { coupon_id: values.coupon_id } : {}),
      ...(values.kind === 'gift_code' && values.gift_pack_id ? { gift_pack_id: values.gift_pack_id } : {}),
    });
    setBusy(false);
    if (answer.code === STAFF_CODE.ok) {
      void message.success(answer.msg);
      onSaved();
    } else if (answer.code !== STAFF_CODE.notSignedIn) void message.error(answer.msg);
  };

  return (
    <Drawer
      open
      title={editing ? `编辑商品 #${editing.id}` : '新建商品'}
      onClose={onClose}
      width={560}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={busy} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(values) => void submit(values)} name="store-item">
        <Form.Item name="kind" label="商品类型" rules={[{ required: true, message: STORE_ADMIN_MSG.badKind }]}>
          <Select aria-label="商品类型" options={STORE_ITEM_KINDS.map((value) => ({ value, label: STORE_KIND_NAMES[value] }))} />
        </Form.Item>
        {kind === 'coins' ? (
          <Form.Item
            name="coins"
            label="每次兑换得到乐玩币（元）"
            rules={[
              {
                validator: (_: unknown, value: unknown) => {
                  const n = value === undefined || value === null || value === '' ? null : centsOfYuan(String(value));
                  return n !== null && n > 0 && n <= STORE_COINS_MAX_CENTS ? Promise.resolve() : Promise.reject(new Error(STORE_ADMIN_MSG.coins));
                },
              },
            ]}
          >
            <InputNumber<string> stringMode min="0.01" precision={2} style={{ width: '100%' }} aria-label="乐玩币" />
          </Form.Item>
        ) : kind === 'coupon' ? (
          <Form.Item name="coupon_id" label="代金券 ID" extra="在代金券管理中查看 ID" rules={[{ required: true, message: STORE_ADMIN_MSG.missingCoupon }]}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} aria-label="代金券 ID" />
          </Form.Item>
        ) : (
          <Form.Item name="gift_pack_id" label="礼包 ID" extra="在礼包管理中查看 ID；每次兑换发一个该礼包的空闲兑换码，每人限兑 1 个" rules={[{ required: true, message: STORE_ADMIN_MSG.missingPack }]}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} aria-label="礼包 ID" />
          </Form.Item>
        )}
        <Form.Item name="title" label="商品名称" rules={[{ required: true, whitespace: true, message: STORE_ADMIN_MSG.titleRequired }, { max: STORE_TITLE_MAX, message: STORE_ADMIN_MSG.titleLong }]}>
          <Input showCount maxLength={STORE_TITLE_MAX} />
        </Form.Item>
        <Form.Item name="description" label="商品说明" rules={[{ max: STORE_DESCRIPTION_MAX, message: STORE_ADMIN_MSG.descriptionLong }]}>
          <Input.TextArea showCount maxLength={STORE_DESCRIPTION_MAX} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item
          name="image"
          label="图片地址"
          extra="不填：按类型显示图标"
          rules={[{ validator: (_: unknown, value: unknown) => (isStoreImage(String(value ?? '').trim()) ? Promise.resolve() : Promise.reject(new Error(STORE_ADMIN_MSG.image))) }]}
        >
          <Input placeholder="https://… 或 /art/…" />
        </Form.Item>
        <div className="store-row">
          <Form.Item name="points_price" label="兑换积分" rules={[{ required: true, type: 'integer', min: 1, max: STORE_PRICE_MAX, message: STORE_ADMIN_MSG.price }]}>
            <InputNumber min={1} max={STORE_PRICE_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="total"
            label="总库存"
            extra={editing ? `已兑换 ${editing.redeemed}` : undefined}
            rules={[
              { required: true, type: 'integer', min: 0, max: STORE_TOTAL_MAX, message: STORE_ADMIN_MSG.total },
              { type: 'integer', min: editing?.redeemed ?? 0, message: STORE_ADMIN_MSG.totalBelowRedeemed },
            ]}
          >
            <InputNumber min={0} max={STORE_TOTAL_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="per_user_limit" label="每人限兑" extra="0 为不限" rules={[{ required: true, type: 'integer', min: 0, max: STORE_LIMIT_MAX, message: STORE_ADMIN_MSG.limit }]}>
            <InputNumber min={0} max={STORE_LIMIT_MAX} precision={0} disabled={kind === 'gift_code'} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <Form.Item name="sort" label="排序" extra="小的在前" rules={[{ required: true, type: 'integer', min: 0, max: STORE_SORT_MAX, message: STORE_ADMIN_MSG.sort }]}>
          <InputNumber min={0} max={STORE_SORT_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="window"
          label="兑换时间"
          extra="不填为不限"
          rules={[
            {
              validator: (_: unknown, value: ItemFormValues['window']) => {
                const [from, to] = value ?? [null, null];
                return from && to && !from.isBefore(to) ? Promise.reject(new Error(STORE_ADMIN_MSG.window)) : Promise.resolve();
              },
            },
          ]}
        >
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowEmpty={[true, true]} style={{ width: '100%' }} placeholder={['开始时间', '结束时间']} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

export default function StorePage() {
  const client = useStaffClient();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [status, setStatus] = useState<StoreAdminStatus | undefined>(undefined);
  const items = usePagedTable('staffStoreItems', storeList, status ? { status } : {}, { empty: '没有符合条件的商品' });
  const reload = items.reload;
  const [editing, setEditing] = useState<StaffStoreItem | 'new' | null>(null);

  const shelve = async (item: StaffStoreItem, on: boolean) => {
    const answer = await client.call(staffCalls.store.setShelf, { id: item.id, on: on ? '1' : '0' });
    if (answer.code === STAFF_CODE.ok) {
      void message.success(answer.msg);
      reload();
    } else if (answer.code !== STAFF_CODE.notSignedIn) void message.error(answer.msg);
  };

  // Sized to fit 1280 px beside the nav without scrolling, so no column hides under the fixed 操作 (as 代金券管理's).
  const columns: TableColumnsType<StaffStoreItem> = [
    { title: 'ID', dataIndex: 'id', width: 52 },
    {
      title: '商品',
      dataIndex: 'title',
      width: 160,
      render: (title: string, item) => (
        <div>
          <div className="store-name">{title}</div>
          <div className="store-muted">{`${STORE_KIND_NAMES[item.kind]} · ${goodsText(item)}`}</div>
        </div>
      ),
    },
    { title: '兑换积分', dataIndex: 'points_price', width: 96 },
    { title: '库存（总数 / 已兑 / 剩余）', key: 'stock', width: 196, render: (_: unknown, item) => <span data-testid="store-stock">{`${item.total} / ${item.redeemed} / ${item.stock}`}</span> },
    { title: '每人限兑', key: 'limit', width: 88, render: (_: unknown, item) => item.per_user_limit ?? '不限' },
    {
      title: '兑换时间',
      key: 'window',
      width: 110,
      render: (_: unknown, item) => (item.valid_from || item.valid_to ? <div className="store-muted">{item.valid_from ? chinaTime(item.valid_from).slice(0, 16) : '不限'} 至<br />{item.valid_to ? chinaTime(item.valid_to).slice(0, 16) : '不限'}</div> : '不限'),
    },
    { title: '排序', dataIndex: 'sort', width: 64 },
    { title: '状态', dataIndex: 'active', width: 76, render: (active: boolean) => <Tag color={active ? 'green' : 'default'}>{active ? STORE_ADMIN_STATUS_NAMES.on : STORE_ADMIN_STATUS_NAMES.off}</Tag> },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 130,
      render: (_: unknown, item) => (
        <Space size={4}>
          <Button size="small" onClick={() => setEditing(item)}>
            编辑
          </Button>
          {item.active ? (
            <Button
              size="small"
              danger
              onClick={() =>
                void confirm({ title: `下架「${item.title}」？`, content: '下架后玩家在积分商城看不到它，也不能兑换；已兑换的不受影响。', okText: '下架', danger: true, onOk: () => shelve(item, false) })
              }
            >
              下架
            </Button>
          ) : (
            <Button size="small" type="primary" onClick={() => void shelve(item, true)}>
              上架
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="staff-page store-page">
      <section className="staff-card store-filters" aria-label="筛选">
        <Select<StoreAdminStatus>
          className="store-filter--status"
          placeholder="全部状态"
          allowClear
          aria-label="状态"
          value={status}
          onChange={(value) => setStatus(value ?? undefined)}
          options={STORE_ADMIN_STATUSES.map((value) => ({ value, label: STORE_ADMIN_STATUS_NAMES[value] }))}
        />
        <Button type="primary" onClick={() => setEditing('new')}>
          新建商品
        </Button>
      </section>
      <section className="staff-card" aria-label="商品">
        {items.error ? <Alert type="error" title={items.error} className="store-error" action={<Button size="small" onClick={reload}>重试</Button>} /> : null}
        <Table<StaffStoreItem>
          {...items.table}
          columns={columns}
          scroll={{ x: 972 }}
          onRow={(item) => ({ 'data-testid': 'store-row', 'data-item-id': item.id }) as React.HTMLAttributes<HTMLElement>}
        />
      </section>
      {editing ? (
        <ItemForm
          item={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
    </div>
  );
}
