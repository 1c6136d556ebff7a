import { useState } from 'react';
import type { GameRoles } from '../../../api/protocol/calls/order.ts';
import { formatYuan, MONEY_MSG } from '../../../api/protocol/money.ts';
import { request } from '../../../api/typed-call.ts';
import { withLoading } from '../../app/loading.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { showToast } from '../../app/toast.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { amountOf, type AmountChoice } from './amount.ts';
import { AmountPicker, Skeleton } from './checkout-parts.tsx';
import { useRemoteData } from '../../app/use-remote-data.ts';
import * as calls from '../../../api/protocol/call-refs.ts';

/**
 * A game role's top-up (/autorechargehao, /loginrecharge): the role (sub-account → role, with what
 * the game has credited it), 添加小号 on a chosen server, the amount; 下一步 opens /rechargepay.
 */

export interface RoleChoice {
  roleId: number;
  serverName: string;
  roleName: string;
}

/** Every role of every sub-account, labelled '小号名 · 区服 · 角色'. */
export function rolesOf(data: GameRoles): Array<RoleChoice & { label: string; balanceCents: number | null }> {
  return data.sub_accounts.flatMap((account) =>
    account.roles.map((role) => ({
      roleId: role.id,
      serverName: role.server_name,
      roleName: role.role_name,
      // The simulated game names a new role after its sub-account: say it once.
      label: [account.name, role.server_name, role.role_name === account.name ? '' : role.role_name].filter(Boolean).join(' · '),
      balanceCents: typeof role.balance_cents === 'number' ? role.balance_cents : null,
    })),
  );
}

function AddSubAccount({ platformGameId, servers, onAdded }: { platformGameId: number; servers: string[]; onAdded: (roleId: number | null) => void }) {
  const runtime = useRuntime();
  const [server, setServer] = useState(servers[0] ?? '');
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button type="button" className="checkout__link" onClick={() => setOpen(true)}>
        ＋ 添加小号
      </button>
    );
  }
  const add = async () => {
    if (!server) {
      showToast(MONEY_MSG.serverMissing);
      return;
    }
    const outcome = await withLoading(runtime.loading, () => request(runtime.api, calls.order.addSubAccount, { platform_game_id: platformGameId, server_name: server }));
    // A refusal (code -1) is toasted by the session machine.
    if (outcome.kind === 'error') showToast(outcome.msg);
    if (outcome.kind !== 'ok') return;
    setOpen(false);
    onAdded(outcome.data.roles[0]?.id ?? null);
  };
  return (
    <div className="checkout__add" aria-label="添加小号">
      <label className="checkout__row">
        <span className="checkout__row-label">区服</span>
        <select className="checkout__select" aria-label="选择区服" value={server} onChange={(event) => setServer(event.target.value)}>
          {servers.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="checkout__button checkout__button--block" onClick={() => void add()}>
        创建小号
      </button>
    </div>
  );
}

export function RoleTopUp({ platformGameId, initialRoleId, initialAmountCents, subject }: { platformGameId: number; initialRoleId?: number; initialAmountCents?: number; subject?: string }) {
  const navigate = useNavigate();
  const roles = useRemoteData('gameRoles', calls.order.getGameRoles, { platform_game_id: platformGameId });
  const [roleId, setRoleId] = useState<number | null>(initialRoleId ?? null);
  const [choice, setChoice] = useState<AmountChoice>(() =>
    initialAmountCents !== undefined ? { kind: 'custom', text: String(initialAmountCents / 100) } : { kind: 'preset', yuan: 30 },
  );
  if (roles.failed) return <LoadFailed message={roles.error} onRetry={roles.retry} />;
  if (!roles.data) return <Skeleton />;
  const data = roles.data;
  const list = rolesOf(data);
  const selected = list.find((role) => role.roleId === roleId) ?? (roleId === null ? list[0] : undefined) ?? null;
  const amount = amountOf(choice);
  const next = () => {
    if (!selected) {
      showToast(MONEY_MSG.roleMissing);
      return;
    }
    if (!amount.ok) {
      showToast(amount.message);
      return;
    }
    navigate('/rechargepay', {
      kind: 'game',
      amount_cents: amount.cents,
      role_id: selected.roleId,
      platform_game_id: data.platform_game_id,
      game_name: data.game_name,
      server_name: selected.serverName,
      role_name: selected.roleName,
    });
  };
  return (
    <>
      <section className="checkout__card" aria-label="游戏">
        <div className="checkout__game">
          {data.icon ? <img className="pick-list__icon" src={data.icon} alt="" /> : <span className="pick-list__icon" />}
          <span className="pick-list__main">
            <span className="pick-list__name">{data.game_name}</span>
            {subject && <span className="pick-list__meta">{subject}</span>}
          </span>
        </div>
      </section>
      <section className="checkout__card" aria-label="充值角色">
        <h2 className="checkout__card-title">充值角色</h2>
        {list.length === 0 ? (
          <p className="checkout__empty">还没有小号，请先添加小号</p>
        ) : (
          <ul className="pick-list" role="radiogroup" aria-label="选择角色">
            {list.map((role) => (
              <li key={role.roleId}>
                <button type="button" className="pick-list__item" role="radio" aria-checked={selected?.roleId === role.roleId} aria-pressed={selected?.roleId === role.roleId} onClick={() => setRoleId(role.roleId)}>
                  <span className={`checkout__radio${selected?.roleId === role.roleId ? ' checkout__radio--on' : ''}`} aria-hidden="true" />
                  <span className="pick-list__main">
                    <span className="pick-list__name">{role.label}</span>
                    {role.balanceCents !== null && <span className="pick-list__meta" data-testid={`role-balance-${role.roleId}`}>{`已到账 ¥${formatYuan(role.balanceCents)}`}</span>}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <AddSubAccount
          platformGameId={platformGameId}
          servers={data.servers}
          onAdded={(newRoleId) => {
            if (newRoleId !== null) setRoleId(newRoleId);
            roles.refresh();
          }}
        />
      </section>
      <section className="checkout__card" aria-label="充值金额">
        <h2 className="checkout__card-title">充值金额</h2>
        <AmountPicker choice={choice} onChange={setChoice} />
      </section>
      <div className="checkout__bar">
        <span className="checkout__bar-total">
          {amount.ok ? (
            <>
              充值 <strong className="checkout__total">¥{formatYuan(amount.cents)}</strong>
            </>
          ) : (
            '请选择金额'
          )}
        </span>
        <button type="button" className="checkout__button" onClick={next}>
          下一步
        </button>
      </div>
    </>
  );
}
