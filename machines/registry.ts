import type { AnyActorLogic, AnyStateMachine, InputFrom } from 'xstate';
import { accountCancelMachine } from './account-cancel.machine.ts';
import { agreementSheetMachine } from './agreement-sheet.machine.ts';
import { giftClaimMachine } from './gift-claim.machine.ts';
import { checkInMachine } from './check-in.machine.ts';
import { taskClaimMachine } from './task-claim.machine.ts';
import { cacheClearMachine } from './cache-clear.machine.ts';
import { favouriteMachine } from './favourite.machine.ts';
import { browserDownloadMachine } from './browser-download.machine.ts';
import { downloadEntryMachine } from './download-entry.machine.ts';
import { downloadListMachine } from './download-list.machine.ts';
import type { DownListEntry } from './download.types.ts';
import { loadingMachine } from './loading.machine.ts';
import { playSessionMachine } from './play-session.machine.ts';
import { loginOverlayMachine } from './login-overlay.machine.ts';
import { logoutMachine } from './logout.machine.ts';
import { navigationMachine } from './navigation.machine.ts';
import { orderPollMachine } from './order-poll.machine.ts';
import { passwordChangeMachine } from './password-change.machine.ts';
import { paymentMachine } from './payment.machine.ts';
import { phoneBindMachine } from './phone-bind.machine.ts';
import { phoneVerifyMachine } from './phone-verify.machine.ts';
import { createPagedListMachine, pagedListMachine } from './paged-list.machine.ts';
import { ratingMachine } from './rating.machine.ts';
import { realNameFormMachine } from './real-name-form.machine.ts';
import { resendCodeMachine } from './resend-code.machine.ts';
import { createRemoteDataMachine } from './remote-data.machine.ts';
import { serviceChatMachine } from './service-chat.machine.ts';
import { serviceDeskMachine } from './service-desk.machine.ts';
import { serviceLiveMachine } from './service-live.machine.ts';
import { servicePollMachine } from './service-poll.machine.ts';
import { sessionMachine } from './session.machine.ts';
import { updateDialogMachine } from './update-dialog.machine.ts';
import { uploadMachine } from './upload.machine.ts';
import { withdrawFormMachine } from './withdraw-form.machine.ts';
import { storeRedeemMachine } from './store-redeem.machine.ts';
import { tradePurchaseMachine } from './trade-purchase.machine.ts';
import { tradeActionMachine } from './trade-action.machine.ts';
import { listingFormMachine } from './listing-form.machine.ts';
import { listingLifecycleMachine } from './listing-lifecycle.machine.ts';
import { LOGIN_PATH } from './session.types.ts';

/**
 * Every statechart of the app, for the QA tools: `npm run diagrams` draws each entry
 * (docs/diagrams/<name>.mmd|svg) and `npm run replay` rebuilds the actors of an event log from
 * here. A machine missing from this list has no diagram and its events cannot be replayed
 * (tests/unit/diagrams.test.ts fails when a machines/*.machine.ts file is not listed).
 *
 * HOW TO ADD A MACHINE — one `entry({...})` line in MACHINES below:
 *   name     file stem of its diagram, kebab-case: 'service-poll' → docs/diagrams/service-poll.svg
 *   summary  one line for docs/diagrams/README.md
 *   machine  the machine exactly as setup(...).createMachine(...) exports it (stubs, no .provide())
 *   input    (when the machine takes input) a typical input; replay uses the input recorded in
 *            the log's `xstate.init` event and falls back to this one
 *   replayActors (rarely) actor implementations for replay. By default every invoked actor that
 *            is not itself a state machine is replaced by one that never settles, so only the
 *            recorded `xstate.done.actor.*` / `xstate.error.actor.*` events (and whatever else the
 *            real actor sent) drive the machine. Child machines stay real.
 *   create / machineIds  (factories only) how to build the machine an actor ran with a given
 *            machine id, and which ids it builds (see remote-data below)
 * Then run `npm run diagrams` and commit docs/diagrams.
 */
export interface MachineEntry<TMachine extends AnyStateMachine = AnyStateMachine> {
  name: string;
  summary: string;
  machine: TMachine;
  input?: InputFrom<TMachine>;
  replayActors?: Record<string, AnyActorLogic>;
  create?: (machineId: string) => AnyStateMachine;
  machineIds?: readonly string[];
}

/** A typical stored DownList entry (SPEC §3), for the download machines' registry inputs. */
const SAMPLE_DOWN_LIST_ENTRY: DownListEntry = {
  game_id: 1,
  platform_game_id: 1,
  platform_id: 1,
  platform_game_name: '示例游戏',
  url: '',
  down_type_carder: '',
  game_name: '示例游戏',
  down_state: '0',
  gameid: 1,
  gamecopy_id: 1,
  Package_name: '',
  curSize: 0,
  totalSize: 0,
  spent: '0M/s',
  game_daixoa_state: '',
};

/** Keeps each entry's `input` checked against its own machine. */
const entry = <TMachine extends AnyStateMachine>(definition: MachineEntry<TMachine>): MachineEntry => definition as unknown as MachineEntry;

/** The ids the games lists pass to useRemoteData (home layout, open-server days, categories …). */
const GAMES_REMOTE_DATA_IDS = ['homeContent', 'openServerDays', 'weekOrderGames', 'categories', 'hotCards', 'hotSearch'] as const;

/** The ids pages pass to usePagedList / usePagedGames (src/features/games/use-paged-games.ts): one paged-list machine each. */
export const PAGED_LIST_IDS = [
  'todayRecommend', 'newGames', 'newGoodStartGames', 'overseasGames', 'btGames', 'h5Games', 'hotBtGames', 'zeroPointOneGames',
  'lastWeekGames', 'weekBtGames', 'rankingHot', 'rankingNew', 'rankingDiscount', 'openServerList', 'openServerListToday',
  'categoryGames', 'topics', 'circleTopics', 'topicDetail', 'searchGames', 'overseasSearch', 'overseasSearchList',
  'myCollection', 'activityArticles', 'myFeedback', 'messages', 'notices',
  'redeemRecords',
  'pointRecord',
  'myListings',
  'autoSend', 'incomeRecords', 'invitees', 'myOrders', 'tradeListings', 'withdrawals',
] as const;

/** The privacy guide: the agreement or policy a player reads before agreeing. */
const SYSTEM_REMOTE_DATA_IDS = ['privacyDocument'] as const;

/** Money (checkout): balances, offers, roles, coupons and cards the checkout pages load. */
const CHECKOUT_REMOTE_DATA_IDS = ['money', 'promote', 'subVip', 'checkoutCoupons', 'cardDetail', 'gameRoles', 'rechargeGames', 'rechargeSearch'] as const;

/** Help and feedback: the FAQ, one article, one feedback of /backrecord. */
const HELP_REMOTE_DATA_IDS = ['faq', 'article', 'feedbackDetail'] as const;

/** The ids pages pass to useRemoteData(id, …): each builds its own remote-data machine. */
/** The message centre: unread counts, one message, one notice, the pop-up notice. */
const MESSAGE_REMOTE_DATA_IDS = ['unreadCounts', 'messageDetail', 'noticeDetail'] as const;

/** The coin store: its items and the balance. */
const STORE_REMOTE_DATA_IDS = ['storeItems'] as const;

/** Tasks and points: the balance, the task lists, the download task's games. */
const TASK_REMOTE_DATA_IDS = ['pointTaskNum', 'taskPoint', 'noviceTasks', 'pointTaskGame'] as const;

/** Selling: the sellable sub-accounts with the rules, 出售须知. */
const SELL_REMOTE_DATA_IDS = ['sellGames', 'trunkNeedKnow'] as const;
/** Account, invitation, trading and wallet pages (a log's actor named after any of them replays only when listed). */
const ACCOUNT_TRADE_REMOTE_DATA_IDS = ['accountInfo', 'couponActivity', 'inviteInfo', 'isSubVip', 'listingGames', 'myCards', 'trade', 'tradeListing', 'tradeTestStatus', 'tradeWallet', 'withdrawInfo'] as const;

/** The staff console's lists (src/staff/use-staff-data.ts): feedback, notices, broadcasts, articles, withdrawals, listings, trades, the audit log, the open servers, the hot search words, gift packs and a pack's codes. */
const STAFF_REMOTE_DATA_IDS = ['staffFeedback', 'staffNotices', 'staffBroadcasts', 'staffArticles', 'staffWithdrawals', 'staffListings', 'staffTrades', 'staffAudit', 'staffOpenServers', 'staffGameOptions', 'staffHotWords', 'staffGiftPacks', 'staffGiftCodes'] as const;

export const REMOTE_DATA_IDS = ['aboutUs', 'cancelRule', 'userInfo', 'gameDetail', 'giftList', 'couponList', 'btCouponList', 'openServers', 'downUrl', 'identityCard', 'playGrant', ...GAMES_REMOTE_DATA_IDS, ...SYSTEM_REMOTE_DATA_IDS, ...CHECKOUT_REMOTE_DATA_IDS, ...HELP_REMOTE_DATA_IDS, ...MESSAGE_REMOTE_DATA_IDS, ...STORE_REMOTE_DATA_IDS, ...TASK_REMOTE_DATA_IDS, ...SELL_REMOTE_DATA_IDS, ...ACCOUNT_TRADE_REMOTE_DATA_IDS, ...STAFF_REMOTE_DATA_IDS] as const;

export const MACHINES: readonly MachineEntry[] = [
  entry({ name: 'session', summary: 'Token / Uuid / NickName, api error catalogue, active record', machine: sessionMachine, input: { credentials: null } }),
  entry({ name: 'login-overlay', summary: 'The five login panels, resend countdowns, consent', machine: loginOverlayMachine, input: {} }),
  entry({ name: 'resend-code', summary: "获取验证码 and its 60 s resend countdown: ready → sending → counting (every code form's 'resend' child)", machine: resendCodeMachine, input: {} }),
  entry({ name: 'agreement-sheet', summary: "Consent sheet and agreement viewer (the overlay's 'agreement' child)", machine: agreementSheetMachine }),
  entry({
    name: 'remote-data',
    summary: "One page resource: loading → loaded | failed (factory; each page's id)",
    machine: createRemoteDataMachine('remoteData'),
    create: (machineId) => createRemoteDataMachine(machineId),
    machineIds: REMOTE_DATA_IDS,
  }),
  entry({
    name: 'navigation',
    summary: 'Protected routes → login popup, blocked moves, scroll policy, RouterHistoryAfter',
    machine: navigationMachine,
    // The app passes src/app/routes.ts NAVIGATION_RULES; a replay uses the recorded input.
    input: { location: { path: '/', data: null }, signedIn: false, rules: { protectedPaths: ['/mine'], keepScrollPaths: [], blockedMoves: [], loginPath: LOGIN_PATH } },
  }),
  entry({ name: 'cache-clear', summary: '清除缓存 in /systemsetting: measure, confirm, clear, measure again', machine: cacheClearMachine }),
  entry({ name: 'loading', summary: 'Global loading overlay: counted work, shown after a delay', machine: loadingMachine }),
  entry({ name: 'play-session', summary: '/zaixianwan: an H5 game until the grant’s hard end (a minor’s window), then the frame goes', machine: playSessionMachine }),
  entry({ name: 'service-poll', summary: "20 s unread-message poll, '客服消息' notice, offline check", machine: servicePollMachine, input: { lastSeenId: null } }),
  entry({ name: 'service-chat', summary: 'Customer-service chat: history pages, sending text and pictures (ticket → upload → send), pushed messages', machine: serviceChatMachine }),
  entry({
    name: 'service-live',
    summary: "/service's connection: stream ticket → server-sent events (live) | 20 s poll with stream retry backoff (fallback) | off hours (offline); the queue",
    machine: serviceLiveMachine,
    input: { streamSupported: true },
  }),
  entry({
    name: 'service-desk',
    summary: '客服工作台 (staff console): the chosen list, the open conversation (history, older pages, take, reply, picture, close), quick replies, the live connection',
    machine: serviceDeskMachine,
    input: { isAdmin: false },
  }),
  entry({ name: 'rating', summary: 'Rating dialog: stars 0–5, submit, messages', machine: ratingMachine }),
  entry({ name: 'browser-download', summary: "Download button outside the wrapper: address lookup → browser download, 3 s toast on failure", machine: browserDownloadMachine, input: { platformGameId: 1, gameId: 1, isH5: false } }),
  entry({
    name: 'gift-claim',
    summary: "One claim (gift pack, coupon, BT coupons, 预约): claiming → claimed{code} | soldOut | failed; login first",
    machine: giftClaimMachine,
    input: { claimed: false, code: null, soldOut: false },
  }),
  entry({
    name: 'favourite',
    summary: 'The favourite button of a game page (收藏/已收藏): loading → idle ⇄ saving; login first',
    machine: favouriteMachine,
    input: undefined,
  }),
  entry({
    name: 'paged-list',
    summary: 'A paginated list: first page, load more, refresh, retry; items de-duplicated (factory; each list id)',
    machine: pagedListMachine,
    input: {},
    create: (machineId) => createPagedListMachine(machineId),
    machineIds: PAGED_LIST_IDS,
  }),
  entry({
    name: 'download-list',
    summary: 'The wrapper download list: restore, add (de-dup, 425346), route native events, re-sync, persist DownList',
    machine: downloadListMachine,
    input: { insideWrapper: true, stored: null, deletePackage: null },
  }),
  entry({
    name: 'download-entry',
    summary: 'One download, SPEC §4 states 0–6: add flow, pause, install, open, delete, failure removal',
    machine: downloadEntryMachine,
    input: { entry: SAMPLE_DOWN_LIST_ENTRY, deletePackage: false, reportsToParent: false },
  }),
  entry({ name: 'logout', summary: "Mine page '退出登录': confirm, server logout, sign out", machine: logoutMachine }),
  entry({ name: 'real-name-form', summary: 'Real-name form: editing → submitting → verified | refused (shared GB 11643 checks)', machine: realNameFormMachine, input: { today: '2026-03-06' } }),
  entry({
    name: 'upload',
    summary: 'One picture (the avatar, a feedback picture): upload ticket of the input purpose → bytes up (progress) → save when asked (headerImgEdit) → uploaded | failed with retry',
    machine: uploadMachine,
    input: { purpose: 'avatar', side: 1024, save: true },
  }),
  entry({ name: 'account-cancel', summary: '注销账号 in four steps: rules → conditions → type-5 code (60 s countdown) → cooling-off; revoke', machine: accountCancelMachine }),
  entry({ name: 'phone-verify', summary: 'Phone change step 1 (/phoneverify): type-3 code, 60 s resend countdown, code → ticket', machine: phoneVerifyMachine, input: {} }),
  entry({ name: 'phone-bind', summary: 'Phone change step 2 (/phoneverifynew): new phone, type-4 code, bind with the ticket; a refused ticket goes back to step 1', machine: phoneBindMachine, input: { ticket: 'ticket' } }),
  entry({ name: 'payment', summary: 'One order on /rechargepay: choosing → creating (idempotency key) → cashier → confirming (2 s poll) → paid | failed | expired | refunded', machine: paymentMachine }),
  entry({
    name: 'order-poll',
    summary: "An open order's poll, invoked by payment and trade-purchase: getOneOrder every 2 s while the page is visible (paused while hidden), each answer to the parent (poll.answer)",
    machine: orderPollMachine,
    input: { orderNumber: 'P202611240001', hidden: false, fetchFirst: true },
  }),
  entry({
    name: 'update-dialog',
    summary: '/updatedialog and the start-up check: checking → none | optional (以后再说, remembered) | forced; 立即更新 downloads through the bridge (progress → installer) or opens the URL',
    machine: updateDialogMachine,
    input: { running: '3.3.3', insideWrapper: true, dismissedVersion: null },
  }),
  entry({ name: 'password-change', summary: '/editpassword: old password or type-3 code (60 s countdown), new password twice with SPEC §5 messages', machine: passwordChangeMachine, input: { hasPassword: true } }),
  entry({ name: 'withdraw-form', summary: '/incomewithdrawal: editing → validating → submitting (request_id) → submitted | refused (reason) | failed → retry with the same request_id', machine: withdrawFormMachine, input: { requestBase: 'wd-sample-000000' } }),
  entry({ name: 'store-redeem', summary: '积分商城 one redemption: confirming → redeeming (request id) → done | refused(reason) | failed → retry with the same request id', machine: storeRedeemMachine }),
  entry({ name: 'check-in', summary: "/dailymission's check-in strip: load the 7-day table → open (签到, 补签 when offered) | checked", machine: checkInMachine }),
  entry({
    name: 'listing-form',
    summary: '/sellgoodsinfo, /sellaccountedit: [loading →] editing (screenshots each uploading with progress, retry) → confirming (price, fee, net) → submitting (request_id) → submitted | editing (refused) | failed → retry; 保存草稿',
    machine: listingFormMachine,
    input: { requestBase: 'ls-sample-000000', rules: { rate_bp: 500, min_cents: 500, min_price_cents: 600, max_price_cents: 5_000_000 }, subAccountId: 1, listingId: null },
  }),
  entry({
    name: 'listing-lifecycle',
    summary: "/sellaccount one listing as its seller sees it: a state per status; 下架 (confirm), 重新提交, 刷新, 编辑 and 查看交易 by status",
    machine: listingLifecycleMachine,
    input: {
      requestBase: 'lr-sample-000000',
      listing: {
        id: 1, status: 'reviewing', status_text: '审核中', sub_account: { id: 1, name: '小号1', age_days: 10, topup_cents: 5000 }, game_id: 1, platform_game_id: 1, game_name: '示例游戏', game_icon: '',
        title: '示例商品标题', server_name: '一区', role_name: '角色', description: '', images: [], has_second_password: false, price_cents: 1000, fee_cents: 500, net_cents: 500,
        reject_reason: null, created_at: '2026-11-20T00:00:00.000Z', submitted_at: null, on_sale_at: null, expires_at: null, sold_at: null, trade_id: null, can_edit: false, can_withdraw: true,
      },
    },
  }),
  entry({ name: 'task-claim', summary: 'One task row: 去完成 (go to its page) → 领取 (achieveTask) → 已领取; a turned period goes back to 去完成', machine: taskClaimMachine, input: { state: 1 } }),
  entry({ name: 'trade-purchase', summary: '小号交易 one purchase: confirming (pay method) → creating (buyListing, idempotency key) → awaitingPayment (15-min reservation, cashier) → checking (2 s poll) → paid | expired | cancelled | failed', machine: tradePurchaseMachine, input: { listingId: 1 } }),
  entry({ name: 'trade-action', summary: '小号交易 one changing request (申请售后, the test fixtures): idle → running → done | idle with the refusal or failure', machine: tradeActionMachine }),
];

/** The entry that builds actors whose machine has this id, or undefined. */
export function findMachineEntry(machineId: string, registry: readonly MachineEntry[] = MACHINES): MachineEntry | undefined {
  return registry.find((candidate) => candidate.machine.id === machineId) ?? registry.find((candidate) => candidate.machineIds?.includes(machineId));
}

/** The machine an actor with this machine id ran: the entry's own, or its factory's. */
export function machineFor(entryFound: MachineEntry, machineId: string): AnyStateMachine {
  return entryFound.machine.id === machineId || !entryFound.create ? entryFound.machine : entryFound.create(machineId);
}
