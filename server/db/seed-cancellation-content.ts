import type { Kysely } from 'kysely';
import { COOLING_OFF_DAYS } from '../../api/protocol/calls/account-cancel.ts';
import { PRODUCT } from '../product.ts';
import type { Database } from './schema.ts';

/** site_content key of the cancellation agreement (/api/user/getCancelRule, page /accountdestoryrule). */
export const CANCEL_RULE_KEY = 'account_cancel_rule';

const CANCEL_RULE = `
<p>在您申请注销${PRODUCT.name}账号前，请仔细阅读本协议。<strong>账号注销后将无法恢复，请谨慎操作。</strong></p>

<h3>一、注销条件</h3>
<p>1. 账号内无${PRODUCT.coinName}余额，且无未完成的订单、交易或提现；</p>
<p>2. 账号处于正常使用状态，未被封禁；</p>
<p>3. 通过账号绑定手机号的短信验证码确认为本人操作。</p>

<h3>二、${COOLING_OFF_DAYS}天冷静期</h3>
<p>提交注销申请后，账号进入${COOLING_OFF_DAYS}天冷静期。冷静期内您仍可登录，登录时我们会提示您账号正在注销中，您可以随时撤销注销，账号即恢复正常。<strong>冷静期届满后，注销将自动完成。</strong></p>

<h3>三、注销后将删除或匿名化的信息</h3>
<ul>
  <li>账号绑定的手机号将被解除，该手机号可重新注册新账号；</li>
  <li>昵称、头像、登录密码将被删除，所有设备上的登录状态将失效；</li>
  <li>实名认证信息与账号的绑定关系将被解除；</li>
  <li>客服聊天记录、游戏预约等个人内容将被删除；</li>
  <li>账号内的积分、代金券、礼包及各项权益将被清空，且无法找回。</li>
</ul>

<h3>四、依法保留的信息</h3>
<p>根据《中华人民共和国电子商务法》《网络安全法》等法律法规的要求，您的充值订单、交易记录、评价及必要的日志信息将在法定期限内保留。这些记录仅与一个无法识别您身份的匿名编号关联，不再与您的手机号、昵称等个人信息关联。</p>

<h3>五、其他</h3>
<p>注销账号不代表您在注销前的账号行为和相关责任得到豁免或减轻。如您对注销有任何疑问，请联系客服：${PRODUCT.servicePhone}（${PRODUCT.serviceHours}）。</p>
`.trim();

/** The cancellation agreement. Idempotent; edits made in the database are kept. */
export async function seedCancellationContent(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('site_content')
    .values({ key: CANCEL_RULE_KEY, title: `${PRODUCT.name}账号注销协议`, content: CANCEL_RULE, data: JSON.stringify({ cooling_off_days: COOLING_OFF_DAYS }) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
