import { Alert, App, Button, Card, Descriptions, Drawer, Input, Space, Spin, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { formatYuan } from '../../../../api/protocol/money.ts';
import { PLAYER_ADMIN_MSG, PLAYER_BAN_REASON_MAX, PLAYER_QUERY_MAX } from '../../../../api/protocol/player-admin.ts';
import { detail as playerDetail, search as playerSearch, type StaffPlayerDetail, type StaffPlayerRow } from '../../../../api/protocol/staff/players.ts';
import * as staffCalls from '../../../../api/protocol/staff-refs.ts';
import { STAFF_CODE } from '../../../../api/protocol/staff-codes.ts';
import { chinaTime } from '../../format.ts';
import { useConfirm } from '../../kit/confirm.ts';
import { usePagedTable } from '../../kit/paged-table.ts';
import { useStaffClient } from '../../runtime-context.tsx';
import { useStaffData } from '../../use-staff-data.ts';
import './players.css';

/**
 * 玩家管理: find a player by phone (whole or its last four), ID, uuid or nickname; the list shows the
 * phone masked and whether the player is verified, never the ID number. A row opens the account in
 * a drawer: profile, masked real name, ledger balances, counts, sessions, password lock-out; 查看完整
 * 手机号 (each look is in the audit log), 封禁 with a reason / 解封 after a question, 解除密码锁定.
 */

function StatusTags({ player }: { player: StaffPlayerRow }) {
  if (player.cancelled) return <Tag>已注销</Tag>;
  return player.banned ? <Tag color="error">已封禁</Tag> : <Tag color="success">正常</Tag>;
}

const columns = (open: (id: number) => void): TableColumnsType<StaffPlayerRow> => [
  { title: '玩家ID', dataIndex: 'id', width: 90 },
  { title: '昵称', dataIndex: 'nickname', ellipsis: true },
  { title: '手机号', dataIndex: 'phone', width: 130, render: (phone: string) => <span data-testid="player-phone">{phone || '—'}</span> },
  { title: '实名', dataIndex: 'real_name', width: 90, render: (verified: boolean) => (verified ? <Tag color="success">已实名</Tag> : <Tag>未实名</Tag>) },
  { title: '注册时间', dataIndex: 'registered_at', width: 170, render: chinaTime },
  { title: '状态', key: 'status', width: 90, render: (_, player) => <StatusTags player={player} /> },
  {
    title: '操作',
    key: 'open',
    width: 80,
    render: (_, player) => (
      <Button size="small" onClick={() => open(player.id)}>
        查看
      </Button>
    ),
  },
];

function PlayerDrawer({ id, onClose, onChanged }: { id: number; onClose: () => void; onChanged: () => void }) {
  const client = useStaffClient();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const { data, error, reload } = useStaffData('staffPlayerDetail', playerDetail, { id });
  const [phone, setPhone] = useState<string | null>(null);
  const player = data?.player ?? null;

  const after = (answer: { code: number; msg: string }) => {
    if (answer.code === STAFF_CODE.ok) {
      void message.success(answer.msg);
      reload();
      onChanged();
    } else if (answer.code !== STAFF_CODE.notSignedIn) void message.error(answer.msg);
  };

  const reveal = async () => {
    const answer = await client.call(staffCalls.players.revealPhone, { id });
    if (answer.code === STAFF_CODE.ok) setPhone(answer.data.phone);
    else if (answer.code !== STAFF_CODE.notSignedIn) void message.error(answer.msg);
  };

  const ban = (target: StaffPlayerDetail) => {
    // The dialog's text box: read when 封禁 is pressed (the server checks it again).
    let reason = '';
    void confirm({
      title: `封禁 ${target.nickname}（ID ${target.id}）？`,
      content: (
        <div className="players-ban">
          <p>封禁后该玩家的所有登录立即失效，且无法再登录，直到解封。</p>
          <Input.TextArea aria-label="封禁原因" placeholder="封禁原因（必填，记入操作日志）" maxLength={PLAYER_BAN_REASON_MAX} showCount autoSize={{ minRows: 2, maxRows: 4 }} onChange={(event) => (reason = event.target.value)} />
        </div>
      ),
      okText: '封禁',
      danger: true,
      onOk: async () => {
        if (reason.trim() === '') {
          void message.error(PLAYER_ADMIN_MSG.reasonRequired);
          return;
        }
        after(await client.call(staffCalls.players.ban, { id: target.id, reason: reason.trim() }));
      },
    });
  };

  const unban = (target: StaffPlayerDetail) =>
    void confirm({
      title: `解封 ${target.nickname}（ID ${target.id}）？`,
      content: '解封后该玩家可以重新登录（封禁时结束的登录不会恢复）。',
      okText: '解封',
      onOk: async () => after(await client.call(staffCalls.players.unban, { id: target.id })),
    });

  const clearLockout = (target: StaffPlayerDetail) =>
    void confirm({
      content: `解除 ${target.nickname} 的密码登录限制？各网络的失败次数将清零。`,
      okText: '解除',
      onOk: async () => after(await client.call(staffCalls.players.clearLockout, { id: target.id })),
    });

  const lockout = player?.lockout;
  const locked = lockout && (lockout.sms_required || lockout.locked_addresses > 0);
  return (
    <Drawer open title={player ? `${player.nickname}（ID ${player.id}）` : '玩家'} onClose={onClose} size={560} destroyOnHidden>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      {!player ? (
        error ? null : <Spin />
      ) : (
        <div className="players-detail">
          <Space wrap>
            <StatusTags player={player} />
            {player.cancelled ? null : player.banned ? (
              <Button onClick={() => unban(player)}>解封</Button>
            ) : (
              <Button danger onClick={() => ban(player)}>
                封禁
              </Button>
            )}
            {locked ? <Button onClick={() => clearLockout(player)}>解除密码锁定</Button> : null}
          </Space>
          {player.ban ? <Alert type="warning" showIcon title={`封禁于 ${chinaTime(player.ban.at)}`} description={`原因：${player.ban.reason}`} /> : null}
          <Descriptions
            column={1}
            bordered
            size="small"
            items={[
              {
                key: 'phone',
                label: '手机号',
                children: (
                  <Space>
                    <span data-testid="detail-phone">{phone ?? (player.phone || '—')}</span>
                    {phone || player.cancelled ? null : (
                      <Button size="small" type="link" onClick={() => void reveal()}>
                        查看完整手机号
                      </Button>
                    )}
                  </Space>
                ),
              },
              { key: 'uuid', label: 'UUID', children: <Typography.Text copyable>{player.uuid}</Typography.Text> },
              { key: 'registered', label: '注册时间', children: chinaTime(player.registered_at) },
              { key: 'active', label: '最近活跃', children: chinaTime(player.last_active_at) },
              { key: 'realName', label: '实名', children: player.real_name ? `已实名（${player.real_name_masked ?? ''}，${chinaTime(player.real_name_at)}）` : '未实名' },
              { key: 'coins', label: '乐玩币', children: formatYuan(player.balances.coins_cents) },
              { key: 'wallet', label: '钱包余额', children: `¥${formatYuan(player.balances.wallet_cents)}` },
              { key: 'points', label: '积分', children: player.balances.points },
              { key: 'counts', label: '订单 / 优惠券 / 交易 / 反馈', children: `${player.counts.orders} / ${player.counts.coupons} / ${player.counts.trades} / ${player.counts.feedback}` },
              { key: 'sessions', label: '有效登录', children: `${player.active_sessions} 个` },
              {
                key: 'lockout',
                label: '密码登录限制',
                children: locked
                  ? `${lockout.sms_required ? '密码错误次数过多，须用验证码登录' : ''}${lockout.sms_required && lockout.locked_addresses > 0 ? '；' : ''}${lockout.locked_addresses > 0 ? `${lockout.locked_addresses} 个网络被锁定 15 分钟` : ''}`
                  : `无（近 1 小时密码错误 ${lockout?.account_failures ?? 0} 次）`,
              },
            ]}
          />
        </div>
      )}
    </Drawer>
  );
}

export default function PlayersPage() {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const list = usePagedTable('staffPlayers', playerSearch, { query }, { empty: query ? '没有找到玩家' : '暂无玩家' });

  return (
    <div className="staff-page">
      <Card role="region" aria-label="查找玩家">
        <Input.Search
          aria-label="查找玩家"
          className="players-search"
          placeholder="完整手机号、手机号后4位、玩家ID 或昵称开头"
          maxLength={PLAYER_QUERY_MAX}
          allowClear
          enterButton="查找"
          onSearch={(value) => setQuery(value.trim())}
        />
      </Card>
      <Card role="region" aria-label="玩家">
        {list.error ? <Alert type="error" showIcon title={list.error} /> : null}
        <Table<StaffPlayerRow>
          {...list.table}
          columns={columns(setOpen)}
          onRow={() => ({ 'data-testid': 'player-row' }) as HTMLAttributes<HTMLElement>}
        />
      </Card>
      {open !== null ? <PlayerDrawer id={open} onClose={() => setOpen(null)} onChanged={list.reload} /> : null}
    </div>
  );
}
