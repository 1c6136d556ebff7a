import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** Has a default: optional on insert. */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<number>;
  uuid: string;
  phone: string;
  nickname: string;
  avatar: string;
  password_hash: string | null;
  bd_vid: string | null;
  coins: Generated<number>;
  /** Unused: a player's 积分 are the ledger's `points` account (server/rewards/accounts.ts). */
  points: Generated<number>;
  disabled: Generated<boolean>;
  /** When and why staff banned the account (migration 0034_player_admin); null while not banned. */
  disabled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  disabled_reason: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  last_active_at: Timestamp | null;
  /** Set when the cancellation job anonymised the account (migration 0008_cancellation). */
  cancelled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** 0 unknown, 1 male, 2 female (migration 0005_profile). */
  sex: ColumnType<0 | 1 | 2, 0 | 1 | 2 | undefined, 0 | 1 | 2>;
  /** YYYY-MM-DD (migration 0005_profile). */
  birthday: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An object a player uploaded (migration 0005_profile): what headerImgEdit accepts. */
export interface UploadsTable {
  user_id: number;
  object_key: string;
  purpose: string;
  content_type: string;
  size: number;
  created_at: CreatedAt;
}

/**
 * Why a session ended; 'password' and 'phone' both answer 106, each with its own message;
 * 'cancelled': the account was anonymised after its cancellation (migration 0008_cancellation).
 */
export type SessionEndReason = 'logout' | 'password' | 'phone' | 'elsewhere' | 'disabled' | 'cancelled';

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  /** sha256 hex of the token; the token itself is never stored. */
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  ended_reason: SessionEndReason | null;
  ended_at: Timestamp | null;
}

export interface AppVersionsTable {
  id: Generated<number>;
  version_name: string;
  version_code: string;
  min_supported_code: string;
  url: string;
  size: number;
  md5: string;
  notes: string;
  released_at: Timestamp;
}

export interface SiteContentTable {
  key: string;
  title: string;
  content: string;
  data: ColumnType<Record<string, unknown>, string, string>;
  updated_at: CreatedAt;
}

/** created → paying → paid → delivered | failed | expired (30 min unpaid) | refunded (migration 0009_money). */
export type OrderStatus = 'created' | 'paying' | 'paid' | 'delivered' | 'failed' | 'expired' | 'refunded';
/** coins: 乐玩币; game: a game role's top-up; card: a 会员卡. */
export type OrderKind = 'coins' | 'game' | 'card' | 'trade';
/** provider: cash through the configured payment provider; coins: 乐玩币; wallet: 余额. */
export type PayMethod = 'provider' | 'coins' | 'wallet';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface OrdersTable {
  id: Generated<number>;
  order_number: string;
  user_id: number;
  kind: Defaulted<OrderKind>;
  /** 商品名称 shown on the cashier and in records. */
  subject: Defaulted<string>;
  /** Null for coins and card orders. */
  game_id: Nullable<number>;
  platform_game_id: Nullable<number>;
  game_name: Nullable<string>;
  /** Face value in fen: what the role or the coin account receives, or the card's price. */
  amount_cents: number;
  /** amount_cents = pay_cents + coupon_cents (a CHECK). */
  coupon_cents: Defaulted<number>;
  user_coupon_id: Nullable<number>;
  pay_cents: Defaulted<number>;
  /** Extra 乐玩币 (fen) a coins order credits on top (card or first-recharge bonus). */
  bonus_cents: Defaulted<number>;
  pay_method: Defaulted<PayMethod>;
  /** 'sandbox' | 'alipay' when pay_method is provider. */
  provider: Nullable<string>;
  provider_trade_no: Nullable<string>;
  pay_url: Nullable<string>;
  card_id: Nullable<number>;
  sub_account_id: Nullable<number>;
  /** kind 'trade': the listing bought. */
  listing_id: Nullable<number>;
  role_id: Nullable<number>;
  server_name: Nullable<string>;
  role_name: Nullable<string>;
  idempotency_key: Nullable<string>;
  /** sha256 of the canonical request payload (same key + other payload → refused). */
  request_hash: Nullable<string>;
  status: OrderStatus;
  expires_at: Nullable<Date | string>;
  paid_at: Nullable<Date | string>;
  delivered_at: Nullable<Date | string>;
  /** When it became failed, expired or refunded. */
  closed_at: Nullable<Date | string>;
  fail_reason: Nullable<string>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface EvaluationsTable {
  id: Generated<number>;
  user_id: number;
  /** orders.id (unique: one evaluation per order). */
  order_id: number;
  game_id: number;
  platform_game_id: number;
  /** 1–5 stars. */
  score: number;
  created_at: CreatedAt;
}

/** 'in': user → service, 'out': service → user. */
export type ServiceMessageDirection = 'in' | 'out';
export type ServiceMessageKind = 'user' | 'welcome' | 'auto' | 'agent' | 'system';

export interface ServiceMessagesTable {
  id: Generated<number>;
  user_id: number;
  direction: ServiceMessageDirection;
  kind: ColumnType<ServiceMessageKind, ServiceMessageKind | undefined, ServiceMessageKind>;
  content: string;
  read_at: Timestamp | null;
  /** May lie ahead: a queued automatic reply is visible once it has passed. */
  created_at: CreatedAt;
  /** The conversation it belongs to (migration 0015_service_queue); null for the welcome line and older messages. */
  conversation_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** A picture: an object key the sender uploaded. */
  image_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** The staff id of the agent who wrote it (kind 'agent'). */
  agent_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export type ServiceConversationStatus = 'queued' | 'open' | 'closed';

/** A player's conversation with customer service (migration 0015_service_queue). */
export interface ServiceConversationsTable {
  id: Generated<number>;
  user_id: number;
  status: ServiceConversationStatus;
  /** The staff id of the agent who took it. */
  agent_id: number | null;
  created_at: Timestamp;
  taken_at: Timestamp | null;
  closed_at: Timestamp | null;
  last_message_at: Timestamp;
}

/** An agents' canned answer (migration 0015_service_queue). */
export interface ServiceQuickRepliesTable {
  id: Generated<number>;
  content: string;
  sort: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A picture an agent uploaded for their replies (migration 0015_service_queue). */
export interface ServiceAgentUploadsTable {
  agent_id: number;
  object_key: string;
  created_at: Timestamp;
}

/** SPEC §7 /point: one analytics point; the game fields are set by download tracking only. */
export interface PointEventsTable {
  id: Generated<number>;
  user_id: number | null;
  point_id: number;
  point_title: string;
  game_id: number | null;
  platform_game_id: number | null;
  platform_id: string | null;
  created_at: CreatedAt;
}

// ---- Game catalogue (migration 0004_catalog) ----

export interface PlatformsTable {
  id: number;
  name: string;
  short_name: string;
  sort: ColumnType<number, number | undefined, number>;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  sort: ColumnType<number, number | undefined, number>;
}

export interface TagsTable {
  id: Generated<number>;
  name: string;
}

export type AgeRating = '8+' | '12+' | '16+' | '18+';

export interface GamesTable {
  id: Generated<number>;
  name: string;
  /** Pinyin initials of the name, e.g. 仙剑奇缘 → 'xjqy'. */
  name_initials: string;
  /** Full pinyin of the name without spaces, e.g. 'xianjianqiyuan'. */
  name_pinyin: string;
  short_desc: string;
  description: string;
  genre: string;
  /** Art subjects (server/catalog/art.ts), e.g. 'g12'. */
  icon_key: string;
  banner_key: string;
  /** 版号 (ISBN 978-7-498-…). */
  licence_no: string;
  /** 审批文号 (国新出审[2024]1234号). */
  approval_no: string;
  age_rating: AgeRating;
  developer: string;
  publisher: string;
  score: number;
  download_count: ColumnType<number, number | undefined, number>;
  reserve_base: ColumnType<number, number | undefined, number>;
  online_at: Timestamp;
  h5_url: string | null;
  is_overseas: ColumnType<boolean, boolean | undefined, boolean>;
  is_recommend: ColumnType<boolean, boolean | undefined, boolean>;
  featured_rank: number | null;
  reported_size_bytes: ColumnType<number | null, number | null | undefined, number | null>;
  size_reported_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
}

export interface GameCategoriesTable {
  game_id: number;
  category_id: number;
}

export interface GameTagsTable {
  game_id: number;
  tag_id: number;
  position: ColumnType<number, number | undefined, number>;
}

/** 1: APK package, 2: H5 (played in the browser). */
export type DownType = 1 | 2;

export interface PlatformGamesTable {
  /** The platform_game_id of the wire protocol. */
  id: Generated<number>;
  game_id: number;
  platform_id: number;
  name: string;
  package_name: string | null;
  version_name: string;
  version_code: number;
  size_bytes: ColumnType<number, number | undefined, number>;
  file_md5: ColumnType<string | null, string | null | undefined, string | null>;
  down_type: DownType;
  is_bt: ColumnType<boolean, boolean | undefined, boolean>;
  is_discount: ColumnType<boolean, boolean | undefined, boolean>;
  is_h5: ColumnType<boolean, boolean | undefined, boolean>;
  is_zero_point_one: ColumnType<boolean, boolean | undefined, boolean>;
  /** Share of the price paid: 0.01 = 0.1折, 0.35 = 3.5折, 1 = none. */
  discount_rate: ColumnType<number, number | undefined, number>;
  first_recharge_rate: number | null;
  vip_on_login: ColumnType<number, number | undefined, number>;
  vip_info: ColumnType<string, string | undefined, string>;
  sort: ColumnType<number, number | undefined, number>;
}

export interface GameScreenshotsTable {
  game_id: number;
  position: number;
  caption: string;
}

export interface OpenServersTable {
  id: Generated<number>;
  game_id: number;
  platform_game_id: number;
  server_name: string;
  open_at: Timestamp;
}

export interface ReservationsTable {
  id: Generated<number>;
  user_id: number;
  game_id: number;
  created_at: CreatedAt;
}

export interface TopicsTable {
  id: Generated<number>;
  title: string;
  subtitle: string;
  description: string;
  banner_key: string;
  sort: ColumnType<number, number | undefined, number>;
  published_at: Timestamp;
}

export interface TopicGamesTable {
  topic_id: number;
  game_id: number;
  position: number;
  blurb: ColumnType<string, string | undefined, string>;
}

export type WeeklyListKind = 'new' | 'bt';

export interface WeeklyListsTable {
  /** Monday (China time) of the week, 'YYYY-MM-DD'. */
  week_start: ColumnType<Date, string, string>;
  kind: WeeklyListKind;
  game_id: number;
  position: number;
}

export interface GiftPacksTable {
  id: Generated<number>;
  game_id: number;
  name: string;
  content: string;
  usage: string;
  /** When players start to see and claim it; null: from its creation (migration 0029). */
  valid_from: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  valid_until: Timestamp;
  /** VIP level the game checks when the code is redeemed (0: none). */
  vip_level: ColumnType<number, number | undefined, number>;
  total: number;
  sort: ColumnType<number, number | undefined, number>;
}

export interface GiftCodesTable {
  id: Generated<number>;
  pack_id: number;
  code: string;
  claimed_by: number | null;
  claimed_at: Timestamp | null;
}

export type CouponType = 'normal' | 'bt';

export interface CouponsTable {
  id: Generated<number>;
  /** null: valid in every game. */
  game_id: number | null;
  name: string;
  type: CouponType;
  amount_cents: number;
  threshold_cents: ColumnType<number, number | undefined, number>;
  valid_days: number;
  total: number;
  claimed: ColumnType<number, number | undefined, number>;
  sort: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  /** 'center': the coupon centre's; 'card' / 'level': handed out by a card or a level (migration 0011_perks). */
  source: ColumnType<CouponSource, CouponSource | undefined, CouponSource>;
}

export type CouponSource = 'center' | 'card' | 'level';

/** 'issue': given by an operator (migration 0035_coupon_issues), one per player and coupon like 'receive'. */
export type UserCouponSource = 'receive' | 'card' | 'task' | 'activity' | 'store' | 'issue';

export interface UserCouponsTable {
  id: Generated<number>;
  user_id: number;
  coupon_id: number;
  source: ColumnType<UserCouponSource, UserCouponSource | undefined, UserCouponSource>;
  received_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  /** The open order holding it (migration 0009_money). */
  locked_order_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One 代金券管理 issue request (migration 0035_coupon_issues): a retry with its request_id answers the stored answer. */
export interface CouponIssuesTable {
  request_id: string;
  coupon_id: number;
  staff_id: number;
  created_at: Timestamp;
  /** The issue's answer, written when it commits. */
  answer: ColumnType<unknown, string | null | undefined, string | null>;
}

export type CardType = 'hot' | 'new' | 'gold' | 'carmine';

export interface CardsTable {
  id: Generated<number>;
  type: CardType;
  name: string;
  subtitle: string;
  price_cents: number;
  original_price_cents: number;
  days: number;
  /** JSON array of benefit lines. */
  contents: ColumnType<string[], string, string>;
  sold_count: ColumnType<number, number | undefined, number>;
  sort: ColumnType<number, number | undefined, number>;
  /** What owning it gives (migration 0009_money). */
  benefits: ColumnType<CardBenefits, string | undefined, string>;
}

/** A card's structured benefits; `contents` keeps the lines players read. */
export interface CardBenefits {
  /** Coupons granted at purchase. */
  instant_coupons?: { coupon_id: number; count: number }[];
  /** One grant per China-time day of the term: 乐玩币 (fen) or a coupon; auto = sent by the job, else claimed. */
  daily?: { kind: 'coins'; amount_cents: number; auto: boolean } | { kind: 'coupon'; coupon_id: number; auto: boolean };
  /** Extra 乐玩币 on coin purchases while the card is active, in percent. */
  topup_bonus_pct?: number;
}

export type PromotionSlot = 'splash' | 'home_banner';

export interface PromotionsTable {
  id: Generated<number>;
  slot: PromotionSlot;
  title: string;
  subtitle: ColumnType<string, string | undefined, string>;
  image_kind: 'icon' | 'banner' | 'shot';
  image_subject: string;
  link_path: string;
  link_data: ColumnType<Record<string, unknown>, string, string>;
  sort: ColumnType<number, number | undefined, number>;
}

export interface HotSearchWordsTable {
  word: string;
  hits: ColumnType<number, number | undefined, number>;
  /** An operator's pinned word's place (1 first); null: ranked by hits (migration 0030). */
  pinned: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface GameDownloadsTable {
  id: Generated<number>;
  user_id: number | null;
  game_id: number;
  platform_game_id: number;
  created_at: CreatedAt;
}

export interface DownloadAddressReportsTable {
  id: Generated<number>;
  user_id: number | null;
  game_id: number;
  platform_game_id: number;
  address: string;
  created_at: CreatedAt;
}

// ---- Real name (migration 0006_real_name) ----

export interface UserRealNamesTable {
  user_id: number;
  /** HMAC-SHA256 of the upper-case number under the server's real-name key. */
  id_hash: string;
  /** AES-256-GCM sealed name and number (server/accounts/seal.ts). */
  name_sealed: string;
  id_sealed: string;
  /** 张*三 / 1101**********1234. */
  name_masked: string;
  id_masked: string;
  /** 'YYYY-MM-DD'. */
  birth_date: string;
  provider: string;
  verified_at: CreatedAt;
}

// ---- Account cancellation (migration 0008_cancellation) ----

export type CancellationStatus = 'pending' | 'revoked' | 'done';

export interface CancellationRequestsTable {
  id: Generated<number>;
  user_id: number;
  status: CancellationStatus;
  requested_at: Timestamp;
  /** requested_at + 15 days: the job anonymises the account once this has passed. */
  effective_at: Timestamp;
  /** When it was revoked or carried out. */
  resolved_at: Timestamp | null;
}

/** A player's favourite game (migration 0007_collections); unique per user and game. */
export interface CollectionsTable {
  id: Generated<number>;
  user_id: number;
  game_id: number;
  platform_game_id: number | null;
  created_at: CreatedAt;
}

// ---- Money (migration 0009_money) ----

/** Player accounts (never negative) and platform accounts (the other side of every movement). */
export type LedgerAccountKind =
  | 'wallet'
  | 'coins'
  | 'platform_cash'
  | 'platform_liabilities'
  | 'coupon_expense'
  | 'promotion_expense'
  | 'game_settlement'
  // Rewards (server/rewards/accounts.ts): points, invitation income and withdrawals.
  | 'points'
  | 'income'
  | 'points_issued'
  | 'points_redeemed'
  | 'points_expired'
  | 'invite_share_expense'
  | 'withdrawals_pending';

export interface LedgerAccountsTable {
  id: Generated<number>;
  user_id: number | null;
  kind: string;
  /** bigint: read it through Number(). */
  balance: ColumnType<string | number, number | undefined, number>;
  created_at: CreatedAt;
}

export interface LedgerTransactionsTable {
  id: Generated<string | number>;
  kind: string;
  reference: string;
  order_id: number | null;
  memo: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
}

export interface LedgerEntriesTable {
  id: Generated<string | number>;
  transaction_id: string | number;
  account_id: number;
  amount: ColumnType<string | number, number, number>;
  created_at: CreatedAt;
}

export interface OrderRequestsTable {
  user_id: number;
  idempotency_key: string;
  request_hash: string;
  order_id: number | null;
  created_at: Timestamp;
}

export type SandboxTradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';

export interface SandboxTradesTable {
  trade_no: string;
  out_trade_no: string;
  amount_cents: number;
  subject: string;
  status: SandboxTradeStatus;
  notify_url: string;
  return_url: string;
  created_at: Timestamp;
  paid_at: Timestamp | null;
}

export interface PaymentNotificationsTable {
  id: Generated<number>;
  trade_no: string;
  url: string;
  body: string;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  acknowledged_at: Timestamp | null;
  gave_up_at: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
}

export interface GameSubAccountsTable {
  id: Generated<number>;
  user_id: number;
  game_id: number;
  platform_game_id: number;
  name: string;
  total_topup_cents: ColumnType<string | number, number | undefined, number>;
  created_at: Timestamp;
  /** The listing that holds it frozen, or null. */
  frozen_listing_id: Nullable<number>;
}

export interface SimGameRolesTable {
  id: Generated<number>;
  sub_account_id: number;
  server_name: string;
  role_name: string;
  balance_cents: ColumnType<string | number, number | undefined, number>;
  created_at: Timestamp;
}

export interface SimGameDeliveriesTable {
  order_number: string;
  role_id: number;
  amount_cents: number;
  received_at: Timestamp;
}

export type DeliveryStatus = 'pending' | 'acknowledged' | 'failed';

export interface DeliveriesTable {
  order_id: number;
  status: DeliveryStatus;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

export interface CardPurchasesTable {
  id: Generated<number>;
  user_id: number;
  card_id: number;
  order_id: number;
  starts_at: Timestamp;
  ends_at: Timestamp;
  created_at: Timestamp;
}

export type CardGrantKind = 'instant' | 'coins' | 'coupon';

export interface CardBenefitGrantsTable {
  id: Generated<number>;
  purchase_id: number;
  user_id: number;
  /** China-time day 'YYYY-MM-DD'. */
  day: string;
  kind: CardGrantKind;
  amount_cents: ColumnType<number, number | undefined, number>;
  user_coupon_id: number | null;
  auto: boolean;
  created_at: Timestamp;
}

export interface UserMoneyFlagsTable {
  user_id: number;
  first_recharge_dialog_at: Timestamp | null;
  first_recharge_order_id: number | null;
}

/** One level coupon claimed in a China-time month (migration 0011_perks). */
export interface LevelCouponClaimsTable {
  id: Generated<number>;
  user_id: number;
  level: number;
  /** 'YYYY-MM', China time. */
  month: string;
  user_coupon_id: number | null;
  created_at: Timestamp;
}

// ---- Help articles and feedback (migration 0013_help_feedback) ----

export interface HelpCategoriesTable {
  id: Generated<number>;
  name: string;
  sort_order: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface HelpArticlesTable {
  id: Generated<number>;
  kind: 'faq' | 'activity' | 'product' | 'guide' | 'about';
  /** FAQ answers only. */
  category_id: number | null;
  slug: string | null;
  title: string;
  summary: ColumnType<string, string | undefined, string>;
  /** HTML, sanitised when saved (server/html-sanitize.ts). */
  content: string;
  /** A picture URL ('/art/banner/h3v1.svg', '/media/…'), '' for none. */
  cover: ColumnType<string, string | undefined, string>;
  sort_order: ColumnType<number, number | undefined, number>;
  published: ColumnType<boolean, boolean | undefined, boolean>;
  published_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface FeedbackTable {
  id: Generated<number>;
  user_id: number;
  request_id: string;
  category: string;
  content: string;
  game_name: ColumnType<string, string | undefined, string>;
  contact: ColumnType<string, string | undefined, string>;
  status: ColumnType<'pending' | 'replied' | 'closed', 'pending' | 'replied' | 'closed' | undefined, 'pending' | 'replied' | 'closed'>;
  created_at: Timestamp;
  updated_at: Timestamp;
  closed_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** The attached event log's object key (migration 0025_feedback_logs); null without one or once it expired. */
  event_log_key: ColumnType<string | null, string | null | undefined, string | null>;
  event_log_size: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface FeedbackImagesTable {
  feedback_id: number;
  position: number;
  user_id: number;
  object_key: string;
}

export interface FeedbackRepliesTable {
  id: Generated<number>;
  feedback_id: number;
  staff_id: number;
  content: string;
  created_at: Timestamp;
  /** The staff console's idempotency key of the reply (migration 0016_staff_content); null before it. */
  request_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface FeedbackDayCountsTable {
  user_id: number;
  /** YYYY-MM-DD, China time. */
  day: string;
  count: number;
}

/** Staff console (migration 0014_staff; server/staff/). */
export type StaffRoleColumn = 'admin' | 'agent' | 'reviewer' | 'finance' | 'operator';

export interface StaffAccountsTable {
  id: Generated<number>;
  name: string;
  role: StaffRoleColumn;
  /** server/passwords.ts scrypt form. */
  password_hash: string;
  /** The TOTP secret (base32) sealed with AES-256-GCM (server/staff/totp.ts). */
  totp_secret_sealed: string;
  /** The last TOTP time step accepted: a code is accepted only for a later step (no replay). */
  totp_last_step: number | null;
  disabled: Generated<boolean>;
  created_at: CreatedAt;
  last_login_at: Date | null;
}

export type StaffSessionEndReason = 'logout' | 'idle' | 'expired' | 'disabled' | 'reset';

export interface StaffSessionsTable {
  id: Generated<number>;
  staff_id: number;
  /** sha256 of the cookie's 256-bit token. */
  token_hash: string;
  /** sha256 of the session's CSRF token. */
  csrf_hash: string;
  ip: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  /** created_at + 12 h (absolute limit). */
  expires_at: Timestamp;
  ended_at: Date | null;
  ended_reason: StaffSessionEndReason | null;
}

export interface StaffAuditTable {
  id: Generated<number>;
  /** null: the system (migration 0023_staff_audit_system), e.g. an address braked after failed sign-ins. */
  staff_id: number | null;
  action: string;
  target: string;
  before: ColumnType<unknown, string | null, string | null>;
  after: ColumnType<unknown, string | null, string | null>;
  ip: string;
  at: Timestamp;
}

/** A message of the message centre (migration 0012_messages); user_id null: a broadcast. */
export interface MessagesTable {
  id: Generated<number>;
  kind: 'activity' | 'trading' | 'account_sale' | 'order' | 'system';
  user_id: number | null;
  title: string;
  content: string;
  /** { path, data? } or null; JSON text on insert. */
  link: ColumnType<{ path: string; data?: Record<string, unknown> } | null, string | null, string | null>;
  source_ref: string | null;
  author_staff_id: number | null;
  created_at: Timestamp;
}

/** A player's read / deleted marks of one message (migration 0012_messages). */
export interface MessageStatesTable {
  user_id: number;
  message_id: number;
  read_at: Timestamp | null;
  deleted_at: Timestamp | null;
}

/** 公告 (migration 0012_messages): sanitised HTML; popup shows once per player (notice_views). */
export interface NoticesTable {
  id: Generated<number>;
  title: string;
  content: string;
  popup: ColumnType<boolean, boolean | undefined, boolean>;
  published_at: Timestamp;
  withdrawn_at: Timestamp | null;
  author_staff_id: number | null;
  withdrawn_by_staff_id: number | null;
  source_ref: string | null;
  created_at: Timestamp;
}

export interface NoticeViewsTable {
  user_id: number;
  notice_id: number;
  seen_at: Timestamp;
}

export interface Database {
  staff_accounts: StaffAccountsTable;
  staff_sessions: StaffSessionsTable;
  staff_audit: StaffAuditTable;
  users: UsersTable;
  sessions: SessionsTable;
  app_versions: AppVersionsTable;
  site_content: SiteContentTable;
  orders: OrdersTable;
  evaluations: EvaluationsTable;
  service_messages: ServiceMessagesTable;
  service_conversations: ServiceConversationsTable;
  service_quick_replies: ServiceQuickRepliesTable;
  service_agent_uploads: ServiceAgentUploadsTable;
  point_events: PointEventsTable;
  platforms: PlatformsTable;
  categories: CategoriesTable;
  tags: TagsTable;
  games: GamesTable;
  game_categories: GameCategoriesTable;
  game_tags: GameTagsTable;
  platform_games: PlatformGamesTable;
  game_screenshots: GameScreenshotsTable;
  open_servers: OpenServersTable;
  reservations: ReservationsTable;
  topics: TopicsTable;
  topic_games: TopicGamesTable;
  weekly_lists: WeeklyListsTable;
  gift_packs: GiftPacksTable;
  gift_codes: GiftCodesTable;
  coupons: CouponsTable;
  user_coupons: UserCouponsTable;
  coupon_issues: CouponIssuesTable;
  cards: CardsTable;
  promotions: PromotionsTable;
  hot_search_words: HotSearchWordsTable;
  game_downloads: GameDownloadsTable;
  download_address_reports: DownloadAddressReportsTable;
  user_real_names: UserRealNamesTable;
  uploads: UploadsTable;
  cancellation_requests: CancellationRequestsTable;
  collections: CollectionsTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  order_requests: OrderRequestsTable;
  sandbox_trades: SandboxTradesTable;
  payment_notifications: PaymentNotificationsTable;
  game_sub_accounts: GameSubAccountsTable;
  sim_game_roles: SimGameRolesTable;
  sim_game_deliveries: SimGameDeliveriesTable;
  deliveries: DeliveriesTable;
  card_purchases: CardPurchasesTable;
  card_benefit_grants: CardBenefitGrantsTable;
  user_money_flags: UserMoneyFlagsTable;
  level_coupon_claims: LevelCouponClaimsTable;
  help_categories: HelpCategoriesTable;
  help_articles: HelpArticlesTable;
  feedback: FeedbackTable;
  feedback_images: FeedbackImagesTable;
  feedback_replies: FeedbackRepliesTable;
  feedback_day_counts: FeedbackDayCountsTable;
  messages: MessagesTable;
  message_states: MessageStatesTable;
  notices: NoticesTable;
  notice_views: NoticeViewsTable;
  invite_settings: InviteSettingsTable;
  invite_accounts: InviteAccountsTable;
  invite_bindings: InviteBindingsTable;
  invite_income: InviteIncomeTable;
  withdrawals: WithdrawalsTable;
  trade_settings: TradeSettingsTable;
  trade_listings: TradeListingsTable;
  trade_listing_counts: TradeListingCountsTable;
  trades: TradesTable;
  sub_account_sessions: SubAccountSessionsTable;
  store_items: StoreItemsTable;
  store_redemptions: StoreRedemptionsTable;
  store_user_counts: StoreUserCountsTable;
  task_definitions: TaskDefinitionsTable;
  task_progress: TaskProgressTable;
  task_events: TaskEventsTable;
  check_ins: CheckInsTable;
  task_share_codes: TaskShareCodesTable;
  holiday_calendar_years: HolidayCalendarYearsTable;
  holiday_calendar_days: HolidayCalendarDaysTable;
  holiday_calendar_state: HolidayCalendarStateTable;
}


// ---- Invitations and income (migration 0019_invite) ----

/** The rules' numbers, one row (id 1); each binding copies the share and its end. */
export interface InviteSettingsTable {
  id: number;
  /** Basis points of an invitee's provider-paid top-up (500 = 5 %). */
  share_bp: number;
  share_days: number;
  bind_window_hours: number;
}

/** A player's invite code (made on first need) and the clawback debt netted against later income. */
export interface InviteAccountsTable {
  user_id: number;
  code: string;
  /** bigint: read it through Number(). */
  debt_cents: ColumnType<string | number, number | undefined, number>;
  created_at: Timestamp;
}

export interface InviteBindingsTable {
  id: Generated<number>;
  inviter_id: number;
  invitee_id: number;
  /** HMAC-SHA256 of the invitee's phone: one binding per phone, also after cancellation. */
  phone_hash: string;
  code: string;
  via: 'register' | 'code';
  share_bp: number;
  bound_at: Timestamp;
  share_until: Timestamp;
}

export interface InviteIncomeTable {
  id: Generated<number>;
  binding_id: number;
  inviter_id: number;
  invitee_id: number;
  order_id: number;
  order_number: string;
  base_cents: number;
  share_bp: number;
  amount_cents: number;
  credited_cents: number;
  netted_cents: number;
  status: ColumnType<'credited' | 'clawed_back', 'credited' | 'clawed_back' | undefined, 'credited' | 'clawed_back'>;
  taken_back_cents: ColumnType<number, number | undefined, number>;
  debt_added_cents: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  clawed_back_at: Timestamp | null;
}

// ---- Withdrawals (migration 0020_withdrawals) ----

export interface WithdrawalsTable {
  id: Generated<number>;
  user_id: number;
  request_id: string;
  source: 'income' | 'wallet';
  amount_cents: number;
  alipay_account: string;
  /** AES-256-GCM sealed payee name (the verified real name), server/accounts/seal.ts. */
  payee_name_sealed: string;
  status: ColumnType<'submitted' | 'approved' | 'paid' | 'rejected', 'submitted' | 'approved' | 'paid' | 'rejected' | undefined, 'submitted' | 'approved' | 'paid' | 'rejected'>;
  reject_reason: string | null;
  payout_ref: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  approved_at: Timestamp | null;
  approved_by: number | null;
  paid_at: Timestamp | null;
  paid_by: number | null;
  rejected_at: Timestamp | null;
  rejected_by: number | null;
}

// ---- 0018_store: the coin store (server/rewards/store.ts) ----

export type StoreItemKind = 'coupon' | 'coins' | 'gift_code';

export interface StoreItemsTable {
  id: Generated<number>;
  kind: StoreItemKind;
  title: string;
  image: ColumnType<string, string | undefined, string>;
  description: ColumnType<string, string | undefined, string>;
  /** Points one redemption costs (> 0). */
  points_price: number;
  /** Left to redeem (≥ 0, CHECK). */
  stock: number;
  /** Redemptions a player may make in all; null: no limit. */
  per_user_limit: number | null;
  valid_from: Date | null;
  valid_to: Date | null;
  sort: ColumnType<number, number | undefined, number>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  coupon_id: number | null;
  coins_cents: number | null;
  gift_pack_id: number | null;
  seed_key: string | null;
  created_at: CreatedAt;
}

export interface StoreRedemptionsTable {
  id: Generated<number>;
  user_id: number;
  item_id: number;
  /** The client's key of one attempt, unique per player. */
  request_id: string;
  kind: StoreItemKind;
  /** The item's title when redeemed. */
  title: string;
  points_paid: number;
  user_coupon_id: number | null;
  gift_code: string | null;
  coins_cents: number | null;
  created_at: Timestamp;
}

export interface StoreUserCountsTable {
  user_id: number;
  item_id: number;
  count: ColumnType<number, number | undefined, number>;
}

// ---- Tasks, check-in and points (migration 0017_tasks) ----

export type TaskKind = 'daily' | 'novice' | 'achievement';

export interface TaskDefinitionsTable {
  id: Generated<number>;
  code: string;
  kind: TaskKind;
  /** The engine event that advances it (server/tasks/events.ts). */
  event: string;
  target: number;
  reward_points: ColumnType<number, number | undefined, number>;
  reward_coupon_id: number | null;
  sort_order: ColumnType<number, number | undefined, number>;
  title: string;
  description: ColumnType<string, string | undefined, string>;
  /** The in-app route 去完成 opens ('' for none). */
  link: ColumnType<string, string | undefined, string>;
  valid_from: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  valid_to: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface TaskProgressTable {
  id: Generated<number>;
  user_id: number;
  task_id: number;
  /** China date 'YYYY-MM-DD' for a daily task, 'once' for novice and achievement tasks. */
  period: string;
  count: ColumnType<number, number | undefined, number>;
  completed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  claimed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The points the claim paid (0 before it). */
  reward_points: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
}

export interface TaskEventsTable {
  id: Generated<number>;
  user_id: number;
  event: string;
  source_ref: string;
  amount: ColumnType<number, number | undefined, number>;
  game_id: number | null;
  created_at: Timestamp;
}

export interface CheckInsTable {
  id: Generated<number>;
  user_id: number;
  /** China date 'YYYY-MM-DD'. */
  day: string;
  streak_day: number;
  points: number;
  makeup: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

export interface TaskShareCodesTable {
  user_id: number;
  code: string;
  created_at: Timestamp;
}

// ---- Account trading (migration 0021_trading) ----

export interface TradeSettingsTable {
  id: number;
  min_age_days: number;
  min_topup_cents: number;
  min_price_cents: number;
  max_price_cents: number;
  fee_rate_bp: number;
  fee_min_cents: number;
  reserve_ms: number;
  cooling_off_ms: ColumnType<string | number, number, number>;
  listing_ttl_days: number;
}

/** Public (on sale or reserved) listings per game, kept by a trigger (migration 0033). */
export interface TradeListingCountsTable {
  game_id: number;
  public_count: number;
}

export interface TradeListingsTable {
  id: Generated<number>;
  user_id: number;
  sub_account_id: number;
  game_id: number;
  platform_game_id: number;
  status: Defaulted<import('../../api/protocol/trade-rules.ts').ListingStatus>;
  title: Defaulted<string>;
  server_name: Defaulted<string>;
  role_name: Defaulted<string>;
  description: Defaulted<string>;
  /** Upload keys (purpose 'trade'), in order. Write with JSON.stringify. */
  images: ColumnType<string[], string | undefined, string>;
  second_password_sealed: Nullable<string>;
  price_cents: Nullable<number>;
  fee_cents: Defaulted<number>;
  net_cents: Defaulted<number>;
  reject_reason: Nullable<string>;
  request_id: Nullable<string>;
  reserved_order_id: Nullable<number>;
  reserved_until: Nullable<Date | string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  submitted_at: Nullable<Date | string>;
  reviewed_at: Nullable<Date | string>;
  reviewed_by: Nullable<number>;
  on_sale_at: Nullable<Date | string>;
  expires_at: Nullable<Date | string>;
  sold_at: Nullable<Date | string>;
}

export interface TradesTable {
  id: Generated<number>;
  listing_id: number;
  order_id: number;
  buyer_id: number;
  seller_id: number;
  sub_account_id: number;
  price_cents: number;
  fee_cents: number;
  net_cents: number;
  status: Defaulted<import('../../api/protocol/trade-rules.ts').TradeStatus>;
  paid_at: Timestamp;
  release_at: Timestamp;
  released_at: Nullable<Date | string>;
  refunded_at: Nullable<Date | string>;
  dispute_reason: Nullable<string>;
  dispute_opened_at: Nullable<Date | string>;
  resolution: Nullable<string>;
  resolved_at: Nullable<Date | string>;
  resolved_by: Nullable<number>;
}

export interface SubAccountSessionsTable {
  id: Generated<number>;
  sub_account_id: number;
  user_id: number;
  ticket_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  ended_at: Nullable<Date | string>;
  end_reason: Nullable<string>;
}

/** A year of the operators' holiday calendar (migration 0022_holiday_calendar). */
export interface HolidayCalendarYearsTable {
  year: number;
  revision: number;
  updated_at: Timestamp;
  updated_by_staff_id: number | null;
}

export interface HolidayCalendarDaysTable {
  date: string;
  year: number;
  kind: 'holiday' | 'workday';
  name: string;
}

/** One row (id 1): bumped by every save; processes compare it with what they hold. */
export interface HolidayCalendarStateTable {
  id: number;
  version: number;
}
