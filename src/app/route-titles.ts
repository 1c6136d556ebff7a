import { PRODUCT } from './routes.ts';

/**
 * Page titles of the route table (src/app/routes.ts), kept apart from the flags: only the not-found
 * treatment and document.title read them, so they load with that chunk, not in the entry.
 */
export const ROUTE_TITLES: Readonly<Record<string, string>> = {
  // Tabs and the home family
  '/': '推荐', '/newgame': '新游', '/ranking': '排行榜', '/routine': '精选', '/overseas': '海外', '/newserve': '新服', '/homedown': '下载榜',
  '/oversearch': '海外搜索', '/about': '发现', '/circle': '游戏圈', '/mine': '我的',
  // Home and discovery
  '/dnewgame': '新游速递', '/dnewserve': '新服速递', '/dlastweek': '上周新游', '/lastweek': '上周新游', '/tswk': '特色专区', '/h5': 'H5游戏',
  '/zeropointone': '0.1折专区', '/hotbt': '热门BT', '/special': '专题', '/specialdetail': '专题详情', '/newgamewelfare': '新游福利',
  // Tasks and rewards
  '/dailymission': '每日任务', '/rookiemission': '新手任务', '/coinstore': '积分商城', '/invitatefriend': '邀请好友', '/invitatelist': '邀请记录',
  '/incomedetail': '收益明细', '/sealrecord': '兑换记录',
  // Cards and top-up
  '/carddetail': '卡券详情', '/cardstrightrecharge': '卡券直充', '/topupguide': '充值指南', '/otherpage': '更多', '/loginrecharge': '登录充值',
  '/autorecharge': '自助充值', '/autorechargehao': '自助充值', '/selectcoupon': '选择优惠券', '/autosend': '自动发放',
  // Game pages
  '/gamedetail': '游戏详情', '/gamedetailvip': '游戏详情', '/gamedetailfold': '游戏详情', '/openclothes': '开服信息', '/gamecoupon': '游戏代金券',
  '/gamegift': '游戏礼包',
  // Information
  '/infocenter': '消息中心', '/infoactivity': '活动消息', '/infotrading': '交易消息', '/infotradingDetail': '交易消息详情',
  '/infoaccountsell': '出售消息', '/infoorder': '订单消息', '/notice': '公告', '/commonback': '意见反馈', '/backrecord': '反馈记录',
  // Search and feedback
  '/searchHistory': '搜索', '/searchingresult': '搜索结果', '/suggestbcak': '求游戏',
  // Dialog and test pages
  '/bookmarkguide': '添加到主屏幕', '/noticedialog': '公告', '/updatedialog': '版本更新', '/firstrechargedialog': '首充福利', '/testview': '测试页',
  // Auth
  '/login': '登录', '/reload': '重新加载', '/register': '注册', '/findpassword': '找回密码', '/resetpassword': '重置密码', '/userrule': '用户协议',
  // Download
  '/msgedetinfor': '下载详情', '/downlist': '下载管理', '/zaixianwan': '在线玩',
  // Trading
  '/submitapplication': '提交申请', '/selectgameplotform': '选择游戏平台', '/selectplotformgame': '选择平台游戏', '/sellinstruct': '出售须知',
  '/sellgoodsinfo': '商品信息', '/tradeinstruction': '交易须知', '/selectgame': '选择游戏', '/traderecord': '交易记录', '/sellaccount': '出售账号',
  '/sellaccountedit': '编辑出售信息', '/orderpay': '订单支付', '/wantpay': '我要买', '/circlesearching': '搜索账号', '/circleresult': '账号搜索结果',
  '/tradingsuccess': '交易详情', '/successview': '操作成功', '/ceshiyemian': '测试页面',
  // Account
  '/moneyinstruction': '收益说明', '/incomewithdrawal': '收益提现', '/incomewithdrawals': '提现记录', '/accountsettingshow': '个人资料',
  '/accountsetting': '账号设置', '/phoneverify': '手机验证', '/phoneverifynew': '绑定新手机', '/editpassword': '修改密码',
  '/accountsafety': '账号安全', '/accountdestoryone': '注销账号', '/accountdestorytwo': '注销账号', '/accountdestorythree': '注销账号',
  '/accountdestoryfour': '注销账号', '/accountdestoryrule': '注销须知', '/realnamecertificateone': '实名认证',
  '/realnamecertificatetwo': '实名认证', '/editdata': '编辑资料', '/editnickname': '修改昵称', '/systemsetting': '系统设置',
  '/mycoupon': '我的优惠券', '/couponinstruction': '优惠券说明', '/commonproblem': '常见问题', '/commonproblemdetail': '问题详情',
  '/rechargerecord': '充值记录', [`/my${PRODUCT}coin`]: '我的乐玩币', '/rechargepay': '充值', '/mywallet': '我的钱包', '/aboutus': '关于我们',
  '/productintroduce': '产品介绍', '/myprivilege': '我的特权', '/aboutdetail': '详情', [`/${PRODUCT}guide`]: '乐玩指南',
  // Customer service
  '/service': '客服',
};

export const APP_NAME = '乐玩游戏盒';

/** The route's title; unknown paths have none. */
export function titleOf(path: string): string | null {
  return Object.hasOwn(ROUTE_TITLES, path) ? ROUTE_TITLES[path]! : null;
}

/** document.title: the app's name alone on home, else the page's title first. */
export function documentTitleOf(path: string): string {
  const title = titleOf(path);
  return !title || path === '/' ? APP_NAME : `${title} - ${APP_NAME}`;
}
