import type { Kysely } from 'kysely';
import { TASK_EVENTS } from '../tasks/events.ts';
import type { Database, TaskKind } from './schema.ts';

/**
 * What a game box offers. Check-in is not a task row: it has its own streak
 * table (server/tasks/check-in.ts); 累计签到 30 天 counts its check-ins. Idempotent by code.
 */
interface TaskSeed {
  code: string;
  kind: TaskKind;
  event: string;
  target: number;
  reward_points: number;
  title: string;
  description: string;
  link: string;
}

/** Minutes of H5 play the daily play task asks for (docs/decisions.md "tasks, check-in and points"). */
export const H5_PLAY_TASK_MINUTES = 10;

export const TASK_SEEDS: readonly TaskSeed[] = [
  { code: 'daily_download', kind: 'daily', event: TASK_EVENTS.download, target: 1, reward_points: 10, title: '下载一款游戏', description: '在乐玩游戏盒下载完成任意一款游戏', link: '/homedown' },
  { code: 'daily_h5_play', kind: 'daily', event: TASK_EVENTS.h5PlayMinute, target: H5_PLAY_TASK_MINUTES, reward_points: 10, title: `在线玩 H5 游戏 ${H5_PLAY_TASK_MINUTES} 分钟`, description: '在线玩任意 H5 游戏，累计时长由服务器计算', link: '/h5' },
  { code: 'daily_recharge', kind: 'daily', event: TASK_EVENTS.paidOrder, target: 1, reward_points: 20, title: '充值任意金额', description: '充值乐玩币、游戏充值或购买会员卡均可', link: '/mylewancoin' },
  { code: 'daily_share', kind: 'daily', event: TASK_EVENTS.shareVisit, target: 1, reward_points: 10, title: '分享一款游戏', description: '分享游戏详情页给好友，好友打开链接即完成', link: '/' },
  { code: 'daily_gift', kind: 'daily', event: TASK_EVENTS.giftClaim, target: 1, reward_points: 5, title: '领取一个礼包', description: '在游戏详情页领取任意礼包', link: '/newgamewelfare' },
  { code: 'novice_avatar', kind: 'novice', event: TASK_EVENTS.avatarSet, target: 1, reward_points: 20, title: '设置头像', description: '上传一张自己的头像', link: '/editdata' },
  { code: 'novice_real_name', kind: 'novice', event: TASK_EVENTS.realName, target: 1, reward_points: 50, title: '实名认证', description: '完成实名认证，账号更安全', link: '/realnamecertificateone' },
  { code: 'novice_download', kind: 'novice', event: TASK_EVENTS.download, target: 1, reward_points: 30, title: '首次下载游戏', description: '下载完成第一款游戏', link: '/homedown' },
  { code: 'novice_recharge', kind: 'novice', event: TASK_EVENTS.paidOrder, target: 1, reward_points: 50, title: '首次充值', description: '完成第一笔充值', link: '/mylewancoin' },
  { code: 'achievement_checkin_30', kind: 'achievement', event: TASK_EVENTS.checkIn, target: 30, reward_points: 100, title: '累计签到 30 天', description: '累计签到满 30 天（补签也算）', link: '/dailymission' },
  { code: 'achievement_gift_10', kind: 'achievement', event: TASK_EVENTS.giftClaim, target: 10, reward_points: 50, title: '累计领取 10 个礼包', description: '累计领取 10 个不同的礼包', link: '/newgamewelfare' },
];

export async function seedTasks(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('task_definitions')
    .values(TASK_SEEDS.map((task, index) => ({ ...task, sort_order: index + 1 })))
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}
