import type { AnyStateMachine } from 'xstate';
import { accountCancelMachine } from '../machines/account-cancel.machine.ts';
import { browserDownloadMachine } from '../machines/browser-download.machine.ts';
import { cacheClearMachine } from '../machines/cache-clear.machine.ts';
import { checkInMachine } from '../machines/check-in.machine.ts';
import { downloadEntryMachine } from '../machines/download-entry.machine.ts';
import { favouriteMachine } from '../machines/favourite.machine.ts';
import { giftClaimMachine } from '../machines/gift-claim.machine.ts';
import { listingFormMachine } from '../machines/listing-form.machine.ts';
import { listingLifecycleMachine } from '../machines/listing-lifecycle.machine.ts';
import { loadingMachine } from '../machines/loading.machine.ts';
import { loginOverlayMachine } from '../machines/login-overlay.machine.ts';
import { logoutMachine } from '../machines/logout.machine.ts';
import { navigationMachine } from '../machines/navigation.machine.ts';
import { pagedListMachine } from '../machines/paged-list.machine.ts';
import { passwordChangeMachine } from '../machines/password-change.machine.ts';
import { paymentMachine } from '../machines/payment.machine.ts';
import { phoneBindMachine } from '../machines/phone-bind.machine.ts';
import { phoneVerifyMachine } from '../machines/phone-verify.machine.ts';
import { playSessionMachine } from '../machines/play-session.machine.ts';
import { ratingMachine } from '../machines/rating.machine.ts';
import { realNameFormMachine } from '../machines/real-name-form.machine.ts';
import { MACHINES } from '../machines/registry.ts';
import { serviceChatMachine } from '../machines/service-chat.machine.ts';
import { serviceDeskMachine } from '../machines/service-desk.machine.ts';
import { serviceLiveMachine } from '../machines/service-live.machine.ts';
import { servicePollMachine } from '../machines/service-poll.machine.ts';
import { sessionMachine } from '../machines/session.machine.ts';
import { storeRedeemMachine } from '../machines/store-redeem.machine.ts';
import { taskClaimMachine } from '../machines/task-claim.machine.ts';
import { tradeActionMachine } from '../machines/trade-action.machine.ts';
import { tradePurchaseMachine } from '../machines/trade-purchase.machine.ts';
import { updateDialogMachine } from '../machines/update-dialog.machine.ts';
import { uploadMachine } from '../machines/upload.machine.ts';
import { withdrawFormMachine } from '../machines/withdraw-form.machine.ts';
import { getAccountCancelPaths } from './account-cancel.paths.ts';
import { getPasswordChangePaths, getPhoneBindPaths, getPhoneVerifyPaths } from './account-security.paths.ts';
import { getAgreementSheetPaths, standaloneSheet } from './agreement-sheet.paths.ts';
import { getBrowserDownloadPaths } from './browser-download.paths.ts';
import { getCachePaths } from './cache-clear.paths.ts';
import { getCheckInPaths } from './check-in.paths.ts';
import { coverageOfPaths, formatCoverage, unexplained, type CoverageReport, type MachinePath, type NotOnPaths } from './coverage.ts';
import { getEntryPaths } from './download-entry.paths.ts';
import { getListPaths, modelListMachine } from './download-list.paths.ts';
import { getFavouritePaths } from './favourite.paths.ts';
import { CLAIM_NOT_ON_PATHS, getClaimPaths } from './gift-claim.paths.ts';
import { getListingFormPaths, LISTING_FORM_NOT_ON_PATHS } from './listing-form.paths.ts';
import { getLifecyclePaths, LIFECYCLE_NOT_ON_PATHS } from './listing-lifecycle.paths.ts';
import { getLoadingPaths } from './loading.paths.ts';
import { getLoginOverlayPaths } from './login-overlay.paths.ts';
import { getLogoutPaths } from './logout.paths.ts';
import { getNavigationPaths } from './navigation.paths.ts';
import { getPagedListPaths } from './paged-list.paths.ts';
import { getPaymentPaths } from './payment.paths.ts';
import { getPlaySessionPaths } from './play-session.paths.ts';
import { getRatingPaths } from './rating.paths.ts';
import { getRealNameFormPaths } from './real-name-form.paths.ts';
import { getRemoteDataPaths, remoteDataModelMachine } from './remote-data.paths.ts';
import { getResendCodePaths, RESEND_CODE_NOT_ON_PATHS, standaloneResendCode } from './resend-code.paths.ts';
import { getServiceChatPaths, SERVICE_CHAT_NOT_ON_PATHS } from './service-chat.paths.ts';
import { getServiceDeskPaths, SERVICE_DESK_NOT_ON_PATHS } from './service-desk.paths.ts';
import { getServiceLivePaths } from './service-live.paths.ts';
import { getServicePollPaths } from './service-poll.paths.ts';
import { getSessionPaths, SESSION_NOT_ON_PATHS } from './session.paths.ts';
import { getRedeemPaths } from './store-redeem.paths.ts';
import { getTaskClaimPaths, TASK_CLAIM_NOT_ON_PATHS } from './task-claim.paths.ts';
import { getTradeActionPaths } from './trade-action.paths.ts';
import { getTradePurchasePaths } from './trade-purchase.paths.ts';
import { getUpdatePaths } from './update-dialog.paths.ts';
import { getOrderPollPaths, ORDER_POLL_NOT_ON_PATHS, standaloneOrderPoll } from './order-poll.paths.ts';
import { getUploadPaths, UPLOAD_NOT_ON_PATHS } from './upload.paths.ts';
import { getWithdrawPaths } from './withdraw-form.paths.ts';

/**
 * The model of every machine in machines/registry.ts: the machine its paths were generated on and
 * what its paths cannot show (with the reason). `npm run model-coverage` prints the coverage of
 * all; each `<name>.model.test.ts` checks its own and replays the paths on a running actor, which
 * must take what `notOnPaths` names too; models.test.ts keeps this table and the registry in step.
 */

export interface Model {
  /** The machine the paths were generated on (a factory's instance, or one with test actions provided). */
  machine: AnyStateMachine;
  paths: () => readonly MachinePath[];
  notOnPaths?: NotOnPaths;
}

const withInput = (get: () => ReadonlyArray<{ path: MachinePath }>) => () => get().map(({ path }) => path);

export const MODELS: Readonly<Record<string, Model>> = {
  session: { machine: sessionMachine, paths: withInput(getSessionPaths), notOnPaths: SESSION_NOT_ON_PATHS },
  'login-overlay': { machine: loginOverlayMachine, paths: getLoginOverlayPaths },
  'agreement-sheet': { machine: standaloneSheet, paths: getAgreementSheetPaths },
  'resend-code': { machine: standaloneResendCode, paths: withInput(getResendCodePaths), notOnPaths: RESEND_CODE_NOT_ON_PATHS },
  'remote-data': { machine: remoteDataModelMachine, paths: getRemoteDataPaths },
  navigation: { machine: navigationMachine, paths: withInput(getNavigationPaths) },
  'cache-clear': { machine: cacheClearMachine, paths: getCachePaths },
  loading: { machine: loadingMachine, paths: getLoadingPaths },
  'play-session': { machine: playSessionMachine, paths: getPlaySessionPaths },
  'service-poll': { machine: servicePollMachine, paths: getServicePollPaths },
  'service-chat': { machine: serviceChatMachine, paths: getServiceChatPaths, notOnPaths: SERVICE_CHAT_NOT_ON_PATHS },
  'service-live': { machine: serviceLiveMachine, paths: withInput(getServiceLivePaths) },
  'service-desk': { machine: serviceDeskMachine, paths: getServiceDeskPaths, notOnPaths: SERVICE_DESK_NOT_ON_PATHS },
  rating: { machine: ratingMachine, paths: getRatingPaths },
  'browser-download': { machine: browserDownloadMachine, paths: withInput(getBrowserDownloadPaths) },
  'gift-claim': { machine: giftClaimMachine, paths: withInput(getClaimPaths), notOnPaths: CLAIM_NOT_ON_PATHS },
  favourite: { machine: favouriteMachine, paths: getFavouritePaths },
  'paged-list': { machine: pagedListMachine, paths: getPagedListPaths },
  'download-list': { machine: modelListMachine, paths: withInput(getListPaths) },
  'download-entry': { machine: downloadEntryMachine, paths: withInput(getEntryPaths) },
  logout: { machine: logoutMachine, paths: getLogoutPaths },
  'real-name-form': { machine: realNameFormMachine, paths: getRealNameFormPaths },
  upload: { machine: uploadMachine, paths: () => [...getUploadPaths('picker'), ...getUploadPaths('tile')], notOnPaths: UPLOAD_NOT_ON_PATHS },
  'account-cancel': { machine: accountCancelMachine, paths: getAccountCancelPaths },
  'phone-verify': { machine: phoneVerifyMachine, paths: withInput(getPhoneVerifyPaths) },
  'phone-bind': { machine: phoneBindMachine, paths: withInput(getPhoneBindPaths) },
  payment: { machine: paymentMachine, paths: getPaymentPaths },
  'order-poll': { machine: standaloneOrderPoll, paths: () => [...getOrderPollPaths('fetchFirst'), ...getOrderPollPaths('waitFirst'), ...getOrderPollPaths('hidden')], notOnPaths: ORDER_POLL_NOT_ON_PATHS },
  'update-dialog': { machine: updateDialogMachine, paths: () => [...getUpdatePaths(true), ...getUpdatePaths(false)] },
  'password-change': { machine: passwordChangeMachine, paths: withInput(getPasswordChangePaths) },
  'withdraw-form': { machine: withdrawFormMachine, paths: getWithdrawPaths },
  'store-redeem': { machine: storeRedeemMachine, paths: getRedeemPaths },
  'check-in': { machine: checkInMachine, paths: getCheckInPaths },
  'listing-form': { machine: listingFormMachine, paths: getListingFormPaths, notOnPaths: LISTING_FORM_NOT_ON_PATHS },
  'listing-lifecycle': { machine: listingLifecycleMachine, paths: getLifecyclePaths, notOnPaths: LIFECYCLE_NOT_ON_PATHS },
  'task-claim': { machine: taskClaimMachine, paths: withInput(getTaskClaimPaths), notOnPaths: TASK_CLAIM_NOT_ON_PATHS },
  'trade-purchase': { machine: tradePurchaseMachine, paths: getTradePurchasePaths },
  'trade-action': { machine: tradeActionMachine, paths: getTradeActionPaths },
};

export interface CoverageRow {
  name: string;
  paths: number;
  report: CoverageReport;
  notOnPaths: NotOnPaths;
  /** What the paths miss without a reason, or reasons that no longer apply: empty when the model is whole. */
  unexplained: string[];
}

/** Generates every model's paths (a few minutes on a busy machine: download-entry alone has hundreds). */
export function coverageRows(): CoverageRow[] {
  return MACHINES.map(({ name }) => {
    const model = MODELS[name];
    if (!model) throw new Error(`no model for the machine '${name}'`);
    const paths = model.paths();
    const report = coverageOfPaths(model.machine, paths);
    const notOnPaths = model.notOnPaths ?? {};
    return { name, paths: paths.length, report, notOnPaths, unexplained: unexplained(report, notOnPaths) };
  });
}

export function formatCoverageTable(rows: readonly CoverageRow[]): string {
  const width = Math.max(...rows.map((row) => row.name.length));
  return rows
    .flatMap(({ name, paths, report, notOnPaths, unexplained: left }) => [
      `${name.padEnd(width)}  ${String(paths).padStart(3)} paths  ${formatCoverage(report)}`,
      ...Object.entries(notOnPaths).map(([what, why]) => `${' '.repeat(width)}    not on a path, taken by the running actor: ${what} (${why})`),
      ...left.map((what) => `${' '.repeat(width)}    UNEXPLAINED: ${what}`),
    ])
    .join('\n');
}
