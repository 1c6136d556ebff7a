import type { Kysely } from 'kysely';
import { FEN_PER_YUAN, ORDER_TTL_MS, TOPUP_MAX_CENTS, TOPUP_MIN_CENTS, TOPUP_PRESETS_YUAN } from '../../api/protocol/money.ts';
import { WITHDRAW_DAILY_CENTS, WITHDRAW_DAILY_COUNT, WITHDRAW_MAX_CENTS, WITHDRAW_MIN_CENTS } from '../../api/protocol/withdraw-rules.ts';
import { SPEND_CAPS } from '../minors.ts';
import { FIRST_RECHARGE_BONUS_PCT, FIRST_RECHARGE_MAX_BONUS_CENTS } from '../money/cards.ts';
import { LEVELS } from '../money/perks-catalog.ts';
import { PRODUCT } from '../product.ts';
import type { Database } from './schema.ts';

/**
 * The money texts (/api/down/getMoneyText; pages /topupguide, /moneyinstruction (收益说明),
 * /couponinstruction). Every figure comes from the rule it describes (caps from minors.ts, amounts
 * from api/protocol/money.ts, the first-recharge offer and levels from the perks module).
 */

export const MONEY_TEXT_KEYS = ['topup_guide', 'money_instruction', 'coupon_instruction'] as const;

const yuan = (cents: number) => String(cents / FEN_PER_YUAN);
const coin = PRODUCT.coinName;
const teen = SPEND_CAPS['8-16']!;
const older = SPEND_CAPS['16-18']!;
const ttlMinutes = ORDER_TTL_MS / 60_000;

const TOPUP_GUIDE = `
<h3>一、充值${coin}</h3>
<p>在「我的 - ${coin}」点击「充值」，选择或输入金额（${yuan(TOPUP_MIN_CENTS)}-${yuan(TOPUP_MAX_CENTS)}元的整数，常用金额：${TOPUP_PRESETS_YUAN.join('、')}元），确认后跳转收银台完成支付。支付成功后${coin}即时到账，<strong>1元=1${coin}</strong>。</p>
<p>首次充值（账号的第一笔支付订单为${coin}充值时）额外赠送${FIRST_RECHARGE_BONUS_PCT}%的${coin}，最多赠送${yuan(FIRST_RECHARGE_MAX_BONUS_CENTS)}${coin}，每个账号仅一次；持有带充值赠送特权的会员卡时，${coin}充值另按卡面比例赠送。</p>

<h3>二、游戏角色充值</h3>
<p>在游戏详情页或「充值」入口选择游戏、区服和角色（或小号），选择充值金额，可使用一张满足条件的代金券抵扣，剩余金额可用${coin}、余额或在线支付。支付成功后平台将充值发放到游戏角色；若发放失败，款项将自动退回（在线支付的款项退回到余额）。</p>

<h3>三、会员卡</h3>
<p>在「省钱卡/会员卡」页面购买会员卡，支付成功后立即生效：开卡礼包中的代金券直接发放到「我的优惠券」，每日福利可在「我的特权」中领取（部分会员卡的每日${coin}由平台自动发放，记录见「自动发放」）。会员卡的有效期按自然日（北京时间）计算，购买当天即算第一天；有效期内再次购买同一张卡，有效期顺延。</p>

<h3>四、订单与支付</h3>
<p>订单创建后请在${ttlMinutes}分钟内完成支付，超时订单自动关闭，锁定的代金券随之释放。请勿重复提交；支付结果以平台到账为准，可在「充值记录」中查看每一笔${coin}和余额的收支。</p>

<h3>五、未成年人充值规定</h3>
<p>根据国家新闻出版署关于防止未成年人沉迷网络游戏的规定，充值前须完成实名认证：</p>
<ul>
  <li>未满8周岁的用户不能充值；</li>
  <li>8周岁以上未满16周岁的用户，单次充值不超过${yuan(teen.perPayment)}元，每月累计不超过${yuan(teen.perMonth)}元；</li>
  <li>16周岁以上未满18周岁的用户，单次充值不超过${yuan(older.perPayment)}元，每月累计不超过${yuan(older.perMonth)}元。</li>
</ul>
<p>每月累计按北京时间自然月计算。如需帮助请联系客服：${PRODUCT.servicePhone}（${PRODUCT.serviceHours}）。</p>
`.trim();

/**
 * The invitation share's sentence: its numbers live in invite_settings (changeable without a
 * release), so the stored text keeps this marker and getMoneyText writes the sentence in when it
 * serves the text (server/invite/invites.ts `inviteShareSentence`).
 */
export const INVITE_SHARE_MARKER = '{{invite_share}}';
const INVITE_SHARE_TEXT = INVITE_SHARE_MARKER;

const MONEY_INSTRUCTION = `
<h3>一、${coin}</h3>
<p>${coin}是${PRODUCT.name}的平台币，<strong>1元=1${coin}</strong>，可用于游戏角色充值和购买会员卡。${coin}通过充值、首充赠送、会员卡充值赠送和会员卡每日福利获得；${coin}不能提现，也不能转赠他人。</p>

<h3>二、余额</h3>
<p>余额是平台退回给您的现金款项：在线支付的订单发生退款（例如游戏充值发放失败）时，款项退回到余额。余额可用于游戏充值、购买会员卡或充值${coin}，1元余额抵扣1元。</p>
<p>充值退回到余额的款项<strong>不能提现</strong>，只能在平台内使用；只有出售账号等交易所得计入余额的部分可以提现，提现页显示当前可提现的余额。</p>

<h3>三、收益</h3>
<p>收益是邀请好友获得的现金奖励：${INVITE_SHARE_TEXT}；好友的订单退款时，对应的收益同时扣回。每一笔收益及其来源订单可在「收益明细」中查看。收益可以申请提现。</p>

<h3>四、提现</h3>
<ul>
  <li><strong>条件</strong>：须完成实名认证且已年满18周岁；收款支付宝账号须为手机号或邮箱，收款人姓名须与实名认证的姓名一致；</li>
  <li><strong>金额</strong>：单笔不少于${yuan(WITHDRAW_MIN_CENTS)}元、不超过${yuan(WITHDRAW_MAX_CENTS)}元，最多两位小数；</li>
  <li><strong>次数</strong>：每天（北京时间自然日）最多申请${WITHDRAW_DAILY_COUNT}笔，累计不超过${yuan(WITHDRAW_DAILY_CENTS)}元，被驳回的申请不计入；</li>
  <li><strong>流程</strong>：提交后金额即从收益或余额中扣除并冻结，状态为「审核中」；平台审核通过为「已通过」，打款到您的支付宝后为「已到账」；如信息有误被驳回，状态为「已驳回」并注明原因，金额全额退回原账户。每一步都会通过系统消息通知您，记录见「提现记录」。</li>
</ul>

<h3>五、收支记录</h3>
<p>每一笔${coin}、余额和收益的增加与减少都记入账本，可在「充值记录」「收益明细」「提现记录」中查看。账户余额由账本记录累加得出，不会出现负数。</p>

<h3>六、账号注销</h3>
<p>账号内仍有${coin}或余额时无法注销，请使用完毕后再申请。</p>
`.trim();

const levelLines = LEVELS.map((l) => `<li>V${l.level}：累计支付满${yuan(l.min_paid_cents)}元，每月可领${yuan(l.coupon.amount_cents)}元代金券（满${yuan(l.coupon.threshold_cents)}元可用）</li>`).join('\n  ');

const COUPON_INSTRUCTION = `
<h3>一、使用条件</h3>
<ul>
  <li><strong>门槛</strong>：满减券需订单金额达到门槛才可使用（如「满50元可用」），无门槛券任意金额可用，抵扣金额不超过订单金额；</li>
  <li><strong>范围</strong>：标注游戏名称的代金券仅限该游戏充值使用，「全平台通用」券可用于任意游戏充值；代金券只能用于游戏角色充值，不能用于充值${coin}或购买会员卡；</li>
  <li><strong>有效期</strong>：每张代金券自领取起在有效期内可用，过期自动失效；</li>
  <li><strong>每单一张</strong>：每笔订单最多使用一张代金券，不找零、不折现。</li>
</ul>

<h3>二、下单与释放</h3>
<p>下单时选择的代金券将被该订单锁定，锁定期间不能用于其他订单。订单支付成功后代金券即被使用；订单取消或${ttlMinutes}分钟内未支付而关闭时，代金券自动释放，可再次使用。已使用代金券的订单退款时，若代金券仍在有效期内将退还给您。</p>

<h3>三、获取方式</h3>
<ul>
  <li>领券中心与游戏详情页领取（每张券每人限领一次，领完为止）；</li>
  <li>会员卡开卡礼包与每日福利，记录见「我的特权」；</li>
  <li>会员等级月度券，每个自然月每个等级可领一次：
  <ul>
  ${levelLines}
  </ul></li>
</ul>
<p>累计支付为已成功支付订单的实付金额（使用${coin}支付的部分不重复计算，已退款订单不计）。</p>
`.trim();

export const MONEY_TEXTS: Record<(typeof MONEY_TEXT_KEYS)[number], { title: string; content: string }> = {
  topup_guide: { title: '充值指南', content: TOPUP_GUIDE },
  money_instruction: { title: '钱包与收益说明', content: MONEY_INSTRUCTION },
  coupon_instruction: { title: '优惠券使用说明', content: COUPON_INSTRUCTION },
};

/** The money texts. Idempotent; edits made in the database are kept. */
export async function seedMoneyContent(db: Kysely<Database>): Promise<void> {
  for (const key of MONEY_TEXT_KEYS) {
    await db
      .insertInto('site_content')
      .values({ key, title: MONEY_TEXTS[key].title, content: MONEY_TEXTS[key].content, data: JSON.stringify({}) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
}
