/** The product's identity, in one place (SPEC writes it as {product}). */
export const PRODUCT = {
  slug: 'lewan',
  name: '乐玩游戏盒',
  coinName: '乐玩币',
  company: '乐玩互动（杭州）网络科技有限公司',
  icp: '浙ICP备2024061523号-1',
  servicePhone: '400-826-1799',
  serviceQq: '3007218866',
  serviceEmail: 'kefu@lewan-game.cn',
  serviceHours: '每日 9:00-23:00',
} as const;
