import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import NotFoundPage from '../components/NotFoundPage.tsx';
import { ROUTE_TITLES, documentTitleOf } from './route-titles.ts';
import { HOME_FAMILY, NAVIGATION_RULES, normalizePath, PAGE_FILES, ROUTE_PATHS, ROUTES, routeOf, type RouteDefinition } from './routes.ts';
import { RuntimeProvider } from './runtime-context.tsx';
import { SAME_PAGE_ROUTES, sharedTitles } from '../../tests/helpers/same-page-routes.ts';
import type { AppRuntime } from './runtime.ts';

function stubRuntime(): AppRuntime {
  const session = createActor(createMachine({ id: 'sessionStub' })).start();
  const navigation = createActor(createMachine({ id: 'navStub', context: { current: { path: '/traderecord' } } })).start();
  return { api: { call: vi.fn() }, inspect: () => {}, session, navigation, navigate: vi.fn(), openLogin: vi.fn(), loading: { send: () => {} } } as unknown as AppRuntime;
}

// SPEC §2, spelled out independently of the table.
const SPEC_NEEDS_LOGIN =
  'dailymission invitatefriend coinstore infocenter infoactivity infotrading infotradingDetail infoaccountsell infoorder commonback realnamecertificateone editdata rechargerecord commonproblem downlist mywallet mylewancoin mycoupon traderecord tradeinstruction selectgame wantpay service suggestbcak orderpay openclothes gamedetailvip lewanguide rechargepay gamecoupon gamegift newgamewelfare zeropointone cardstrightrecharge login';
const SPEC_KEEP_SCROLL = ['/', '/mine', '/about', '/circle', '/overseas', '/homedown', '/newgame', '/lastweek', '/tswk', '/h5', '/zeropointone'];
const SPEC_KEPT_ALIVE = ['/', '/newgame', '/ranking', '/routine', '/lastweek', '/tswk', '/h5', '/hotbt', '/about', '/circle', '/mine', '/gamedetail'];
const SPEC_GROUPS =
  '/dnewgame /dnewserve /dlastweek /lastweek /tswk /h5 /zeropointone /hotbt /special /specialdetail /newgamewelfare ' +
  '/dailymission /rookiemission /coinstore /invitatefriend /invitatelist /incomedetail /sealrecord ' +
  '/carddetail /cardstrightrecharge /topupguide /otherpage /loginrecharge /autorecharge /autorechargehao /selectcoupon /autosend ' +
  '/gamedetail /gamedetailvip /gamedetailfold /openclothes /gamecoupon /gamegift ' +
  '/infocenter /infoactivity /infotrading /infotradingDetail /infoaccountsell /infoorder /notice /commonback /backrecord ' +
  '/searchHistory /searchingresult /suggestbcak /bookmarkguide /noticedialog /updatedialog /firstrechargedialog /testview ' +
  '/login /reload /register /findpassword /resetpassword /userrule /msgedetinfor /downlist /zaixianwan ' +
  '/submitapplication /selectgameplotform /selectplotformgame /sellinstruct /sellgoodsinfo /tradeinstruction /selectgame /traderecord ' +
  '/sellaccount /sellaccountedit /orderpay /wantpay /circlesearching /circleresult /tradingsuccess /successview /ceshiyemian ' +
  '/moneyinstruction /incomewithdrawal /incomewithdrawals /accountsettingshow /accountsetting /phoneverify /phoneverifynew /editpassword ' +
  '/accountsafety /accountdestoryone /accountdestorytwo /accountdestorythree /accountdestoryfour /accountdestoryrule ' +
  '/realnamecertificateone /realnamecertificatetwo /editdata /editnickname /systemsetting /mycoupon /couponinstruction /commonproblem ' +
  '/commonproblemdetail /rechargerecord /mylewancoin /rechargepay /mywallet /aboutus /productintroduce /myprivilege /aboutdetail /lewanguide /service';

const flagged = (flag: 'needsLogin' | 'keepAlive' | 'homeFamily' | 'topLevel') => ROUTES.filter((route) => route[flag]).map((route) => route.path);

describe('route table', () => {
  it('has every route of SPEC §2 once, the tabs and the home family, and a title for each', () => {
    const expected = [...SPEC_GROUPS.split(' '), ...HOME_FAMILY, '/about', '/circle', '/mine'];
    expect(new Set(ROUTE_PATHS)).toEqual(new Set(expected));
    expect(ROUTE_PATHS).toHaveLength(new Set(ROUTE_PATHS).size);
    expect(Object.keys(ROUTE_TITLES).sort()).toEqual([...ROUTE_PATHS].sort());
  });

  it("needsLogin is SPEC's exact list but /login, a full-page form that works signed out", () => {
    expect(SPEC_NEEDS_LOGIN.split(' ')).toContain('login');
    expect(flagged('needsLogin').sort()).toEqual(SPEC_NEEDS_LOGIN.split(' ').filter((name) => name !== 'login').map((name) => `/${name}`).sort());
  });

  it("scrollToTop everywhere but SPEC's keep-scroll list", () => {
    expect(ROUTES.filter((route) => !route.scrollToTop).map((route) => route.path).sort()).toEqual([...SPEC_KEEP_SCROLL].sort());
  });

  it("keeps alive SPEC's list (plus similar list and detail pages)", () => {
    for (const path of SPEC_KEPT_ALIVE) expect(routeOf(path)?.keepAlive, path).toBe(true);
    for (const path of ['/dailymission', '/orderpay', '/aboutus', '/login', '/service', '/editdata']) expect(routeOf(path)?.keepAlive, path).toBe(false);
  });

  it('the tab bar shows on the tabs and the home family, which lights recommend', () => {
    expect(flagged('homeFamily')).toEqual([...HOME_FAMILY]);
    expect(flagged('topLevel').sort()).toEqual([...HOME_FAMILY, '/about', '/circle', '/mine'].sort());
  });

  it('gives the machine the same lists and the /circle → /orderpay block', () => {
    expect(NAVIGATION_RULES.protectedPaths).toEqual(flagged('needsLogin'));
    expect(NAVIGATION_RULES.blockedMoves).toEqual([{ from: '/circle', to: '/orderpay' }]);
    expect(NAVIGATION_RULES.loginPath).toBe('/login');
  });

  it('built pages have loaders; unknown paths have no route', () => {
    expect(routeOf('/aboutus')?.page).toBeTypeOf('function');
    expect(routeOf('/mine')?.page).toBeTypeOf('function');
    expect(routeOf('/bookmarkguide')?.page).toBeTypeOf('function');
    expect(routeOf('/no-such-page')).toBeNull();
  });

  it('every route of SPEC §2 is built: each has a page file and a loader', () => {
    const unbuilt = ROUTES.filter((route) => route.page === undefined).map((route) => route.path);
    expect(unbuilt).toEqual([]);
    for (const path of ROUTE_PATHS) expect(PAGE_FILES[path], path).toMatch(/^\.\.\/pages\/[a-z0-9-]+\/[A-Za-z0-9]+Page\.tsx$/);
    expect(routeOf('/ceshiyemian')?.page).toBeTypeOf('function');
  });

  it('a route without a page shows the not-open treatment (a synthetic unbuilt route), an unknown path the not-found one', () => {
    // No route of the table lacks a page any more: a route definition without `page` stands in for one.
    const unbuilt: RouteDefinition = { path: '/traderecord', keepAlive: false, needsLogin: true, scrollToTop: true, homeFamily: false, topLevel: false };
    expect(unbuilt.page).toBeUndefined();
    const { unmount } = render(
      <RuntimeProvider runtime={stubRuntime()}>
        <NotFoundPage route={unbuilt} />
      </RuntimeProvider>,
    );
    expect(screen.getByText('页面暂未开放，敬请期待')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '交易记录' })).toBeTruthy();
    unmount();
    render(
      <RuntimeProvider runtime={stubRuntime()}>
        <NotFoundPage route={null} />
      </RuntimeProvider>,
    );
    expect(screen.getByText('您访问的页面不存在或暂未开放')).toBeTruthy();
  });

  it('normalises trailing slashes and letter case to the table spelling', () => {
    expect(normalizePath('/mine/')).toBe('/mine');
    expect(normalizePath('/INFOTRADINGDETAIL')).toBe('/infotradingDetail');
    expect(normalizePath('')).toBe('/');
    expect(normalizePath('/unknown/')).toBe('/unknown');
  });

  it('no two pages share a title, but the variants and steps of one page listed as such', () => {
    expect(sharedTitles(Object.entries(ROUTE_TITLES))).toEqual({});
    // The list names routes of the table, each once, and each group does share its title.
    const listed = SAME_PAGE_ROUTES.flat();
    expect(listed).toHaveLength(new Set(listed).size);
    for (const group of SAME_PAGE_ROUTES) {
      for (const path of group) expect(ROUTE_PATHS, path).toContain(path);
      expect(new Set(group.map((path) => ROUTE_TITLES[path])).size, group.join(' ')).toBe(1);
    }
  });

  it('a title shared by two different pages is found; one shared within a listed group is not', () => {
    expect(sharedTitles([['/accountsetting', '账号设置'], ['/accountsettingshow', '账号设置'], ['/mine', '我的']])).toEqual({ 账号设置: ['/accountsetting', '/accountsettingshow'] });
    expect(sharedTitles([['/gamedetail', '游戏详情'], ['/gamedetailvip', '游戏详情'], ['/notice', '公告'], ['/noticedialog', '公告']])).toEqual({});
    expect(sharedTitles([['/gamedetail', '游戏详情'], ['/gamedetailvip', '游戏详情'], ['/gamegift', '游戏详情']])).toEqual({ 游戏详情: ['/gamedetail', '/gamedetailvip', '/gamegift'] });
  });

  it('titles the document by route', () => {
    expect(documentTitleOf('/')).toBe('乐玩游戏盒');
    expect(documentTitleOf('/dailymission')).toBe('每日任务 - 乐玩游戏盒');
    expect(documentTitleOf('/nope')).toBe('乐玩游戏盒');
  });
});
