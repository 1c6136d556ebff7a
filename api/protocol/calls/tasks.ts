import { answer, defineCall, field, id, PAGE_FIELDS } from '../call-spec.ts';
import { MSG } from '../codes.ts';

/** 任务、签到与积分 (/api/user/…). */

export type TaskKindName = 'daily' | 'novice' | 'achievement';

/** 0 去完成, 1 领取, 2 已领取. */
export type TaskStateCode = 0 | 1 | 2;

export interface TaskItem {
  task_id: number;
  code: string;
  kind: TaskKindName;
  title: string;
  description: string;
  /** The in-app route 去完成 opens. */
  link: string;
  progress: number;
  target: number;
  reward_points: number;
  reward_coupon_id: number | null;
  state: TaskStateCode;
  state_text: '去完成' | '领取' | '已领取';
}

const TASK_DOC = '{ task_id, code, kind, title, description, link, progress, target, reward_points, reward_coupon_id, state 0 去完成 | 1 领取 | 2 已领取, state_text }';

export interface PointsExpiry {
  /** Points that expire at expires_at if nothing changes. */
  points: number;
  expires_at: string;
}

export interface PointTaskNum {
  points: number;
  claimable: number;
  expiring: PointsExpiry;
}

export const getPointTaskNum = defineCall({
  path: '/api/user/getPointTaskNum',
  auth: 'required',
  summary: '积分余额、可领取任务数、年底将过期的积分',
  fields: {},
  answer: answer<PointTaskNum>('{ points, claimable, expiring: { points, expires_at } }'),
});

export const getTaskPoint = defineCall({
  path: '/api/user/getTaskPoint',
  auth: 'required',
  summary: '每日任务与成就任务（每日任务按中国时间自然日计）',
  fields: {},
  answer: answer<{ daily: TaskItem[]; achievement: TaskItem[] }>(`{ daily: [${TASK_DOC}], achievement: [同上] }`),
});

export const getNoviceTaskStatus = defineCall({
  path: '/api/user/getNoviceTaskStatus',
  auth: 'required',
  summary: '新手任务与是否全部领取',
  fields: {},
  answer: answer<{ list: TaskItem[]; all_done: boolean }>(`{ list: [${TASK_DOC}], all_done }`),
});

export const TASK_CLAIM_MSG = { claimed: '领取成功', missing: '任务不存在', notDone: '任务尚未完成', already: '已领取' } as const;

export const achieveTask = defineCall({
  path: '/api/user/achieveTask',
  auth: 'required',
  summary: '领取任务奖励：每个周期一次（每日任务为中国时间当天），积分经账本发放',
  fields: { task_id: id() },
  answer: answer<{ task_id: number; points: number; user_coupon_id: number | null; balance: number }>(
    `{ task_id, points, user_coupon_id, balance }；msg ${TASK_CLAIM_MSG.claimed}；${TASK_CLAIM_MSG.missing}、${TASK_CLAIM_MSG.notDone}、${TASK_CLAIM_MSG.already} 时 code -1`,
  ),
});

export interface ClaimedTask {
  task_id: number;
  title: string;
  kind: TaskKindName;
  period: string;
  reward_points: number;
  claimed_at: string;
}

export const overTask = defineCall({
  path: '/api/user/overTask',
  auth: 'required',
  summary: '已领取的任务，最近的在前',
  fields: { ...PAGE_FIELDS },
  answer: answer<{ list: ClaimedTask[]; total: number; page: number; limit: number }>('分页：list: [{ task_id, title, kind, period, reward_points, claimed_at }]'),
});

export const getPointTaskGame = defineCall({
  path: '/api/user/getPointTaskGame',
  auth: 'optional',
  summary: '今日推荐下载的游戏（下载任务用），按中国时间每天轮换',
  fields: {},
  answer: answer<unknown>('{ day, list: [游戏列表项] }'),
});

export const myClickGame = defineCall({
  path: '/api/user/myClickGame',
  auth: 'required',
  summary: '我最近下载或在线玩过的游戏（来自服务器记录的事件），最近的在前',
  fields: {},
  answer: answer<unknown>('{ list: [游戏列表项 + last_at] }'),
});

export interface CheckInDay {
  day: number;
  points: number;
  done: boolean;
}

export interface SettleView {
  days: CheckInDay[];
  today_day: number;
  checked_today: boolean;
  makeup: { available: boolean; date: string; cost: number; left_this_month: number; reason: string };
  total_days: number;
}

export const CHECK_IN_DOC = '{ days: [{ day 1–7, points, done }], today_day, checked_today, makeup: { available, date, cost, left_this_month, reason }, total_days }';

export const signOnPoint = defineCall({
  path: '/api/user/signOnPoint',
  auth: 'required',
  summary: '今日签到（中国时间），连续签到 7 天一轮',
  fields: {},
  answer: answer<{ day: string; streak_day: number; points: number; settle: SettleView }>(`{ day, streak_day, points, settle: ${CHECK_IN_DOC} }；msg 签到成功；今日已签到 时 code -1`),
});

export const getSettle = defineCall({
  path: '/api/user/getSettle',
  auth: 'required',
  summary: '7 天签到表：每天奖励、今天是第几天、已签的天、今日是否已签、补签是否可用',
  fields: {},
  answer: answer<SettleView>(CHECK_IN_DOC),
});

export const settleAdd = defineCall({
  path: '/api/user/settleAdd',
  auth: 'required',
  summary: '补签昨天：今天签到前、每月 3 次、每次消耗 20 积分，补签日不发积分',
  fields: {},
  answer: answer<{ day: string; streak_day: number; points: number; settle: SettleView }>(`{ day, streak_day, points: 0, settle }；msg 补签成功；不可补签时 code -1 并说明原因`),
});

export interface PointRecord {
  id: number;
  /** Signed: + earned, − spent or expired. */
  amount: number;
  kind: string;
  title: string;
  created_at: string;
}

export const pointRecord = defineCall({
  path: '/api/user/pointRecord',
  auth: 'required',
  summary: '积分明细（积分账户的每一笔账本分录），最新在前，附年底过期提示',
  fields: { ...PAGE_FIELDS },
  answer: answer<{ list: PointRecord[]; total: number; page: number; limit: number; balance: number; expiring: PointsExpiry }>(
    '分页：list: [{ id, amount（带符号）, kind, title, created_at }]，另有 balance, expiring: { points, expires_at }',
  ),
});

/** A share code: 8 characters of [A-Za-z0-9]. */
export const SHARE_CODE_PATTERN = /^[A-Za-z0-9]{8}$/;

export const shareCode = field<string, string>({ type: 'string', required: true, rule: '8 位字母或数字', message: MSG.paramError }, (value) => {
  const t = typeof value === 'string' ? value.trim() : '';
  return SHARE_CODE_PATTERN.test(t) ? { ok: true, value: t } : { ok: false, message: MSG.paramError };
});

export const getShareLink = defineCall({
  path: '/api/user/getShareLink',
  auth: 'required',
  summary: '分享游戏详情页：我的分享码与链接（好友打开后 分享一款游戏 任务才前进）',
  fields: { game_id: id() },
  answer: answer<{ code: string; url: string; title: string }>('{ code, url（/gamedetail?…&share=code）, title }'),
});

export const SHARE_VISIT_MSG = { counted: '已记录', ignored: '已打开' } as const;

export const reportShareVisit = defineCall({
  path: '/api/user/reportShareVisit',
  auth: 'optional',
  summary: '访问者的客户端报告打开了一个分享链接；仅当访问者已登录且不是分享者本人时，分享者的任务才前进（每位访问者每款游戏每天一次）',
  fields: { code: shareCode, game_id: id() },
  answer: answer<{ counted: boolean }>('{ counted }'),
});
