import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { TRADE_MSG } from '../api/protocol/trade-rules.ts';
import { tradeActionMachine, type TradeActionContext, type TradeActionOutcome } from '../machines/trade-action.machine.ts';
import { generateCoveringPaths, type MachinePath } from './coverage.ts';

/** The trade action machine's model: one request and every answer it can get. */

export const TRADE_ACTION_OUTCOMES: Record<string, TradeActionOutcome> = {
  ok: { kind: 'ok', code: 1, msg: TRADE_MSG.disputed, data: { id: 5 } },
  undecodable: { kind: 'ok', code: 1, msg: 'success', data: null },
  refused: { kind: 'toast', code: -1, msg: TRADE_MSG.disputeClosed, data: null, show: true },
  network: { kind: 'error', reason: 'network', code: null, msg: '网络异常' },
  sessionExpired: { kind: 'sessionExpired', code: 104, msg: '登录已过期', toast: '登录已过期，请重新登录' },
};

export const tradeActionEventTable: readonly AnyEventObject[] = [
  { type: 'ui.run', payload: { trade_id: 5, reason: '账号无法登录' } },
  { type: 'ui.reset' },
  ...Object.values(TRADE_ACTION_OUTCOMES).map((output) => ({ type: 'xstate.done.actor.run', output })),
  { type: 'xstate.error.actor.run', error: new Error('offline') },
];

export function serializeTradeAction(snapshot: AnyMachineSnapshot): string {
  const { result, error } = snapshot.context as TradeActionContext;
  return JSON.stringify([snapshot.value, result !== null, error]);
}

let paths: MachinePath[] | undefined;

export function getTradeActionPaths(): MachinePath[] {
  paths ??= generateCoveringPaths(tradeActionMachine, { events: tradeActionEventTable, serializeState: serializeTradeAction });
  return paths;
}
