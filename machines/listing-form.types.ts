import type { ApiOutcome } from '../api/outcome.ts';
import type { MyListing } from '../api/protocol/calls/trade.ts';
import type { FeeRule } from '../api/protocol/trade-rules.ts';

/**
 * The listing form (/sellgoodsinfo new, /sellaccountedit edit): its fields, the
 * screenshots each with its own upload (progress, failure, retry), the checks of
 * api/protocol/trade-rules.ts, the confirm sheet (price, fee, net), 提交审核 and 保存草稿.
 */

export const LISTING_FORM_MESSAGES = {
  failed: '网络异常，提交结果未知，请重试',
  draftFailed: '网络异常，草稿未保存，请重试',
  loadFailed: '商品加载失败',
  uploading: '截图上传中，请稍候',
  uploadFailed: '有截图上传失败，请重试或删除',
  uploadNetwork: '上传失败，请检查网络后重试',
} as const;

export const LISTING_TEXT_FIELDS = ['title', 'server_name', 'role_name', 'description', 'price'] as const;
export type ListingTextField = (typeof LISTING_TEXT_FIELDS)[number];
export type ListingFieldErrorKey = ListingTextField | 'images' | 'second_password';
export type ListingFieldErrors = Partial<Record<ListingFieldErrorKey, string>>;

/** keep: the stored password stays (new listings: none); set: a new one; none: remove it. */
export type SecondPasswordMode = 'keep' | 'set' | 'none';

export interface ListingImage {
  id: number;
  stage: 'uploading' | 'uploaded' | 'failed';
  /** 0–100 while the bytes go up. */
  progress: number;
  key: string | null;
  url: string | null;
  error: string | null;
  /** The chosen file, kept for a retry (null for a stored screenshot of an edited listing). */
  file: Blob | null;
}

export interface ListingFormInput {
  /** A random prefix for this form's request ids (16+ of A–Z a–z 0–9 _ -); the machine appends a serial. */
  requestBase: string;
  rules: FeeRule & { min_price_cents: number; max_price_cents: number };
  /** New: the chosen sub-account and its first role to prefill 区服 / 角色名. */
  subAccountId: number | null;
  prefill?: { server_name: string; role_name: string };
  /** Edit: the listing to load. */
  listingId: number | null;
}

export interface ListingFormContext {
  requestBase: string;
  serial: number;
  rules: ListingFormInput['rules'];
  listingId: number | null;
  subAccountId: number | null;
  fields: Record<ListingTextField, string>;
  passwordMode: SecondPasswordMode;
  password: string;
  /** The listing being edited has a stored password (keep / remove offered). */
  hasStoredPassword: boolean;
  images: ListingImage[];
  nextImageId: number;
  errors: ListingFieldErrors;
  /** A refusal, failure or notice shown above the buttons. */
  message: string | null;
  /** The listing as the server last answered it (loaded, saved or submitted). */
  listing: MyListing | null;
}

/** What submitListing takes (request_id added by the machine). */
export interface ListingPayload {
  listing_id?: number;
  sub_account_id: number;
  title: string;
  server_name: string;
  role_name: string;
  description: string;
  images: string[];
  second_password_mode: SecondPasswordMode;
  second_password?: string;
  price_cents: number;
}

/** What saveListingDraft takes: only what is filled. */
export interface DraftPayload {
  listing_id?: number;
  sub_account_id: number;
  title: string;
  server_name: string;
  role_name: string;
  description: string;
  images: string[];
  price_cents?: number;
}

export type ListingAnswer = { listing: MyListing; created?: boolean } | null;
export type SubmitOutcome = ApiOutcome<ListingAnswer>;
/** getMyListing, decoded by the app (null: a malformed answer). */
export type LoadOutcome = ApiOutcome<MyListing | null>;

export type ListingFormEvent =
  | { type: 'ui.field'; field: ListingTextField; value: string }
  | { type: 'ui.password'; mode: SecondPasswordMode; value: string }
  | { type: 'ui.image.add'; files: readonly Blob[] }
  | { type: 'ui.image.remove'; id: number }
  | { type: 'ui.image.retry'; id: number }
  | { type: 'ui.image.move'; id: number; by: -1 | 1 }
  | { type: 'upload.progress'; id: number; percent: number }
  | { type: 'upload.done'; id: number; key: string; url: string }
  | { type: 'upload.failed'; id: number; message: string }
  | { type: 'ui.submit' }
  | { type: 'ui.confirm' }
  | { type: 'ui.cancel' }
  | { type: 'ui.saveDraft' }
  | { type: 'ui.retry' }
  | { type: 'ui.edit' }
  | { type: 'ui.reload' };

/** What the form sends its uploads actor. */
export type UploadCommand = { type: 'upload.start'; id: number; file: Blob } | { type: 'upload.cancel'; id: number };
