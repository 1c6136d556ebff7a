import type { Kysely } from 'kysely';
import { PRODUCT } from '../product.ts';
import type { Database } from './schema.ts';

/** The agents' quick replies a new platform starts with; staff edit them later. */
export const DEFAULT_QUICK_REPLIES: readonly string[] = [
  `您好，这里是${PRODUCT.name}客服，请问有什么可以帮您？`,
  '请您提供游戏名称、角色名和区服，客服马上为您查询。',
  '请提供订单号（在「我的-充值记录」中可以找到），我们为您核实到账情况。',
  '已为您登记，处理结果会通过消息通知您，请留意「消息中心」。',
  '麻烦您截图发给客服，方便我们更快地定位问题。',
  '礼包兑换码请在游戏内的「兑换码」或「礼包」入口使用，每个角色限用一次。',
  '下载失败时请检查网络和手机存储空间后重试，仍不行请告诉客服手机型号。',
  '为保障账号安全，请不要向任何人透露验证码和密码。',
  '感谢您的耐心等待，问题已经为您处理好了，请重新进入游戏查看。',
  '请问还有其他可以帮您的吗？如没有，本次会话稍后结束，祝您游戏愉快！',
];

/** Once: an empty table gets the defaults (an edited list is kept). */
export async function seedServiceContent(db: Kysely<Database>, now = new Date()): Promise<void> {
  const any = await db.selectFrom('service_quick_replies').select('id').limit(1).executeTakeFirst();
  if (any) return;
  await db
    .insertInto('service_quick_replies')
    .values(DEFAULT_QUICK_REPLIES.map((content, index) => ({ content, sort: (index + 1) * 10, created_at: now, updated_at: now })))
    .execute();
}
