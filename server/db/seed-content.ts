import type { Kysely } from 'kysely';
import { generatedMd5 } from '../generated-files.ts';
import { PRODUCT } from '../product.ts';
import type { Database } from './schema.ts';
import { seedAuthContent } from './seed-auth-content.ts';
import { seedCancellationContent } from './seed-cancellation-content.ts';
import { seedMoneyContent } from './seed-money-content.ts';
import { seedSdkList } from './seed-sdk-list.ts';
import { seedServiceContent } from './seed-service.ts';
import { seedHelpContent } from './seed-help-content.ts';
import { seedMessages } from './seed-messages.ts';
import { seedTasks } from './seed-tasks.ts';
import { seedTradeTexts } from '../trading/texts.ts';

export const APP_PACKAGE_SIZE = 3 * 1024 * 1024 + 417;

export function appPackageSeed(versionCode: string): string {
  return `app-package:${versionCode}`;
}

const ABOUT_US = `
<h2>${PRODUCT.name}</h2>
<p>${PRODUCT.name}是一款专注手机游戏福利的游戏平台，汇集折扣手游、BT 变态服与 H5 小游戏，
为玩家提供游戏下载、充值优惠、礼包领取与账号交易等一站式服务。</p>
<h3>我们提供</h3>
<ul>
  <li><strong>折扣充值</strong>：数千款手游享 0.1 折起充值优惠，首充、续充一目了然。</li>
  <li><strong>海量礼包</strong>：新游首发礼包、节日礼包、VIP 礼包每日更新，一键领取兑换码。</li>
  <li><strong>每日任务</strong>：签到、试玩、邀请好友即可赚取积分，积分可在商城兑换代金券。</li>
  <li><strong>账号交易</strong>：官方担保的小号交易，卖家快速回血，买家安全省心。</li>
  <li><strong>专属客服</strong>：${PRODUCT.serviceHours}在线，充值、返利、账号问题随时响应。</li>
</ul>
<h3>健康游戏忠告</h3>
<p>抵制不良游戏，拒绝盗版游戏。注意自我保护，谨防受骗上当。<br>适度游戏益脑，沉迷游戏伤身。合理安排时间，享受健康生活。</p>
`.trim();

const APP_VERSIONS = [
  { version_name: '3.3.3', version_code: '3.3.3', min_supported_code: '3.0.0', notes: '修复部分机型下载完成后无法自动安装的问题。', released_at: '2026-08-12T02:00:00Z' },
  { version_name: '3.4.0', version_code: '3.4.0', min_supported_code: '3.2.0', notes: '1. 新增游戏圈账号交易担保流程\n2. 下载管理支持删除安装包设置\n3. 优化弱网环境下的下载速度', released_at: '2026-11-02T02:00:00Z' },
];

/** Content every installation has: about-us text and the app's published versions. Idempotent. */
export async function seedContent(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('site_content')
    .values({
      key: 'about_us',
      title: `关于${PRODUCT.name}`,
      content: ABOUT_US,
      data: JSON.stringify({
        product: PRODUCT.name,
        company: PRODUCT.company,
        icp: PRODUCT.icp,
        service_phone: PRODUCT.servicePhone,
        service_qq: PRODUCT.serviceQq,
        service_email: PRODUCT.serviceEmail,
        service_hours: PRODUCT.serviceHours,
      }),
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  for (const version of APP_VERSIONS) {
    await db
      .insertInto('app_versions')
      .values({
        ...version,
        url: `/down/app/${PRODUCT.slug}-${version.version_code}.apk`,
        size: APP_PACKAGE_SIZE,
        md5: await generatedMd5(appPackageSeed(version.version_code), APP_PACKAGE_SIZE),
      })
      .onConflict((oc) => oc.column('version_code').doNothing())
      .execute();
  }
  await seedAuthContent(db);
  await seedMoneyContent(db);
  await seedCancellationContent(db);
  await seedSdkList(db);
  await seedServiceContent(db);
  await seedHelpContent(db);
  await seedMessages(db);
  await seedTasks(db);
  await seedTradeTexts(db);
}
