/**
 * SPEC §9 business constants and timings, named once. Machines use them as named delays.
 * Wire-level ones (request timeout 15 s, default version 3.3.3) live in api/protocol/wire.ts.
 */

export const RESEND_COUNTDOWN_S = 60;
export const CODE_LENGTH = 4;
export const PHONE_LENGTH = 11;
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 15;
export const STAR_MIN = 1;
export const STAR_MAX = 5;
export const SERVICE_POLL_MS = 20_000;
export const BACK_TO_TOP_THRESHOLD_PX = 500;
export const ACTIVE_RECORD_THROTTLE_MS = 1_000;
export const NAV_BAR_HEIGHT_PX = 85;
export const HIDDEN_CIRCLE_MEDIA_ID = 98;
export const RELOAD_AFTER_REVOKE_MS = 1_000;
export const REDIRECT_AFTER_EXPIRE_MS = 1_500;
export const SERVICE_OFFLINE_CHECK_MS = 2_000;
export const FAILED_ENTRY_REMOVAL_MS = 500;
export const DOWNLOAD_ADDRESS_TOAST_MS = 3_000;
export const SPECIAL_GAME_ID = 425346;
export const DOWNLOAD_FINISH_POINT_ID = 49;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** SPEC §3 browser storage keys. */
export const STORAGE_KEYS = {
  token: 'Token',
  uuid: 'Uuid',
  nickname: 'NickName',
  watermark: 'watermark_str',
  serviceId: 'serviceID',
  noGetFun: 'NOgetFun',
  registerData: 'RegisterData',
  muted: 'mutedState',
  statusHeight: 'StatusHeightStorage',
  routerHistory: 'RouterHistoryAfter',
  downList: 'DownList',
  rechargePending: 'RechargepingList',
  deletePackage: 'ispackage',
  /** Not in SPEC §3: the privacy-policy consent record (src/app/privacy-consent.ts). */
  privacyConsent: 'PrivacyConsent',
  /** Not in SPEC §3: '1' = download only on Wi-Fi, ask first elsewhere (src/app/wifi-only.ts). */
  wifiOnly: 'WifiOnlyDownload',
  /** Not in SPEC §3: the open payment attempt of /rechargepay (src/features/payment/payment-storage.ts). */
  payment: 'PaymentAttempt',
  /** Not in SPEC §3: the coupon chosen on /selectcoupon for a draft, read back by /rechargepay. */
  paymentCoupon: 'PaymentCouponChoice',
} as const;
