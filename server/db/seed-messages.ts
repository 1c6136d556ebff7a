import type { Kysely } from 'kysely';
import type { MessageKind } from '../../api/protocol/messages.ts';
import { PRODUCT } from '../product.ts';
import { sanitizeServerHtml } from '../html-sanitize.ts';
import { postMessage } from '../messages/writer.ts';
import type { Database } from './schema.ts';

/**
 * Notices and broadcast messages every installation starts with (so the pages are
 * alive): a few 公告 (the newest one a pop-up) and one broadcast of each kind a player would get
 * from the platform. Idempotent: notices by source_ref, messages by sourceRef. Their dates are
 * fixed, so a broadcast is older than every player and reads as already read (no badge for
 * history a player never received; server/messages/inbox.ts).
 */

const NOTICES = [
  {
    ref: 'seed:notice:service-hours',
    title: '客服服务时间调整公告',
    popup: false,
    published_at: '2026-01-05T02:00:00Z',
    html: `<p>亲爱的玩家：</p><p>为了更好地为您服务，自 2026 年 1 月 10 日起，${PRODUCT.name}在线客服服务时间调整为<strong>${PRODUCT.serviceHours}</strong>。</p><p>非服务时间内的留言，客服会在上班后第一时间回复，感谢您的理解与支持。</p>`,
  },
  {
    ref: 'seed:notice:anti-fraud',
    title: '关于谨防账号交易诈骗的提醒',
    popup: false,
    published_at: '2026-02-14T02:00:00Z',
    html: `<p>近期有不法分子冒充平台客服，以“账号解冻”“退款返利”为由诱导玩家私下转账。</p><h3>请牢记</h3><ul><li>平台客服<strong>不会</strong>索要您的登录密码和短信验证码；</li><li>账号交易请走平台担保流程，切勿私下交易；</li><li>遇到可疑情况，请在 App 内联系官方客服核实。</li></ul>`,
  },
  {
    ref: 'seed:notice:topup-carnival',
    title: '充值狂欢：0.1折起，首充加赠10%',
    popup: true,
    published_at: '2026-03-01T02:00:00Z',
    html: `<p>充值狂欢火热进行中！活动期间：</p><ul><li>数百款手游充值<strong>0.1折起</strong>；</li><li>首次充值乐玩币<strong>加赠10%</strong>；</li><li>开通省钱卡每日领乐玩币。</li></ul><p>具体折扣以游戏页面显示为准，活动最终解释权归平台所有。</p>`,
  },
];

const BROADCASTS: Array<{ ref: string; kind: MessageKind; title: string; content: string; link?: { path: string }; at: string }> = [
  { ref: 'seed:message:welcome', kind: 'system', title: `欢迎来到${PRODUCT.name}`, content: `感谢您使用${PRODUCT.name}！完成实名认证后即可充值、领取礼包。遇到问题可随时联系在线客服（${PRODUCT.serviceHours}）。`, link: { path: '/realnamecertificateone' }, at: '2026-01-01T02:00:00Z' },
  { ref: 'seed:message:zero-point-one', kind: 'activity', title: '0.1折专区上新', content: '本周 0.1 折专区新增 12 款热门手游，充值 6 元即享 600 元内容，数量有限，先到先得。', link: { path: '/zeropointone' }, at: '2026-02-20T02:00:00Z' },
  { ref: 'seed:message:trade-safety', kind: 'trading', title: '交易安全提醒', content: '账号交易请务必通过平台担保完成：买家付款后货款由平台托管，小号即时转入买家账号，冷静期内没有售后纠纷才会放款给卖家。任何要求私下转账的行为都是诈骗，请立即举报。', at: '2026-02-10T02:00:00Z' },
  { ref: 'seed:message:sell-guide', kind: 'account_sale', title: '账号出售须知', content: '出售账号须完成实名认证且已成年。出售的是游戏小号，成交后小号转入买家账号，您的乐玩账号、手机绑定和实名信息都不变。上架的小号经审核通过后展示在游戏圈；成交后经过冷静期，货款扣除手续费进入您的余额。', at: '2026-02-10T02:05:00Z' },
];

export async function seedMessages(db: Kysely<Database>): Promise<void> {
  for (const notice of NOTICES) {
    const at = new Date(notice.published_at);
    await db
      .insertInto('notices')
      .values({ title: notice.title, content: sanitizeServerHtml(notice.html), popup: notice.popup, published_at: at, created_at: at, author_staff_id: null, source_ref: notice.ref })
      .onConflict((oc) => oc.column('source_ref').doNothing())
      .execute();
  }
  for (const message of BROADCASTS) {
    await postMessage(db, { kind: message.kind, userId: null, title: message.title, content: message.content, link: message.link ?? null, sourceRef: message.ref }, new Date(message.at));
  }
}
