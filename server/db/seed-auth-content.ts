import type { Kysely } from 'kysely';
import { PRODUCT } from '../product.ts';
import type { Database } from './schema.ts';

/** site_content keys read by /api/down/agreeH5 and /api/down/userPrivacyH5. */
export const USER_AGREEMENT_KEY = 'user_agreement';
export const PRIVACY_POLICY_KEY = 'privacy_policy';
/**
 * The privacy policy's version when its row carries none (rows seeded before versions) — and the
 * seed's. An operator who changes the policy's text sets data.version to a new label in the same
 * update (`update site_content set content = …, data = data || '{"version":"2"}' where key =
 * 'privacy_policy'`); the app then asks every player again before reading device identifiers.
 */
export const PRIVACY_POLICY_FIRST_VERSION = '1';
/** What a version may look like (the app refuses anything else): printable ASCII without spaces, 1–32 characters. */
export const PRIVACY_POLICY_VERSION_PATTERN = /^[\x21-\x7e]{1,32}$/;

const EFFECTIVE = '2026年11月1日';
const CONTACT = `客服电话：${PRODUCT.servicePhone}（${PRODUCT.serviceHours}）<br>客服 QQ：${PRODUCT.serviceQq}<br>电子邮箱：${PRODUCT.serviceEmail}`;

const USER_AGREEMENT = `
<p>更新日期：${EFFECTIVE}<br>生效日期：${EFFECTIVE}</p>
<p>欢迎您使用${PRODUCT.name}！《${PRODUCT.name}用户协议》（以下简称“本协议”）是您与${PRODUCT.company}（以下简称“我们”）之间就注册、登录和使用${PRODUCT.name}网页版、客户端及相关服务（以下统称“本服务”）所订立的协议。
请您在注册或登录前仔细阅读本协议，特别是以<strong>加粗</strong>形式提示的免除或限制责任、争议解决等条款。您勾选“我已阅读并同意”并完成注册或登录，即表示您已充分理解并同意本协议全部内容。
未满十八周岁的未成年人应在监护人的陪同下阅读本协议，并在取得监护人同意后使用本服务。</p>

<h3>一、账号注册与使用</h3>
<p>1. 您可以使用本人实名登记的中国大陆手机号码，通过短信验证码注册并登录${PRODUCT.name}账号，也可以在设置密码后使用“手机号 + 密码”方式登录。</p>
<p>2. 账号的所有权归我们所有，您在完成注册后获得账号的使用权。<strong>您应妥善保管账号、密码及短信验证码，不得将账号出借、出租、转让或出售给他人；因您保管不善导致的损失由您自行承担。</strong></p>
<p>3. 为保护账号安全，同一手机号短时间内多次获取验证码、多次输错密码时，我们会暂时限制相关操作；您修改或找回密码后，已登录的其他设备将被要求重新登录。</p>
<p>4. 根据国家关于网络游戏防沉迷的规定，您可能需要完成实名认证。我们将按照认证结果对未成年人账号的游戏时段、时长及充值金额进行限制。</p>

<h3>二、服务内容</h3>
<p>1. ${PRODUCT.name}为您提供游戏资讯浏览、游戏下载、游戏内充值优惠、代金券与礼包领取、每日任务与积分、好友邀请、游戏账号交易及在线客服等服务。具体服务内容以平台实际提供的为准。</p>
<p>2. 平台内的游戏由相应的游戏开发商或运营商提供，您在游戏内的行为还应遵守该游戏的用户协议及相关规则。</p>
<p>3. 我们可能根据业务发展调整、中止或终止部分服务，并将通过平台公告等方式提前通知您。</p>

<h3>三、${PRODUCT.coinName}、积分与充值</h3>
<p>1. ${PRODUCT.coinName}是我们提供的、仅用于在本平台内购买相关服务的虚拟道具；积分通过完成任务获得，可用于兑换平台内的代金券等权益。${PRODUCT.coinName}与积分不能兑换为法定货币，不得在平台外交易。</p>
<p>2. <strong>充值成功后，除法律法规另有规定或平台规则明确允许的情形外，已充值的款项不予退还。</strong>如遇充值未到账，请保留订单号并联系客服处理。</p>
<p>3. 代金券、礼包兑换码均有使用范围与有效期，过期未使用的将自动失效。</p>

<h3>四、账号交易规则</h3>
<p>1. 平台仅对符合交易规则的游戏小号提供担保交易服务。卖家应保证所售账号来源合法、信息真实；买家应在确认账号信息后再付款。</p>
<p>2. 交易完成后，账号的使用权转移至买家，卖家不得以任何方式找回。因私下交易造成的损失，我们不承担责任。</p>

<h3>五、用户行为规范</h3>
<p>您在使用本服务时不得实施下列行为：</p>
<ul>
  <li>发布或传播违反法律法规、危害国家安全、破坏社会稳定、侮辱诽谤他人的信息；</li>
  <li>使用外挂、脚本、模拟器批量操作等方式干扰平台或游戏的正常运行；</li>
  <li>通过技术手段批量注册账号、恶意领取优惠、刷取积分或骗取邀请奖励；</li>
  <li>冒充平台工作人员或他人，进行诈骗、私下交易等行为；</li>
  <li>对平台客户端进行反向工程、反编译，或破解、篡改平台的通信数据。</li>
</ul>
<p>如您违反上述规定，我们有权视情节采取警告、限制功能、冻结或封禁账号等措施，并依法追究相应责任。</p>

<h3>六、知识产权</h3>
<p>${PRODUCT.name}的软件、界面设计、文字、图片、商标及标识等内容的知识产权归我们或相关权利人所有。未经书面许可，任何人不得复制、修改、传播或用于商业目的。</p>

<h3>七、免责声明</h3>
<p><strong>因不可抗力、网络运营商故障、系统维护升级等原因造成的服务中断，我们将尽力减少对您的影响，但不承担由此产生的间接损失。</strong>第三方游戏的内容、运营及充值到账由相应运营方负责，我们将协助您处理相关问题。</p>

<h3>八、账号注销</h3>
<p>您可以在“我的—账号设置—账号安全—注销账号”中申请注销账号。注销后，账号内的${PRODUCT.coinName}、积分、代金券等权益将被清空且无法恢复，请您谨慎操作。</p>

<h3>九、协议变更与争议解决</h3>
<p>1. 我们可能适时修订本协议，修订后的协议将在平台内公布；若您在协议变更后继续使用本服务，即视为您接受修订后的协议。</p>
<p>2. 本协议的订立、执行和解释均适用中华人民共和国大陆地区法律。<strong>因本协议产生的争议，双方应友好协商解决；协商不成的，任何一方均可向${PRODUCT.company}所在地有管辖权的人民法院提起诉讼。</strong></p>

<h3>十、联系我们</h3>
<p>${CONTACT}</p>
<p>${PRODUCT.company}</p>
`.trim();

const PRIVACY_POLICY = `
<p>更新日期：${EFFECTIVE}<br>生效日期：${EFFECTIVE}</p>
<p>${PRODUCT.company}（以下简称“我们”）深知个人信息对您的重要性。我们将依据《中华人民共和国个人信息保护法》《中华人民共和国网络安全法》等法律法规，遵循合法、正当、必要和诚信的原则处理您的个人信息。
本《隐私政策》说明我们在您使用${PRODUCT.name}时如何收集、使用、存储、共享和保护您的个人信息，以及您享有的权利。请您在使用前仔细阅读并充分理解。</p>

<h3>一、我们收集的个人信息</h3>
<p>1. <strong>注册与登录</strong>：您使用手机号注册或登录时，我们收集您的<strong>手机号码</strong>和短信验证码，用于创建账号、验证身份；如您设置登录密码，我们仅保存经过不可逆加密处理的密码摘要，不保存密码原文。</p>
<p>2. <strong>设备信息</strong>：为保障账号与交易安全、统计下载与推广效果，我们会收集设备型号、操作系统版本、应用版本号、设备标识符（如 Android ID、OAID、IMEI、IDFA）、网络类型、渠道号等信息。</p>
<p>3. <strong>服务使用信息</strong>：您浏览、搜索、下载游戏，领取代金券与礼包，完成任务，发起充值与账号交易时，我们会记录相关的操作记录和订单信息。</p>
<p>4. <strong>实名认证信息</strong>：根据网络游戏防沉迷要求，您进行实名认证时我们会收集您的姓名和身份证号码，该信息属于敏感个人信息，仅用于实名认证和未成年人保护。</p>
<p>5. <strong>客服与反馈</strong>：您联系在线客服或提交意见反馈时，我们会收集您提供的文字、图片及联系方式，用于处理您的问题。</p>
<p>6. <strong>广告推广</strong>：如您通过广告链接进入本平台，我们会记录广告点击标识（如 bd_vid），仅用于统计推广效果。</p>

<h3>二、我们如何使用个人信息</h3>
<ul>
  <li>为您提供注册登录、游戏下载、充值、任务奖励、账号交易和客服等服务；</li>
  <li>进行身份验证、安全防范和欺诈监测，例如限制异常的验证码请求和密码尝试；</li>
  <li>在页面上展示与您账号关联的水印标识，用于防止截图被冒用和追溯信息泄露；</li>
  <li>统计分析服务使用情况，改进产品功能和用户体验；</li>
  <li>履行法律法规规定的义务，如防沉迷、反洗钱和配合有权机关的依法调查。</li>
</ul>
<p>如我们要将您的个人信息用于本政策未载明的其他用途，将事先征得您的同意。</p>

<h3>三、Cookie 与本地存储</h3>
<p>我们会在您的设备本地保存登录凭证（Token）、用户标识、下载列表和偏好设置（如静音设置），以便保持登录状态并恢复下载进度。您可以通过退出登录或清除应用缓存删除这些信息。</p>

<h3>四、我们如何共享、转让和公开披露个人信息</h3>
<p>1. 我们不会向第三方出售您的个人信息。</p>
<p>2. 在以下情形中，我们会在必要范围内与合作方共享信息：向短信服务商提供手机号码以发送验证码；向支付机构提供订单信息以完成支付；向游戏运营方提供账号标识与订单信息以完成充值到账。我们会要求合作方按照不低于本政策的标准保护您的个人信息。</p>
<p>3. 本平台集成的第三方 SDK 及其收集的信息，详见《第三方信息共享清单》。</p>
<p>4. 除法律法规规定或经您单独同意外，我们不会公开披露您的个人信息。</p>

<h3>五、个人信息的存储与保护</h3>
<p>1. 您的个人信息存储于中华人民共和国境内。我们仅在实现处理目的所必需的最短期限内保存您的个人信息；超出保存期限后，我们将删除或匿名化处理。</p>
<p>2. 我们采取传输加密、密码加盐摘要存储、登录凭证定期失效、访问权限控制和操作日志审计等措施保护您的个人信息。日志中的手机号码会进行去标识化处理。</p>
<p>3. 如发生个人信息安全事件，我们将按照法律法规的要求及时告知您，并向主管部门报告。</p>

<h3>六、您的权利</h3>
<p>您有权查阅、复制、更正、补充您的个人信息，有权撤回授权同意、删除个人信息和注销账号。您可以在“我的—账号设置”中完成相关操作，或通过本政策第九条的方式联系我们，我们将在十五个工作日内答复。</p>

<h3>七、未成年人保护</h3>
<p>我们非常重视未成年人的个人信息保护。不满十四周岁的儿童在使用本服务前，应由监护人阅读本政策并同意。我们将按照国家防沉迷规定限制未成年人账号的游戏时长与充值金额。如监护人发现我们在未获同意的情况下收集了儿童的个人信息，请联系我们删除。</p>

<h3>八、本政策的更新</h3>
<p>我们可能会适时更新本政策。对于重大变更，我们会通过弹窗、公告等显著方式通知您；若您在变更后继续使用本服务，即表示您同意更新后的政策。</p>

<h3>九、联系我们</h3>
<p>如您对本政策或个人信息处理有任何疑问、意见或投诉，可以通过以下方式联系我们的个人信息保护负责人：</p>
<p>${CONTACT}</p>
<p>${PRODUCT.company}<br>${PRODUCT.icp}</p>
`.trim();

/** The user agreement and privacy policy shown in the login overlay. Idempotent; edits made in the database are kept. */
export async function seedAuthContent(db: Kysely<Database>): Promise<void> {
  const documents = [
    { key: USER_AGREEMENT_KEY, title: `${PRODUCT.name}用户协议`, content: USER_AGREEMENT, data: {} },
    { key: PRIVACY_POLICY_KEY, title: `${PRODUCT.name}隐私政策`, content: PRIVACY_POLICY, data: { version: PRIVACY_POLICY_FIRST_VERSION } },
  ];
  for (const { data, ...doc } of documents) {
    await db
      .insertInto('site_content')
      .values({ ...doc, data: JSON.stringify({ effective: EFFECTIVE, company: PRODUCT.company, ...data }) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
}
