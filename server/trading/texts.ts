import type { Kysely } from 'kysely';
import type { SiteText } from '../../api/protocol/calls/down.ts';
import { formatYuan } from '../../api/protocol/money.ts';
import { TRADE_DESCRIPTION_MAX, TRADE_IMAGES_MAX, TRADE_SECOND_PASSWORD_MAX, TRADE_SECOND_PASSWORD_MIN, TRADE_TITLE_MAX, TRADE_TITLE_MIN } from '../../api/protocol/trade-rules.ts';
import { iso } from '../catalog/index.ts';
import type { Database } from '../db/schema.ts';
import { tradeSettings, type TradeSettings } from './settings.ts';

/**
 * 出售须知 (trunkNeedKnow, /sellinstruct) and 交易须知 (businessRule, /tradeinstruction): HTML site
 * texts (site_content keys below), editable in the database. The numbers an operator may change
 * (trade_settings) are written as {{placeholders}} and filled at serve time, so the texts always
 * state the rules the server enforces.
 */

export const TRADE_TEXT_KEYS = { sell: 'trade_sell_notice', buy: 'trade_business_rule' } as const;

const SELL_NOTICE = `
<h3>一、可出售的小号</h3>
<ul>
  <li>卖家须完成实名认证且已年满18周岁；每个账号只能出售本人名下、在本平台创建的游戏小号。</li>
  <li>小号须创建满<strong>{{min_age_days}}天</strong>，且通过本平台累计充值满<strong>{{min_topup_yuan}}元</strong>（以平台记录为准）。</li>
  <li>一个小号同一时间只能发布一个商品；出售的是整个小号（含其全部区服角色），不能只出售其中的某个角色。</li>
</ul>

<h3>二、填写商品信息</h3>
<ul>
  <li>商品标题${TRADE_TITLE_MIN}-${TRADE_TITLE_MAX}个字，须真实描述角色的区服、等级、战力、稀有道具等；商品描述不超过${TRADE_DESCRIPTION_MAX}个字。</li>
  <li>上传1-${TRADE_IMAGES_MAX}张游戏内截图（角色、背包、装备等），截图须为本账号真实画面，不得含有联系方式、二维码或其他平台信息。</li>
  <li>如游戏设有二级密码（仓库锁、交易锁等），请一并填写（${TRADE_SECOND_PASSWORD_MIN}-${TRADE_SECOND_PASSWORD_MAX}位）。二级密码加密保存，仅在买家付款成功后展示给买家。</li>
  <li>出售价格不低于{{min_price_yuan}}元、不高于{{max_price_yuan}}元，最多两位小数。</li>
</ul>

<h3>三、手续费与到账</h3>
<ul>
  <li>成交后平台收取成交价的<strong>{{fee_rate}}%</strong>作为手续费，最低{{fee_min_yuan}}元（不超过成交价）。提交前页面会显示您的预计到手金额，提交时的费率即为该商品的成交费率。</li>
  <li>买家付款后进入<strong>{{cooling_hours}}小时</strong>冷静期，期满且无售后纠纷时，成交价扣除手续费后的款项自动转入您的「余额」，可申请提现。</li>
  <li>冷静期内买家可申请售后，款项将冻结至客服裁定：如核实商品与描述不符，款项退还买家、小号退回卖家；否则放款给卖家。</li>
</ul>

<h3>四、审核与冻结</h3>
<ul>
  <li>提交后商品进入审核，客服一般在1个工作日内完成审核；未通过时会写明原因，您可修改后重新提交。</li>
  <li><strong>自提交起小号即被冻结</strong>：审核中、出售中和交易中均不能充值、不能登录游戏，也不能再次发布；已登录的游戏会话将被结束。</li>
  <li>审核中或出售中的商品可随时下架，下架或审核未通过后小号立即解冻。修改出售中的商品需重新审核。</li>
  <li>商品上架{{ttl_days}}天仍未售出将自动下架并解冻小号，可重新编辑提交。</li>
</ul>

<h3>五、成交与转移</h3>
<ul>
  <li>买家付款成功后，小号立即转移到买家名下，您在该小号上的登录将被结束，之后不能再登录或充值该小号。</li>
  <li>请勿在出售期间或成交后以任何方式找回、修改或干扰已出售的小号，一经查实平台将冻结款项并封禁账号。</li>
  <li>严禁私下交易：平台不会以任何理由要求您在站外付款或转账，站外交易造成的损失平台无法保障。</li>
</ul>
`.trim();

const BUSINESS_RULE = `
<h3>一、购买须知</h3>
<ul>
  <li>买家须完成实名认证且已年满18周岁；不能购买自己出售的商品。</li>
  <li>所有在售商品均经过平台审核，商品信息（区服、角色、截图、累计充值、创建天数）以商品页展示为准，请在购买前仔细核对。</li>
</ul>

<h3>二、下单与支付</h3>
<ul>
  <li>点击「立即购买」后生成订单，商品为您锁定<strong>{{reserve_minutes}}分钟</strong>；请在锁定时间内完成支付，超时订单自动关闭，商品重新上架。</li>
  <li>支持支付宝与余额支付（乐玩币不能用于购买账号）。同一商品同时只能被一位买家锁定，他人锁定期间暂不能购买。</li>
  <li>如支付时商品已被他人买走，您的付款将自动退回到「余额」。</li>
</ul>

<h3>三、交付</h3>
<ul>
  <li>付款成功后小号立即转入您的名下，可在「交易记录 - 已购买」中查看角色信息和卖家提供的二级密码，并在游戏中用本平台账号登录该小号。</li>
  <li>如您名下已有同名小号，转入的小号会自动重命名，不影响角色数据。</li>
  <li>建议收货后立即登录游戏核对角色，并修改游戏内可修改的密码。</li>
</ul>

<h3>四、冷静期与售后</h3>
<ul>
  <li>成交后有<strong>{{cooling_hours}}小时</strong>冷静期，卖家的款项在此期间由平台托管。</li>
  <li>如发现角色与描述严重不符、二级密码错误等问题，请在冷静期内在交易详情中「申请售后」并写明原因，款项将冻结至客服裁定。</li>
  <li>客服核实后裁定退款（全额退回您的余额，小号退回卖家）或放款给卖家。冷静期结束后不能再申请售后。</li>
</ul>

<h3>五、费用与安全</h3>
<ul>
  <li>买家无需支付手续费；手续费（成交价的{{fee_rate}}%，最低{{fee_min_yuan}}元）由卖家承担。</li>
  <li>请勿与卖家私下联系或站外交易，平台客服不会索要您的密码或验证码。</li>
</ul>
`.trim();

export const TRADE_TEXTS: Record<keyof typeof TRADE_TEXT_KEYS, { title: string; content: string }> = {
  sell: { title: '出售须知', content: SELL_NOTICE },
  buy: { title: '交易须知', content: BUSINESS_RULE },
};

const yuan = (cents: number) => formatYuan(cents).replace(/\.00$/, '');

/** The placeholders of the texts and their values under the given settings. */
export function tradeTextValues(settings: TradeSettings): Record<string, string> {
  return {
    min_age_days: String(settings.min_age_days),
    min_topup_yuan: yuan(settings.min_topup_cents),
    min_price_yuan: yuan(settings.min_price_cents),
    max_price_yuan: yuan(settings.max_price_cents),
    fee_rate: String(settings.fee.rate_bp / 100),
    fee_min_yuan: yuan(settings.fee.min_cents),
    cooling_hours: String(Math.round(settings.cooling_off_ms / 3_600_000)),
    reserve_minutes: String(Math.round(settings.reserve_ms / 60_000)),
    ttl_days: String(settings.listing_ttl_days),
  };
}

export function fillTradeText(template: string, settings: TradeSettings): string {
  const values = tradeTextValues(settings);
  return template.replace(/\{\{([a-z_]+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The text as served: the stored one (or the built-in one when missing), numbers filled in. */
export async function tradeText(db: Kysely<Database>, which: keyof typeof TRADE_TEXT_KEYS, now: Date): Promise<SiteText> {
  const row = await db.selectFrom('site_content').select(['title', 'content', 'updated_at']).where('key', '=', TRADE_TEXT_KEYS[which]).executeTakeFirst();
  const settings = await tradeSettings(db);
  const text = row ?? { ...TRADE_TEXTS[which], updated_at: now };
  return { title: text.title, content: fillTradeText(text.content, settings), updated_at: iso(text.updated_at) };
}

/** Seeds the two texts. Idempotent; edits made in the database are kept. */
export async function seedTradeTexts(db: Kysely<Database>): Promise<void> {
  for (const which of ['sell', 'buy'] as const) {
    await db
      .insertInto('site_content')
      .values({ key: TRADE_TEXT_KEYS[which], title: TRADE_TEXTS[which].title, content: TRADE_TEXTS[which].content, data: JSON.stringify({}) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
}
