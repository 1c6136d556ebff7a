import * as v from 'valibot';
import { answer, count, defineCall, field, id, instant, int, page, lenientList, PAGE_FIELDS, positive } from '../call-spec.ts';
import { GameListItem } from './game.ts';
import { MSG } from '../codes.ts';
import { CHECK_IN_REFUSALS, TASK_CLAIM_MSG, TASK_CLAIM_REFUSALS } from '../claim-refusals.ts';
export { CHECK_IN_REFUSALS, TASK_CLAIM_MSG, TASK_CLAIM_REFUSALS, type CheckInRefusal, type CheckInRefusalData, type TaskClaimRefusal, type TaskClaimRefusalData } from '../claim-refusals.ts';

/** 任务、签到与积分 (/api/user/…). */

export const TaskKindName = v.picklist(['daily', 'novice', 'achievement']);
export type TaskKindName = v.InferOutput<typeof TaskKindName>;

/** 0 去完成, 1 领取, 2 已领取. */
export const TaskStateCode = v.picklist([0, 1, 2]);
export type TaskStateCode = v.InferOutput<typeof TaskStateCode>;

/** An in-app route only ('/…', never '//host' or a scheme): 去完成 never leaves the app. */
export const TASK_LINK_PATTERN = /^\/(?!\/)[A-Za-z0-9/_-]*$/;

const TASK_STATE_TEXT = ['去完成', '领取', '已领取'] as const;

export const TaskItem = v.pipe(
  v.object({
    task_id: positive,
    code: v.string(),
    kind: TaskKindName,
    title: v.pipe(v.string(), v.minLength(1)),
    description: v.string(),
    /** The in-app route 去完成 opens ('' none). */
    link: v.pipe(v.string(), v.maxLength(200), v.check((link) => link === '' || TASK_LINK_PATTERN.test(link), 'Not an in-app route')),
    progress: count,
    target: v.pipe(count, v.minValue(1)),
    reward_points: count,
    reward_coupon_id: v.nullable(positive),
    state: TaskStateCode,
    state_text: v.picklist(TASK_STATE_TEXT),
  }),
  // The row's bar and its button read these together: progress never past the target, the label the state's.
  v.check((task) => task.progress <= task.target && task.state_text === TASK_STATE_TEXT[task.state], 'Progress past the target or a label not the state\'s'),
);
export type TaskItem = v.InferOutput<typeof TaskItem>;

const TASK_DOC = '{ task_id, code, kind, title, description, link, progress, target, reward_points, reward_coupon_id, state 0 去完成 | 1 领取 | 2 已领取, state_text }';

export const PointsExpiry = v.object({
  /** Points that expire at expires_at if nothing changes. */
  points: count,
  expires_at: instant,
});
export type PointsExpiry = v.InferOutput<typeof PointsExpiry>;

export const PointTaskNum = v.object({
  points: count,
  claimable: count,
  expiring: PointsExpiry,
});
export type PointTaskNum = v.InferOutput<typeof PointTaskNum>;

export const getPointTaskNum = defineCall({
  path: '/api/user/getPointTaskNum',
  auth: 'required',
  summary: '积分余额、可领取任务数、年底将过期的积分',
  fields: {},
  answer: answer(PointTaskNum, '{ points, claimable, expiring: { points, expires_at } }'),
});

export const getTaskPoint = defineCall({
  path: '/api/user/getTaskPoint',
  auth: 'required',
  summary: '每日任务与成就任务（每日任务按中国时间自然日计）',
  fields: {},
  answer: answer(v.object({
    daily: lenientList(TaskItem),
    achievement: lenientList(TaskItem),
  }), `{ daily: [${TASK_DOC}], achievement: [同上] }`),
});

export const getNoviceTaskStatus = defineCall({
  path: '/api/user/getNoviceTaskStatus',
  auth: 'required',
  summary: '新手任务与是否全部领取',
  fields: {},
  answer: answer(v.object({
    list: lenientList(TaskItem),
    all_done: v.boolean(),
  }), `{ list: [${TASK_DOC}], all_done }`),
});

export const achieveTask = defineCall({
  path: '/api/user/achieveTask',
  auth: 'required',
  summary: '领取任务奖励：每个周期一次（每日任务为中国时间当天），积分经账本发放',
  fields: { task_id: id() },
  answer: answer(v.object({
    task_id: int,
    points: int,
    user_coupon_id: v.nullable(int),
    balance: int,
  }),
    `{ task_id, points, user_coupon_id, balance }；msg ${TASK_CLAIM_MSG.claimed}；${TASK_CLAIM_REFUSALS.map((reason) => TASK_CLAIM_MSG[reason]).join('、')} 时 code -1，data { reason }`,
  ),
});

export const ClaimedTask = v.object({
  task_id: int,
  title: v.string(),
  kind: TaskKindName,
  period: v.string(),
  reward_points: v.number(),
  claimed_at: v.string(),
});
export type ClaimedTask = v.InferOutput<typeof ClaimedTask>;

export const overTask = defineCall({
  path: '/api/user/overTask',
  auth: 'required',
  summary: '已领取的任务，最近的在前',
  fields: { ...PAGE_FIELDS },
  answer: answer(page(ClaimedTask), '分页：list: [{ task_id, title, kind, period, reward_points, claimed_at }]'),
});

export const getPointTaskGame = defineCall({
  path: '/api/user/getPointTaskGame',
  auth: 'optional',
  summary: '今日推荐下载的游戏（下载任务用），按中国时间每天轮换',
  fields: {},
  answer: answer(v.object({ day: v.string(), list: v.array(GameListItem) }), '{ day, list: [游戏列表项] }'),
});

export const myClickGame = defineCall({
  path: '/api/user/myClickGame',
  auth: 'required',
  summary: '我最近下载或在线玩过的游戏（来自服务器记录的事件），最近的在前',
  fields: {},
  answer: answer(v.object({ list: v.array(v.object({ ...GameListItem.entries, last_at: instant })) }), '{ list: [游戏列表项 + last_at] }'),
});

export const CheckInDay = v.object({
  day: v.number(),
  points: int,
  done: v.boolean(),
});
export type CheckInDay = v.InferOutput<typeof CheckInDay>;

export const SettleView = v.object({
  days: v.array(CheckInDay),
  today_day: v.number(),
  checked_today: v.boolean(),
  makeup: v.object({
    available: v.boolean(),
    date: v.string(),
    cost: v.number(),
    left_this_month: v.number(),
    reason: v.string(),
  }),
  total_days: int,
});
export type SettleView = v.InferOutput<typeof SettleView>;

export const CHECK_IN_DOC = '{ days: [{ day 1–7, points, done }], today_day, checked_today, makeup: { available, date, cost, left_this_month, reason }, total_days }';

export const signOnPoint = defineCall({
  path: '/api/user/signOnPoint',
  auth: 'required',
  summary: '今日签到（中国时间），连续签到 7 天一轮',
  fields: {},
  answer: answer(v.object({
    day: v.string(),
    streak_day: v.number(),
    points: int,
    settle: SettleView,
  }), `{ day, streak_day, points, settle: ${CHECK_IN_DOC} }；msg 签到成功；今日已签到 时 code -1，data { reason: already }`),
});

export const getSettle = defineCall({
  path: '/api/user/getSettle',
  auth: 'required',
  summary: '7 天签到表：每天奖励、今天是第几天、已签的天、今日是否已签、补签是否可用',
  fields: {},
  answer: answer(SettleView, CHECK_IN_DOC),
});

export const settleAdd = defineCall({
  path: '/api/user/settleAdd',
  auth: 'required',
  summary: '补签昨天：今天签到前、每月 3 次、每次消耗 20 积分，补签日不发积分',
  fields: {},
  answer: answer(v.object({
    day: v.string(),
    streak_day: v.number(),
    points: int,
    settle: SettleView,
  }), `{ day, streak_day, points: 0, settle }；msg 补签成功；不可补签时 code -1 并说明原因，data { reason: ${CHECK_IN_REFUSALS.slice(1).join(' | ')} }`),
});

export const PointRecord = v.object({
  id: positive,
  /** Signed: + earned, − spent or expired; never 0. */
  amount: v.pipe(v.number(), v.safeInteger(), v.check((amount) => amount !== 0, 'A zero entry')),
  kind: v.string(),
  /** The entry's memo; the page shows the kind when it is empty. */
  title: v.string(),
  created_at: instant,
});
export type PointRecord = v.InferOutput<typeof PointRecord>;

export const pointRecord = defineCall({
  path: '/api/user/pointRecord',
  auth: 'required',
  summary: '积分明细（积分账户的每一笔账本分录），最新在前，附年底过期提示',
  fields: { ...PAGE_FIELDS },
  answer: answer(page(PointRecord, { balance: int, expiring: PointsExpiry }),
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
  answer: answer(v.object({
    code: v.string(),
    url: v.string(),
    title: v.string(),
  }), '{ code, url（/gamedetail?…&share=code）, title }'),
});

export const SHARE_VISIT_MSG = { counted: '已记录', ignored: '已打开' } as const;

export const reportShareVisit = defineCall({
  path: '/api/user/reportShareVisit',
  auth: 'optional',
  summary: '访问者的客户端报告打开了一个分享链接；仅当访问者已登录且不是分享者本人时，分享者的任务才前进（每位访问者每款游戏每天一次）',
  fields: { code: shareCode, game_id: id() },
  answer: answer(v.object({
    counted: v.boolean(),
  }), '{ counted }'),
});
