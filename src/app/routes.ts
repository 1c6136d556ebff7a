import type { ComponentType } from 'react';
import type { NavigationRules, RouteData } from '../../machines/navigation.types.ts';
import { LOGIN_PATH } from '../../machines/session.types.ts';

/**
 * The route table (SPEC §2 "Route list", "Navigation rules", "Bottom tab bar"). SPEC does not show
 * the original table, so the flags below are its lists, spelled out once:
 *  - needsLogin: SPEC's exact list ({product} is "lewan") but 'login': /login is a
 *    full-page form that works signed out (docs/decisions.md "Accounts: auth pages").
 *  - scrollToTop: every route but SPEC's keep-scroll list.
 *  - keepAlive: SPEC's list (home, newgame, ranking, routine, lastweek, tswk, h5, hotbt, about,
 *    circle, mine, gamedetail) and, for "and similar", the other home-family tabs (overseas,
 *    newserve, homedown, oversearch: tabs of one screen), the discovery lists shaped like lastweek
 *    (dnewgame, dnewserve, dlastweek, zeropointone) and the game-detail variants (gamedetailvip,
 *    gamedetailfold). Forms, records and one-off pages are not kept: they must start fresh.
 *  - homeFamily: SPEC's list; they light the recommend tab. topLevel: the tabs plus the home family.
 * A route without a `page` has not been built yet and shows the not-found treatment.
 * Titles live in route-titles.ts: only the not-found treatment and document.title read them, and
 * ~140 Chinese titles would cost the entry chunk 1.5 KB gzip.
 */

export interface PageProps {
  /** The decoded `data` query object (src/app/route-data.ts), null when absent or unusable. */
  data: RouteData | null;
}

export type PageModule = { default: ComponentType<PageProps> };

export interface RouteDefinition {
  path: string;
  keepAlive: boolean;
  needsLogin: boolean;
  scrollToTop: boolean;
  homeFamily: boolean;
  /** Shows the bottom tab bar. */
  topLevel: boolean;
  page?: () => Promise<PageModule>;
}

export const PRODUCT = 'lewan';

/** Lists of paths are written as space-separated strings: ~140 quoted literals cost the entry chunk. */
const paths = (list: string): string[] => list.trim().split(/\s+/);

const NEEDS_LOGIN = new Set(
  paths(`/dailymission /invitatefriend /coinstore /infocenter /infoactivity /infotrading /infotradingDetail
    /infoaccountsell /infoorder /commonback /realnamecertificateone /editdata /rechargerecord /commonproblem
    /downlist /mywallet /my${PRODUCT}coin /mycoupon /traderecord /tradeinstruction /selectgame /wantpay
    /service /suggestbcak /orderpay /openclothes /gamedetailvip /${PRODUCT}guide /rechargepay /gamecoupon
    /gamegift /newgamewelfare /zeropointone /cardstrightrecharge`),
);

/**
 * Pages passed through, never returned to: the auth pages and /reload. RouterHistoryAfter (the last
 * route, SPEC §2) skips them, so it is where those pages send the player back to.
 */
export const TRANSIT_PATHS: ReadonlySet<string> = new Set(paths(`${LOGIN_PATH} /register /findpassword /resetpassword /reload`));

const KEEP_SCROLL = new Set(paths('/ /mine /about /circle /overseas /homedown /newgame /lastweek /tswk /h5 /zeropointone'));

export const HOME_FAMILY: readonly string[] = paths('/ /newgame /ranking /routine /overseas /newserve /homedown /oversearch');
const TAB_ROOTS = paths('/about /circle /mine');

const KEEP_ALIVE = new Set([
  ...HOME_FAMILY,
  ...paths('/lastweek /tswk /h5 /hotbt /about /circle /mine /gamedetail /dnewgame /dnewserve /dlastweek /zeropointone /gamedetailvip /gamedetailfold'),
]);

/**
 * Page loaders in two tiers. Every lazy import the entry chunk holds costs it ~80 B gzip (the
 * import, its preload list, the hashed file names), and ~120 pages did not fit the entry budget.
 * The landing pages (the tabs, the home family and the shared game pages: where players arrive
 * from outside) keep a loader in the entry, so a cold start fetches their chunk at once. Every
 * other page loads through the page table (page-table.ts), one small chunk fetched on the first
 * visit to such a page — warmed into the cache when start-up has settled (warm-up group 'pages') —
 * after which each page costs one fetch as before. page-table.test.ts checks that every file named
 * here exists and that the landing list is what the entry holds.
 */
export const LANDING_PAGES = import.meta.glob<PageModule>([
  '../pages/home/HomePage.tsx',
  '../pages/new-game/NewGamePage.tsx',
  '../pages/ranking/RankingPage.tsx',
  '../pages/routine/RoutinePage.tsx',
  '../pages/overseas/OverseasPage.tsx',
  '../pages/new-serve/NewServePage.tsx',
  '../pages/home-down/HomeDownPage.tsx',
  '../pages/over-search/OverSearchPage.tsx',
  '../pages/discover/DiscoverPage.tsx',
  '../pages/circle/CirclePage.tsx',
  '../pages/mine/MinePage.tsx',
  '../pages/game-detail/GameDetailPage.tsx',
  '../pages/game-detail/GameDetailFoldPage.tsx',
]);
const loadFromTable = (file: string) => () => import('./page-table.ts').then((table) => table.loadPage(file));
export const PAGE_FILES: Record<string, string> = {
  '/aboutus': '../pages/about-us/AboutUsPage.tsx',
  '/mine': '../pages/mine/MinePage.tsx',
  '/service': '../pages/service/ServicePage.tsx',
  '/testview': '../pages/testview/TestViewPage.tsx',
  '/bookmarkguide': '../pages/bookmark-guide/BookmarkGuidePage.tsx',
  '/gamedetail': '../pages/game-detail/GameDetailPage.tsx',
  '/gamedetailvip': '../pages/game-detail/GameDetailVipPage.tsx',
  '/gamedetailfold': '../pages/game-detail/GameDetailFoldPage.tsx',
  '/gamegift': '../pages/game-gift/GameGiftPage.tsx',
  '/gamecoupon': '../pages/game-coupon/GameCouponPage.tsx',
  '/openclothes': '../pages/open-clothes/OpenClothesPage.tsx',
  '/zaixianwan': '../pages/zaixianwan/ZaixianwanPage.tsx',
  '/downlist': '../pages/down-list/DownListPage.tsx',
  '/msgedetinfor': '../pages/msgedetinfor/MsgeDetInforPage.tsx',
  '/realnamecertificateone': '../pages/real-name/RealNameCertificateOnePage.tsx',
  '/realnamecertificatetwo': '../pages/real-name/RealNameCertificateTwoPage.tsx',
  '/accountsettingshow': '../pages/account-settings/AccountSettingShowPage.tsx',
  '/editnickname': '../pages/edit-nickname/EditNicknamePage.tsx',
  '/editdata': '../pages/edit-data/EditDataPage.tsx',
  '/accountdestoryrule': '../pages/account-destroy/AccountDestroyRulePage.tsx',
  '/accountdestoryone': '../pages/account-destroy/AccountDestroyOnePage.tsx',
  '/accountdestorytwo': '../pages/account-destroy/AccountDestroyTwoPage.tsx',
  '/accountdestorythree': '../pages/account-destroy/AccountDestroyThreePage.tsx',
  '/accountdestoryfour': '../pages/account-destroy/AccountDestroyFourPage.tsx',
  '/accountsetting': '../pages/account-setting/AccountSettingPage.tsx',
  '/accountsafety': '../pages/account-safety/AccountSafetyPage.tsx',
  '/phoneverify': '../pages/phone-verify/PhoneVerifyPage.tsx',
  '/phoneverifynew': '../pages/phone-verify/PhoneVerifyNewPage.tsx',
  '/editpassword': '../pages/edit-password/EditPasswordPage.tsx',
  '/systemsetting': '../pages/system-setting/SystemSettingPage.tsx',
  '/login': '../pages/auth/LoginPage.tsx',
  '/register': '../pages/auth/RegisterPage.tsx',
  '/findpassword': '../pages/auth/FindPasswordPage.tsx',
  '/resetpassword': '../pages/auth/ResetPasswordPage.tsx',
  '/userrule': '../pages/user-rule/UserRulePage.tsx',
  '/reload': '../pages/reload/ReloadPage.tsx',
};

/** Games (home family, discovery lists, topics, search), money, help, feedback and messages, tasks, store and invitations, trading: `path=folder/Name` for ../pages/folder/NamePage.tsx. */
for (const entry of paths(`
  /=home/Home /newgame=new-game/NewGame /ranking=ranking/Ranking /routine=routine/Routine
  /overseas=overseas/Overseas /newserve=new-serve/NewServe /homedown=home-down/HomeDown
  /oversearch=over-search/OverSearch /about=discover/Discover /circle=circle/Circle /h5=h5/H5
  /hotbt=hot-bt/HotBt /zeropointone=zero-point-one/ZeroPointOne /lastweek=last-week/LastWeek
  /dlastweek=last-week/LastWeek /tswk=tswk/Tswk /dnewgame=d-new-game/DNewGame /dnewserve=d-new-serve/DNewServe
  /special=special/Special /specialdetail=special-detail/SpecialDetail
  /newgamewelfare=new-game-welfare/NewGameWelfare /searchHistory=search-history/SearchHistory
  /searchingresult=search-result/SearchResult
  /mywallet=my-wallet/MyWallet /rechargerecord=recharge-record/RechargeRecord /mycoupon=my-coupon/MyCoupon
  /couponinstruction=money-text/MoneyText /moneyinstruction=money-text/MoneyText
  /topupguide=money-text/MoneyText /otherpage=other-page/Other /carddetail=card-detail/CardDetail
  /myprivilege=my-privilege/MyPrivilege /autosend=auto-send/AutoSend
  /rechargepay=recharge-pay/RechargePay /my${PRODUCT}coin=my-coin/MyCoin /autorecharge=auto-recharge/AutoRecharge
  /autorechargehao=auto-recharge/AutoRechargeHao /selectcoupon=select-coupon/SelectCoupon
  /cardstrightrecharge=card-recharge/CardStraightRecharge /loginrecharge=login-recharge/LoginRecharge
  /firstrechargedialog=first-recharge/FirstRechargeDialog
  /commonproblem=help/CommonProblem /commonproblemdetail=help/CommonProblemDetail /aboutdetail=help/Article
  /productintroduce=help/Article /${PRODUCT}guide=help/Article /commonback=feedback/Feedback /suggestbcak=feedback/Feedback
  /backrecord=feedback/BackRecord
  /incomewithdrawal=income-withdrawal/IncomeWithdrawal /incomewithdrawals=income-withdrawal/IncomeWithdrawals
  /infocenter=info/Info /infoactivity=info/Info /infotrading=info/Info /infotradingDetail=info/Info
  /infoaccountsell=info/Info /infoorder=info/Info /notice=notice/Notice /noticedialog=notice/Notice
  /updatedialog=update-dialog/UpdateDialog
  /invitatefriend=invite/InviteFriend /invitatelist=invite/InviteList /incomedetail=invite/IncomeDetail
  /coinstore=coin-store/CoinStore /sealrecord=coin-store/SealRecord
  /dailymission=daily-mission/DailyMission /rookiemission=rookie-mission/RookieMission
  /submitapplication=trade-sell/SubmitApplication /sellinstruct=trade-sell/SellInstruct /selectgameplotform=trade-sell/SelectGamePlatform
  /selectplotformgame=trade-sell/SelectPlatformGame /sellgoodsinfo=trade-sell/SellGoodsInfo /sellaccount=trade-sell/SellAccount
  /sellaccountedit=trade-sell/SellGoodsInfo /successview=trade-sell/SuccessView
  /circlesearching=trade-buy/CircleSearching /circleresult=trade-buy/CircleResult /selectgame=trade-buy/SelectGame /wantpay=trade-buy/WantPay
  /orderpay=trade-buy/OrderPay /tradingsuccess=trade-buy/TradingSuccess /traderecord=trade-buy/TradeRecord
  /tradeinstruction=trade-buy/TradeInstruction /ceshiyemian=trade-buy/CeShiYeMian
`)) {
  const [path, file] = entry.split('=') as [string, string];
  PAGE_FILES[path] = `../pages/${file}Page.tsx`;
}

/**
 * Every route: the tab roots and the home family, then SPEC §2's groups one line each (home and
 * discovery, tasks, cards and top-up, game pages, information, search, dialogs, auth, download,
 * trading, account, customer service). Titles: route-titles.ts.
 */
export const ROUTE_PATHS: readonly string[] = paths(`
  /  /newgame /ranking /routine /overseas /newserve /homedown /oversearch /about /circle /mine
  /dnewgame /dnewserve /dlastweek /lastweek /tswk /h5 /zeropointone /hotbt /special /specialdetail /newgamewelfare
  /dailymission /rookiemission /coinstore /invitatefriend /invitatelist /incomedetail /sealrecord
  /carddetail /cardstrightrecharge /topupguide /otherpage /loginrecharge /autorecharge /autorechargehao /selectcoupon /autosend
  /gamedetail /gamedetailvip /gamedetailfold /openclothes /gamecoupon /gamegift
  /infocenter /infoactivity /infotrading /infotradingDetail /infoaccountsell /infoorder /notice /commonback /backrecord
  /searchHistory /searchingresult /suggestbcak
  /bookmarkguide /noticedialog /updatedialog /firstrechargedialog /testview
  /login /reload /register /findpassword /resetpassword /userrule
  /msgedetinfor /downlist /zaixianwan
  /submitapplication /selectgameplotform /selectplotformgame /sellinstruct /sellgoodsinfo /tradeinstruction /selectgame
  /traderecord /sellaccount /sellaccountedit /orderpay /wantpay /circlesearching /circleresult /tradingsuccess /successview
  /ceshiyemian
  /moneyinstruction /incomewithdrawal /incomewithdrawals /accountsettingshow /accountsetting /phoneverify /phoneverifynew
  /editpassword /accountsafety /accountdestoryone /accountdestorytwo /accountdestorythree /accountdestoryfour
  /accountdestoryrule /realnamecertificateone /realnamecertificatetwo /editdata /editnickname /systemsetting /mycoupon
  /couponinstruction /commonproblem /commonproblemdetail /rechargerecord /my${PRODUCT}coin /rechargepay /mywallet /aboutus
  /productintroduce /myprivilege /aboutdetail /${PRODUCT}guide
  /service
`);

const homeFamily = new Set<string>(HOME_FAMILY);

export const ROUTES: readonly RouteDefinition[] = ROUTE_PATHS.map((path) => {
  const file = PAGE_FILES[path];
  const page = file ? (LANDING_PAGES[file] ?? loadFromTable(file)) : undefined;
  return {
    path,
    keepAlive: KEEP_ALIVE.has(path),
    needsLogin: NEEDS_LOGIN.has(path),
    scrollToTop: !KEEP_SCROLL.has(path),
    homeFamily: homeFamily.has(path),
    topLevel: homeFamily.has(path) || TAB_ROOTS.includes(path),
    ...(page ? { page } : {}),
  };
});

const byPath = new Map(ROUTES.map((route) => [route.path, route]));
const byLowerPath = new Map(ROUTES.map((route) => [route.path.toLowerCase(), route]));

/** The canonical path: no trailing slash, the table's spelling when only the case differs. */
export function normalizePath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') || '/' : path || '/';
  return byPath.get(trimmed)?.path ?? byLowerPath.get(trimmed.toLowerCase())?.path ?? trimmed;
}

/** The route of a path, or null for an unknown path (the not-found page). */
export function routeOf(path: string): RouteDefinition | null {
  return byPath.get(normalizePath(path)) ?? null;
}

export function hasPage(path: string): boolean {
  return routeOf(path)?.page !== undefined;
}

/** The machine's view of the table (machines/navigation.types.ts). */
export const NAVIGATION_RULES: NavigationRules = {
  protectedPaths: ROUTES.filter((route) => route.needsLogin).map((route) => route.path),
  keepScrollPaths: ROUTES.filter((route) => !route.scrollToTop).map((route) => route.path),
  // SPEC §2: going from /circle to /orderpay is blocked.
  blockedMoves: [{ from: '/circle', to: '/orderpay' }],
  loginPath: LOGIN_PATH,
};
