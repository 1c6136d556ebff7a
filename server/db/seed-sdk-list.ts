import type { Kysely } from 'kysely';
import { escapeXml } from '../catalog/art.ts';
import { PRODUCT } from '../product.ts';
import type { Database } from './schema.ts';

/** site_content key read by /api/down/sdkListDesc (the third-party SDK list of /userrule). */
export const SDK_LIST_KEY = 'sdk_list';

export interface SdkEntry {
  name: string;
  company: string;
  purpose: string;
  /** The personal information the SDK may collect, as the privacy notices of such apps list it. */
  data: string;
  policy_url: string;
}

const EFFECTIVE = '2026年11月1日';

/**
 * The SDKs an Android game box of this kind embeds (push, analytics, crash reports, payment,
 * share), each with its company, purpose, the data it may collect and its own privacy policy —
 * the list the 2021 rules on apps' personal-information collection (工信部 164 号文) ask for.
 */
export const SDK_LIST: readonly SdkEntry[] = [
  {
    name: '个推推送 SDK',
    company: '每日互动股份有限公司',
    purpose: '向您推送开服提醒、礼包上新和客服回复等消息',
    data: '设备品牌与型号、操作系统版本、网络类型、OAID（仅在您同意隐私政策后）',
    policy_url: 'https://docs.getui.com/privacy/',
  },
  {
    name: '华为推送（HMS Push Kit）',
    company: '华为软件技术有限公司',
    purpose: '在华为、荣耀手机上通过系统通道送达推送消息',
    data: '设备型号、系统版本、应用信息（包名、版本号）、推送令牌',
    policy_url: 'https://developer.huawei.com/consumer/cn/doc/development/HMSCore-Guides/sdk-data-security-0000001050042177',
  },
  {
    name: '小米推送 SDK',
    company: '北京小米移动软件有限公司',
    purpose: '在小米、红米手机上通过系统通道送达推送消息',
    data: '设备型号、系统版本、网络类型、推送令牌',
    policy_url: 'https://dev.mi.com/console/doc/detail?pId=1822',
  },
  {
    name: '友盟+ 统计分析 SDK',
    company: '友盟同欣（北京）科技有限公司',
    purpose: '统计页面访问、下载与充值转化，用于改进产品体验',
    data: '设备型号、操作系统版本、屏幕分辨率、网络类型、OAID、IP 地址（仅在您同意隐私政策后）',
    policy_url: 'https://www.umeng.com/page/policy',
  },
  {
    name: '腾讯 Bugly 崩溃分析 SDK',
    company: '深圳市腾讯计算机系统有限公司',
    purpose: '收集应用崩溃与卡顿信息，帮助我们定位并修复问题',
    data: '设备型号、操作系统版本、崩溃堆栈、应用版本、网络类型',
    policy_url: 'https://privacy.qq.com/document/preview/fc748b3d96224fdb825ea79e132c1a56',
  },
  {
    name: '支付宝支付 SDK',
    company: '支付宝（中国）网络技术有限公司',
    purpose: '在您充值时通过支付宝完成付款',
    data: '设备型号、操作系统版本、网络类型、订单信息',
    policy_url: 'https://opendocs.alipay.com/open/54/01g6qm',
  },
  {
    name: '微信开放平台 SDK',
    company: '深圳市腾讯计算机系统有限公司',
    purpose: '在您充值时通过微信支付付款，以及把游戏和邀请链接分享给微信好友',
    data: '设备型号、操作系统版本、网络类型、订单信息（支付时）、分享的内容',
    policy_url: 'https://support.weixin.qq.com/cgi-bin/mmsupportacctnodeweb-bin/pages/RYiYJkLOrQwu0nb8',
  },
  {
    name: 'QQ 互联 SDK',
    company: '深圳市腾讯计算机系统有限公司',
    purpose: '把游戏和邀请链接分享给 QQ 好友或 QQ 空间',
    data: '设备型号、操作系统版本、网络类型、分享的内容',
    policy_url: 'https://wiki.connect.qq.com/qq互联sdk隐私保护声明',
  },
];

/** The list as the page shows it: an introduction, then one block per SDK. */
export function sdkListHtml(list: readonly SdkEntry[]): string {
  const intro =
    `<p>更新日期：${EFFECTIVE}</p>` +
    `<p>为保障${escapeXml(PRODUCT.name)}的推送、统计、崩溃分析、支付和分享功能，我们接入了以下第三方服务商提供的软件开发工具包（SDK）。` +
    '我们会对这些 SDK 进行安全检测，并要求服务商按照约定和相关法律法规处理您的个人信息。' +
    '在您同意《隐私政策》之前，这些 SDK 不会收集设备标识符（IMEI、OAID、Android ID、MAC 地址）。</p>';
  const blocks = list
    .map(
      (sdk) =>
        `<h3>${escapeXml(sdk.name)}</h3>` +
        `<p>服务商：${escapeXml(sdk.company)}<br>使用目的：${escapeXml(sdk.purpose)}<br>收集的信息：${escapeXml(sdk.data)}<br>` +
        `隐私政策：<a href="${escapeXml(encodeURI(sdk.policy_url))}" target="_blank" rel="noopener noreferrer">${escapeXml(sdk.policy_url)}</a></p>`,
    )
    .join('');
  return intro + blocks;
}

/** Idempotent; edits made in the database are kept. */
export async function seedSdkList(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('site_content')
    .values({
      key: SDK_LIST_KEY,
      title: '第三方SDK目录',
      content: sdkListHtml(SDK_LIST),
      data: JSON.stringify({ effective: EFFECTIVE, list: SDK_LIST }),
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
