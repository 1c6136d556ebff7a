import type { Kysely } from 'kysely';
import { COOLING_OFF_DAYS } from '../../api/protocol/calls/account-cancel.ts';
import { FEEDBACK_DAILY_LIMIT, FEEDBACK_IMAGES_MAX, FEEDBACK_TEXT_MAX, FEEDBACK_TEXT_MIN, GUIDE_SLUG, PRODUCT_SLUG } from '../../api/protocol/help-rules.ts';
import { FEN_PER_YUAN, ORDER_TTL_MS, TOPUP_MAX_CENTS, TOPUP_MIN_CENTS, TOPUP_PRESETS_YUAN } from '../../api/protocol/money.ts';
import { NICKNAME_MAX, NICKNAME_MIN } from '../../api/protocol/profile-rules.ts';
import { ACCOUNTS_PER_IDENTITY } from '../../api/protocol/real-name.ts';
import { MAX_SESSIONS_PER_USER, SESSION_LIFETIME_MS } from '../auth.ts';
import { artUrl } from '../catalog/art.ts';
import { DAY_MS } from '../china-time.ts';
import { MINOR_PLAY_FROM_HOUR, MINOR_PLAY_UNTIL_HOUR, SPEND_CAPS } from '../minors.ts';
import { FIRST_RECHARGE_BONUS_PCT, FIRST_RECHARGE_MAX_BONUS_CENTS } from '../money/cards.ts';
import { LEVELS } from '../money/perks-catalog.ts';
import { PRODUCT } from '../product.ts';
import { REAL_NAME_TRIES_PER_DAY } from '../accounts/real-name.ts';
import { MAX_IMAGE_SIDE, MAX_UPLOAD_BYTES } from '../uploads/avatar-image.ts';
import { LOGIN_LIMITS } from '../password-attempts.ts';
import { CODE_DIGITS, CODE_MAX_TRIES, CODE_TTL_MS, SMS_LIMITS } from '../verification-codes.ts';
import type { Database } from './schema.ts';
import { sanitizeServerHtml } from '../html-sanitize.ts';

/**
 * The help centre's first content: FAQ categories and answers, the product
 * introduction, the 乐玩 guide, the 关于我们 items and a few activity announcements. Every figure
 * is read from the rule it states (SMS limits from verification-codes.ts, sessions from auth.ts,
 * minors' hours and caps from minors.ts, money from api/protocol/money.ts and the perks module,
 * feedback limits from help-rules.ts), so a changed rule changes its answer. Idempotent: a
 * category is added when no category of its name exists, an article when its slug is free; edits
 * made since are kept.
 */

const coin = PRODUCT.coinName;
const yuan = (cents: number) => String(cents / FEN_PER_YUAN);
const minutes = (ms: number) => ms / 60_000;
const teen = SPEND_CAPS['8-16']!;
const older = SPEND_CAPS['16-18']!;
const megabytes = MAX_UPLOAD_BYTES / (1024 * 1024);
const service = `在线客服（${PRODUCT.serviceHours}），或拨打客服电话 ${PRODUCT.servicePhone}`;

interface SeedQuestion {
  slug: string;
  title: string;
  summary: string;
  content: string;
}

interface SeedCategory {
  name: string;
  questions: SeedQuestion[];
}

export const FAQ: SeedCategory[] = [
  {
    name: '账号与登录',
    questions: [
      {
        slug: 'faq-sms-code',
        title: '收不到短信验证码怎么办？',
        summary: `验证码为${CODE_DIGITS}位数字，${minutes(CODE_TTL_MS)}分钟内有效，${SMS_LIMITS.cooldownMs / 1000}秒后可重新获取。`,
        content: `
<p>验证码为<strong>${CODE_DIGITS}位数字</strong>，发送后${minutes(CODE_TTL_MS)}分钟内有效。如果没有收到，请按以下步骤排查：</p>
<ol>
  <li>确认手机号填写正确，手机信号正常、未欠费停机；</li>
  <li>查看手机是否开启了短信拦截（部分手机管家会把验证码短信放进「骚扰拦截」）；</li>
  <li>等待倒计时结束（${SMS_LIMITS.cooldownMs / 1000}秒）后点击「重新发送」，旧的验证码随之失效，请以最新一条为准。</li>
</ol>
<p>为保护账号安全，同一手机号每小时最多获取${SMS_LIMITS.perPhonePerHour}次、每天最多${SMS_LIMITS.perPhonePerDay}次验证码，超过后请稍后或次日再试。仍然收不到，请联系${service}。</p>`,
      },
      {
        slug: 'faq-code-wrong',
        title: '提示“验证码错误次数过多”怎么办？',
        summary: `每条验证码最多可输错${CODE_MAX_TRIES}次，之后需要重新获取。`,
        content: `
<p>每条验证码最多允许输入错误<strong>${CODE_MAX_TRIES}次</strong>，超过后该验证码作废，页面会提示“验证码错误次数过多，请重新获取”。请点击「重新发送」获取新的验证码后再输入。</p>
<p>验证码只能用于获取它时的操作（登录、找回密码、更换手机号或注销账号），不能混用。</p>`,
      },
      {
        slug: 'faq-forgot-password',
        title: '忘记登录密码怎么办？',
        summary: '在登录页点击「忘记密码」，用手机验证码重新设置密码。',
        content: `
<p>在登录页选择「密码登录」，点击「忘记密码」：</p>
<ol>
  <li>输入注册手机号并获取验证码，验证通过后进入设置新密码页面；</li>
  <li>设置<strong>6-15位数字和字母组合</strong>的新密码，两次输入一致后提交。</li>
</ol>
<p>修改成功后，其他设备上的登录会失效，需要使用新密码重新登录。也可以直接使用「验证码登录」，无需密码。</p>`,
      },
      {
        slug: 'faq-password-locked',
        title: '密码输错多次无法登录了？',
        summary: `在同一网络${minutes(LOGIN_LIMITS.windowMs)}分钟内密码输错${LOGIN_LIMITS.maxFailures}次后，该网络的密码登录会暂停${minutes(LOGIN_LIMITS.windowMs)}分钟；验证码登录不受影响。`,
        content: `
<p>为防止他人猜测密码，同一账号在同一网络下${minutes(LOGIN_LIMITS.windowMs)}分钟内密码输错<strong>${LOGIN_LIMITS.maxFailures}次</strong>后，该网络的密码登录将暂停${minutes(LOGIN_LIMITS.windowMs)}分钟；换一个网络或使用「验证码登录」都不受影响。</p>
<p>如果账号在多个网络下被多次输错密码，为保护账号安全，密码登录会改为要求验证码登录，验证码登录成功后即可恢复。</p>
<p>您也可以通过「忘记密码」重新设置密码。</p>`,
      },
      {
        slug: 'faq-signed-in-elsewhere',
        title: '为什么提示“您的账号已在其他设备登录”？',
        summary: `同一账号最多同时在${MAX_SESSIONS_PER_USER}台设备上保持登录。`,
        content: `
<p>同一账号最多可同时在<strong>${MAX_SESSIONS_PER_USER}台设备</strong>上保持登录。在第${MAX_SESSIONS_PER_USER + 1}台设备登录时，最早登录的那台设备会自动退出，并看到“您的账号已在其他设备登录”的提示。</p>
<p>每次登录的有效期为${SESSION_LIFETIME_MS / DAY_MS}天，到期后需要重新登录。如果您没有在其他设备登录过，请尽快在「账号设置 - 账号安全」中修改密码。</p>`,
      },
      {
        slug: 'faq-change-phone',
        title: '如何更换绑定的手机号？',
        summary: '在「账号设置 - 账号安全 - 手机号」先验证原手机号，再绑定新手机号。',
        content: `
<p>进入「我的 - 账号设置 - 账号安全」，点击「手机号」：</p>
<ol>
  <li>向原手机号获取验证码并完成验证；</li>
  <li>在10分钟内输入新手机号并完成验证码验证，即可完成更换。</li>
</ol>
<p>新手机号不能已绑定其他账号。更换成功后，其他设备上的登录会失效，需要使用新手机号重新登录。原手机号已停用无法接收验证码的，请联系${service}。</p>`,
      },
    ],
  },
  {
    name: '充值与支付',
    questions: [
      {
        slug: 'faq-coins',
        title: `${coin}是什么？怎么充值？`,
        summary: `${coin}是平台币，1元=1${coin}，每次可充值${yuan(TOPUP_MIN_CENTS)}-${yuan(TOPUP_MAX_CENTS)}元。`,
        content: `
<p>${coin}是${PRODUCT.name}的平台币，<strong>1元=1${coin}</strong>，可用于游戏角色充值和购买会员卡。</p>
<p>在「我的 - 我的钱包」点击「${coin}充值」，选择常用金额（${TOPUP_PRESETS_YUAN.join('、')}元）或输入${yuan(TOPUP_MIN_CENTS)}-${yuan(TOPUP_MAX_CENTS)}元之间的整数金额，跳转收银台完成支付后即时到账。</p>
<p>账号的第一笔支付订单为${coin}充值时，额外赠送${FIRST_RECHARGE_BONUS_PCT}%的${coin}，最多赠送${yuan(FIRST_RECHARGE_MAX_BONUS_CENTS)}${coin}，每个账号仅一次。${coin}不能提现，也不能转赠他人。</p>`,
      },
      {
        slug: 'faq-order-expire',
        title: '订单多久内需要完成支付？',
        summary: `订单创建后请在${minutes(ORDER_TTL_MS)}分钟内支付，超时自动关闭。`,
        content: `
<p>订单创建后请在<strong>${minutes(ORDER_TTL_MS)}分钟</strong>内完成支付。超时未支付的订单会自动关闭，订单锁定的代金券同时释放，可以再次使用。</p>
<p>未支付的订单可以在「充值记录」中点击「去支付」继续支付，或点击「取消订单」。</p>`,
      },
      {
        slug: 'faq-topup-failed',
        title: '游戏充值没有到账怎么办？',
        summary: '支付成功后平台自动发放到角色；发放失败的款项会自动退回。',
        content: `
<p>游戏角色充值支付成功后，平台会自动将充值发放到您选择的小号和角色，通常即时到账，可在「充值记录」查看订单状态。</p>
<ul>
  <li>请先确认充值时选择的<strong>小号和角色</strong>是否正确，并重新登录游戏查看；</li>
  <li>若发放失败，款项会<strong>自动退回</strong>：在线支付的款项退回到余额，${coin}支付的退回${coin}，使用的代金券在有效期内也会退还。</li>
</ul>
<p>长时间未到账也未退款的，请在「意见反馈」中选择“充值问题”并附上订单号和截图，或联系${service}。</p>`,
      },
      {
        slug: 'faq-wallet',
        title: '余额是什么？可以提现吗？',
        summary: '余额是退回给您的现金款项，可用于充值和购买会员卡。',
        content: `
<p>余额是平台退回给您的现金款项：在线支付的订单发生退款（例如游戏充值发放失败）时，款项退回到余额。余额可用于游戏充值、购买会员卡或充值${coin}，1元余额抵扣1元。</p>
<p>余额提现功能将在后续版本开放。每一笔${coin}和余额的收支都可以在「我的 - 我的钱包」中按收入、支出查看。</p>`,
      },
    ],
  },
  {
    name: '礼包与优惠券',
    questions: [
      {
        slug: 'faq-gift-code',
        title: '礼包怎么领取？兑换码在哪里看？',
        summary: '在游戏详情页的礼包中点击「领取」，兑换码会直接显示。',
        content: `
<p>打开游戏详情页，进入「礼包」，点击想要的礼包后的「领取」，兑换码会直接显示，点击即可复制。然后在游戏内的“兑换码”或“礼包码”入口输入兑换。</p>
<ul>
  <li>每个礼包每个账号只能领取一次，再次点击会显示您已领取的兑换码；</li>
  <li>礼包数量有限，领完即止；超过有效期的礼包无法领取。</li>
</ul>`,
      },
      {
        slug: 'faq-coupon-use',
        title: '代金券怎么使用？',
        summary: '代金券只能用于游戏角色充值，每笔订单最多使用一张。',
        content: `
<ul>
  <li><strong>门槛</strong>：满减券需订单金额达到门槛才能使用（如“满50元可用”），无门槛券任意金额可用；</li>
  <li><strong>范围</strong>：标注游戏名称的代金券仅限该游戏使用，“全平台通用”券可用于任意游戏；代金券只能用于游戏角色充值，不能用于充值${coin}或购买会员卡；</li>
  <li><strong>每单一张</strong>：每笔订单最多使用一张代金券，不找零、不折现；</li>
  <li><strong>有效期</strong>：过期自动失效，可在「我的 - 代金券」中查看。</li>
</ul>
<p>游戏详情页的代金券每张每人限领一次，领取后在「我的 - 代金券」中查看。</p>`,
      },
      {
        slug: 'faq-coupon-locked',
        title: '下单后代金券不见了？',
        summary: `代金券被未支付的订单锁定，取消订单或${minutes(ORDER_TTL_MS)}分钟未支付后自动释放。`,
        content: `
<p>下单时选择的代金券会被该订单锁定，锁定期间不能用于其他订单。订单支付成功后代金券即被使用；订单取消或${minutes(ORDER_TTL_MS)}分钟内未支付而关闭时，代金券会自动释放，可以再次使用。</p>
<p>已使用代金券的订单退款时，若代金券仍在有效期内，也会退还给您。</p>`,
      },
      {
        slug: 'faq-level-coupon',
        title: '会员等级月度券怎么领取？',
        summary: '按累计支付金额达到V1-V5等级，每个自然月可领取对应的代金券。',
        content: `
<p>会员等级按您累计支付的金额计算（${coin}支付的部分不重复计算，已退款订单不计），达到等级后每个自然月（北京时间）可在「我的特权」中领取一次对应等级及以下各等级的代金券：</p>
<ul>
${LEVELS.map((l) => `  <li>V${l.level}：累计支付满${yuan(l.min_paid_cents)}元，${yuan(l.coupon.amount_cents)}元代金券（满${yuan(l.coupon.threshold_cents)}元可用）</li>`).join('\n')}
</ul>`,
      },
    ],
  },
  {
    name: '下载与安装',
    questions: [
      {
        slug: 'faq-download-browser',
        title: '在手机浏览器里怎么下载游戏？',
        summary: '在浏览器中点击「下载」会由浏览器下载安装包；在App内可管理下载进度。',
        content: `
<p>在手机浏览器中打开游戏详情页，点击「下载」后由浏览器下载安装包，下载完成后在浏览器的下载列表中点击安装。</p>
<p>在${PRODUCT.name} App 内下载时，可以在「我的 - 下载管理」中查看进度、暂停、继续和安装，安装完成后可直接点击「打开」。H5小游戏无需下载，点击「开始玩」即可进入。</p>`,
      },
      {
        slug: 'faq-download-address',
        title: '提示“下载地址异常，请联系客服”怎么办？',
        summary: '游戏的下载地址暂时无法获取，请稍后重试或联系客服。',
        content: `
<p>出现该提示说明游戏的下载地址暂时无法获取（例如游戏版本正在更新）。请稍后重试；如果一直无法下载，请在「意见反馈」中选择“游戏问题”并写明游戏名称，或联系${service}，我们会尽快处理。</p>`,
      },
      {
        slug: 'faq-wifi-only',
        title: '怎样只在Wi-Fi下下载，避免耗费流量？',
        summary: '在「系统设置」中打开「仅Wi-Fi下载」。',
        content: `
<p>进入「我的 - 账号设置 - 系统设置」，打开<strong>仅Wi-Fi下载</strong>。开启后，使用移动网络时点击下载会先询问“当前为非Wi-Fi网络”，确认后才开始下载。</p>`,
      },
      {
        slug: 'faq-delete-package',
        title: '安装完成后安装包占用空间怎么办？',
        summary: 'App内可在「系统设置」中打开「安装后删除安装包」。',
        content: `
<p>在${PRODUCT.name} App 内，进入「系统设置」打开<strong>安装后删除安装包</strong>，游戏安装完成后会自动删除下载的安装包以节省空间。也可以在「系统设置」中点击「清除缓存」清理已安装游戏留下的安装包。</p>`,
      },
    ],
  },
  {
    name: '实名认证与防沉迷',
    questions: [
      {
        slug: 'faq-why-real-name',
        title: '为什么必须实名认证？',
        summary: '根据国家规定，未实名认证的账号不能进入游戏，也不能充值。',
        content: `
<p>根据国家新闻出版署《关于防止未成年人沉迷网络游戏的通知》和《关于进一步严格管理 切实防止未成年人沉迷网络游戏的通知》，网络游戏须为用户提供实名认证，<strong>未完成实名认证的账号不能进入游戏，也不能充值</strong>。</p>
<p>在「我的 - 账号设置 - 实名认证」填写真实姓名和18位身份证号码即可完成认证。您的证件信息加密保存，页面只显示打码后的信息。</p>`,
      },
      {
        slug: 'faq-real-name-change',
        title: '实名认证信息可以修改吗？',
        summary: `认证完成后不可修改；一个身份证最多认证${ACCOUNTS_PER_IDENTITY}个账号。`,
        content: `
<ul>
  <li>实名认证完成后<strong>不可修改</strong>，请务必填写本人真实信息；</li>
  <li>同一个身份证最多可为<strong>${ACCOUNTS_PER_IDENTITY}个账号</strong>完成认证；</li>
  <li>每个账号每天最多可提交${REAL_NAME_TRIES_PER_DAY}次认证，超过后请次日再试。</li>
</ul>
<p>如信息确实填写有误，请联系${service}并准备好本人身份证明。</p>`,
      },
      {
        slug: 'faq-minor-hours',
        title: '未成年人什么时间可以玩游戏？',
        summary: `仅周五、周六、周日和法定节假日的${MINOR_PLAY_FROM_HOUR}:00-${MINOR_PLAY_UNTIL_HOUR}:00。`,
        content: `
<p>根据国家防沉迷规定，未满18周岁的用户仅可在<strong>周五、周六、周日和法定节假日每日${MINOR_PLAY_FROM_HOUR}:00-${MINOR_PLAY_UNTIL_HOUR}:00</strong>（北京时间）进入游戏，其他时间无法进入。</p>
<p>年龄按实名认证的出生日期计算，满18周岁当天起不再受此限制。</p>`,
      },
      {
        slug: 'faq-minor-topup',
        title: '未成年人充值有什么限制？',
        summary: '未满8周岁不能充值；8-16周岁、16-18周岁分别有单次和每月限额。',
        content: `
<ul>
  <li>未满8周岁的用户不能充值；</li>
  <li>8周岁以上未满16周岁的用户，单次充值不超过${yuan(teen.perPayment)}元，每月累计不超过${yuan(teen.perMonth)}元；</li>
  <li>16周岁以上未满18周岁的用户，单次充值不超过${yuan(older.perPayment)}元，每月累计不超过${yuan(older.perMonth)}元。</li>
</ul>
<p>每月累计按北京时间自然月计算。家长如发现未成年人未经同意充值，请联系${service}。</p>`,
      },
    ],
  },
  {
    name: '其他',
    questions: [
      {
        slug: 'faq-cancel-account',
        title: '如何注销账号？',
        summary: `满足条件后提交申请，${COOLING_OFF_DAYS}天冷静期后完成注销。`,
        content: `
<p>进入「我的 - 账号设置 - 注销账号」，阅读注销须知后按步骤提交。申请前需满足：</p>
<ul>
  <li>账号内无${coin}余额，且无余额；</li>
  <li>无未完成的订单。</li>
</ul>
<p>提交后进入<strong>${COOLING_OFF_DAYS}天冷静期</strong>，冷静期内重新登录可以撤销注销；冷静期结束后账号信息将被删除或匿名化，且无法恢复。</p>`,
      },
      {
        slug: 'faq-profile',
        title: '如何修改昵称和头像？',
        summary: `昵称为${NICKNAME_MIN}-${NICKNAME_MAX}个字符；头像支持JPG、PNG、WebP格式，不超过${megabytes}MB。`,
        content: `
<p>进入「我的 - 账号设置 - 个人资料」：</p>
<ul>
  <li><strong>头像</strong>：支持JPG、PNG、WebP格式，大小不超过${megabytes}MB、长宽不超过${MAX_IMAGE_SIDE}像素，上传后自动裁剪为正方形；</li>
  <li><strong>昵称</strong>：${NICKNAME_MIN}-${NICKNAME_MAX}个字符，不能包含不允许使用的词语；</li>
  <li>性别和生日可在「编辑资料」中修改。</li>
</ul>`,
      },
      {
        slug: 'faq-feedback',
        title: '提交反馈后在哪里查看回复？',
        summary: '在「意见反馈 - 反馈记录」查看处理状态和客服回复。',
        content: `
<p>在「我的 - 意见反馈」选择问题类型，填写${FEEDBACK_TEXT_MIN}-${FEEDBACK_TEXT_MAX}字的问题描述，可附上最多${FEEDBACK_IMAGES_MAX}张截图，并留下联系方式方便我们联系您。每个账号每天最多提交${FEEDBACK_DAILY_LIMIT}次反馈。</p>
<p>提交后可在「反馈记录」中查看每条反馈的状态（待处理、已回复、已关闭）和客服的回复。</p>`,
      },
      {
        slug: 'faq-contact',
        title: '如何联系人工客服？',
        summary: `在线客服服务时间为${PRODUCT.serviceHours}。`,
        content: `
<ul>
  <li>在线客服：「我的 - 联系客服」，服务时间${PRODUCT.serviceHours}；</li>
  <li>客服电话：<a href="tel:${PRODUCT.servicePhone}">${PRODUCT.servicePhone}</a>；</li>
  <li>客服QQ：${PRODUCT.serviceQq}；</li>
  <li>邮箱：<a href="mailto:${PRODUCT.serviceEmail}">${PRODUCT.serviceEmail}</a>。</li>
</ul>
<p>非服务时间请在「意见反馈」中留言，我们会在上班后尽快处理。</p>`,
      },
    ],
  },
];

interface SeedArticle {
  slug: string;
  kind: 'product' | 'guide' | 'about' | 'activity';
  title: string;
  summary: string;
  content: string;
  /** Days before the seeding the article was published (activity order). */
  daysAgo?: number;
  /** A drawn banner of its own (/art/banner/h<id>v1.svg). */
  drawnCover?: boolean;
}

export const PAGES: SeedArticle[] = [
  {
    slug: PRODUCT_SLUG,
    kind: 'product',
    title: '产品介绍',
    summary: `${PRODUCT.name}：折扣手游、BT服与H5小游戏的一站式福利平台。`,
    content: `
<h3>${PRODUCT.name}是什么</h3>
<p>${PRODUCT.name}是${PRODUCT.company}运营的手机游戏福利平台，汇集折扣手游、BT变态服、0.1折游戏和H5小游戏，为玩家提供游戏下载、折扣充值、礼包领取和代金券等服务。</p>
<h3>主要功能</h3>
<ul>
  <li><strong>找游戏</strong>：首页推荐、新游首发、排行榜、开服表和专题，支持按游戏名、拼音首字母搜索；</li>
  <li><strong>下载与即点即玩</strong>：App内统一管理下载和安装，H5小游戏点开即玩；</li>
  <li><strong>折扣充值</strong>：游戏角色直充，可使用${coin}、余额或在线支付，并可使用代金券抵扣；</li>
  <li><strong>礼包与代金券</strong>：游戏礼包、游戏代金券、会员卡与等级月度券；</li>
  <li><strong>收藏与预约</strong>：收藏喜欢的游戏，预约新游上线；</li>
  <li><strong>客服与反馈</strong>：在线客服${PRODUCT.serviceHours}，意见反馈全程可查。</li>
</ul>
<h3>安全与合规</h3>
<p>平台严格执行国家网络游戏防沉迷规定：游戏和充值前须完成实名认证，未成年人的游戏时间和充值金额按规定限制。账号使用手机验证码或密码登录，密码与证件信息均加密保存。</p>`,
  },
  {
    slug: GUIDE_SLUG,
    kind: 'guide',
    title: '新手指南',
    summary: `五分钟了解${PRODUCT.name}：登录、实名、找游戏、领福利、充值。`,
    content: `
<h3>第一步：登录</h3>
<p>在「我的」点击「登录/注册」，输入手机号获取${CODE_DIGITS}位验证码即可登录，新手机号会自动注册。设置密码后也可以使用密码登录。</p>
<h3>第二步：实名认证</h3>
<p>根据国家规定，进入游戏和充值前须完成实名认证：「我的 - 账号设置 - 实名认证」，填写真实姓名和身份证号码。认证后不可修改。</p>
<h3>第三步：找到想玩的游戏</h3>
<ul>
  <li>首页的「推荐」「新游」「排行」「开服表」等栏目每天更新；</li>
  <li>点击顶部搜索框，可按游戏名、拼音或拼音首字母搜索；没有找到想玩的游戏，可以在搜索结果页告诉我们；</li>
  <li>在游戏详情页查看介绍、截图、开服时间和礼包，点击「收藏」把游戏加入「我的收藏」。</li>
</ul>
<h3>第四步：领取福利</h3>
<ul>
  <li>游戏详情页的「礼包」可领取兑换码，每个礼包每个账号限领一次；</li>
  <li>游戏详情页可领取该游戏的代金券，充值时选择可用的券抵扣；</li>
  <li>累计支付达到V1及以上等级后，每月可在「我的特权」领取等级代金券。</li>
</ul>
<h3>第五步：充值</h3>
<p>在「我的 - 更多服务」点击「游戏充值」，选择游戏、小号和角色，输入金额并选择代金券，使用${coin}、余额或在线支付。${coin}1元=1个，首次充值${coin}加赠${FIRST_RECHARGE_BONUS_PCT}%（最多${yuan(FIRST_RECHARGE_MAX_BONUS_CENTS)}个）。订单请在${minutes(ORDER_TTL_MS)}分钟内完成支付。</p>
<h3>遇到问题</h3>
<p>先看看<a href="/commonproblem">常见问题</a>；没有解决的，可以在<a href="/commonback">意见反馈</a>留言，或联系${service}。</p>`,
  },
  {
    slug: 'about-company',
    kind: 'about',
    title: '公司简介',
    summary: `${PRODUCT.company}`,
    content: `
<p>${PRODUCT.company}成立于杭州，专注于手机游戏分发与玩家服务，旗下产品${PRODUCT.name}为玩家提供折扣手游、BT服和H5小游戏的下载、充值与福利服务。</p>
<p>我们与众多游戏研发商和发行商合作，坚持正版游戏、正规渠道，所有上架游戏均已取得相应的版号或备案。我们相信，好的游戏平台应当让玩家花得更少、玩得更安心。</p>
<p>联系我们：${PRODUCT.serviceEmail}（商务合作请注明“合作”）。</p>`,
  },
  {
    slug: 'about-guardian',
    kind: 'about',
    title: '家长监护工程',
    summary: '未成年人游戏时间、充值限额与家长监护渠道。',
    content: `
<p>${PRODUCT.name}积极落实国家关于防止未成年人沉迷网络游戏的要求，为家长提供以下监护措施：</p>
<h4>游戏时间</h4>
<p>未满18周岁的用户仅可在周五、周六、周日和法定节假日每日${MINOR_PLAY_FROM_HOUR}:00-${MINOR_PLAY_UNTIL_HOUR}:00进入游戏。</p>
<h4>充值限额</h4>
<ul>
  <li>未满8周岁：不能充值；</li>
  <li>8周岁以上未满16周岁：单次不超过${yuan(teen.perPayment)}元，每月累计不超过${yuan(teen.perMonth)}元；</li>
  <li>16周岁以上未满18周岁：单次不超过${yuan(older.perPayment)}元，每月累计不超过${yuan(older.perMonth)}元。</li>
</ul>
<h4>家长监护渠道</h4>
<p>家长如需查询孩子的账号使用情况、申请限制游戏或处理未经同意的充值，请拨打${PRODUCT.servicePhone}（${PRODUCT.serviceHours}）或发送邮件至${PRODUCT.serviceEmail}，并提供监护人与未成年人的身份证明。我们会在核实后协助处理。</p>`,
  },
  {
    slug: 'about-conduct',
    kind: 'about',
    title: '玩家行为规范',
    summary: '使用平台服务时请遵守的基本规范。',
    content: `
<p>为了营造良好的游戏环境，使用${PRODUCT.name}时请遵守以下规范：</p>
<ol>
  <li>遵守法律法规，不发布违法、色情、暴力、赌博及侵犯他人权益的内容；</li>
  <li>不冒充平台工作人员或他人，不以任何方式骗取他人账号、密码或验证码；</li>
  <li>不利用外挂、漏洞或非正常手段获取游戏或平台利益，不恶意刷取代金券和礼包；</li>
  <li>妥善保管账号和密码，不出租、出借账号；验证码不要告诉任何人，平台工作人员不会向您索要验证码；</li>
  <li>理性消费，合理安排游戏时间。</li>
</ol>
<p>违反上述规范的，平台有权视情节限制或禁用账号。发现违规行为，欢迎通过「意见反馈」选择“投诉”举报。</p>`,
  },
  {
    slug: 'activity-first-recharge',
    kind: 'activity',
    title: `首充${coin}加赠${FIRST_RECHARGE_BONUS_PCT}%`,
    summary: `第一笔${coin}充值额外赠送${FIRST_RECHARGE_BONUS_PCT}%，最多${yuan(FIRST_RECHARGE_MAX_BONUS_CENTS)}${coin}。`,
    daysAgo: 2,
    drawnCover: true,
    content: `
<p>新朋友专享：账号的<strong>第一笔支付订单为${coin}充值</strong>时，额外赠送充值金额${FIRST_RECHARGE_BONUS_PCT}%的${coin}，最多赠送${yuan(FIRST_RECHARGE_MAX_BONUS_CENTS)}${coin}，随充值一起到账。</p>
<ul>
  <li>例如首次充值${TOPUP_PRESETS_YUAN[2]}元，到账${TOPUP_PRESETS_YUAN[2]}${coin}，另赠${(TOPUP_PRESETS_YUAN[2] * FIRST_RECHARGE_BONUS_PCT) / 100}${coin}；</li>
  <li>每个账号仅限一次；先完成了游戏充值或购买会员卡的账号不再享受；</li>
  <li>持有带充值赠送特权的会员卡时，会员卡赠送另行计算。</li>
</ul>
<p><a href="/mylewancoin">去充值${coin}</a></p>`,
  },
  {
    slug: 'activity-level-coupons',
    kind: 'activity',
    title: '会员等级券每月可领',
    summary: `V1-V${LEVELS.length}会员每个自然月领取等级代金券，最高${yuan(LEVELS.at(-1)!.coupon.amount_cents)}元。`,
    daysAgo: 9,
    drawnCover: true,
    content: `
<p>累计支付达到对应金额即可升级，每个自然月（北京时间）可在「我的特权」领取本等级及以下各等级的代金券各一次：</p>
<ul>
${LEVELS.map((l) => `  <li>V${l.level}（累计支付满${yuan(l.min_paid_cents)}元）：${yuan(l.coupon.amount_cents)}元代金券，满${yuan(l.coupon.threshold_cents)}元可用</li>`).join('\n')}
</ul>
<p>等级券领取后30天内有效，可用于任意游戏的角色充值。<a href="/myprivilege">查看我的特权</a></p>`,
  },
  {
    slug: 'activity-reserve',
    kind: 'activity',
    title: '预约新游，开服不错过',
    summary: '还没上线的新游戏，在详情页点击「预约」关注，上线后即可下载。',
    daysAgo: 20,
    drawnCover: true,
    content: `
<p>还没上线的新游戏，可以在游戏详情页点击<strong>「预约」</strong>关注。详情页会显示游戏的上线时间和预约人数，游戏上线后即可下载或在线玩。</p>
<p>新游上线初期的礼包数量有限，领完即止，上线当天记得去详情页的「礼包」看看。预约后也可以随时取消。</p>`,
  },
];

/** Seeds the help content. Idempotent; what was edited since is kept. */
export async function seedHelpContent(db: Kysely<Database>, now: Date = new Date()): Promise<void> {
  for (const [index, category] of FAQ.entries()) {
    let row = await db.selectFrom('help_categories').select('id').where('name', '=', category.name).executeTakeFirst();
    row ??= await db
      .insertInto('help_categories')
      .values({ name: category.name, sort_order: (index + 1) * 10, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [position, question] of category.questions.entries()) {
      await db
        .insertInto('help_articles')
        .values({
          kind: 'faq',
          category_id: row.id,
          slug: question.slug,
          title: question.title,
          summary: question.summary,
          content: sanitizeServerHtml(question.content),
          sort_order: (position + 1) * 10,
          published: true,
          published_at: now,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('slug').doNothing())
        .execute();
    }
  }
  for (const [position, page] of PAGES.entries()) {
    const publishedAt = new Date(now.getTime() - (page.daysAgo ?? 0) * DAY_MS);
    const inserted = await db
      .insertInto('help_articles')
      .values({
        kind: page.kind,
        slug: page.slug,
        title: page.title,
        summary: page.summary,
        content: sanitizeServerHtml(page.content),
        sort_order: (position + 1) * 10,
        published: true,
        published_at: publishedAt,
        created_at: publishedAt,
        updated_at: publishedAt,
      })
      .onConflict((oc) => oc.column('slug').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted && page.drawnCover) await db.updateTable('help_articles').set({ cover: artUrl('banner', `h${inserted.id}`) }).where('id', '=', inserted.id).execute();
  }
}
