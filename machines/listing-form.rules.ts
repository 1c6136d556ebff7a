import {
  checkDescription,
  checkRoleName,
  checkSecondPassword,
  checkServerName,
  checkTitle,
  parsePriceYuan,
  TRADE_IMAGES_MAX,
  TRADE_IMAGES_MIN,
  TRADE_MSG,
  type Check,
} from '../api/protocol/trade-rules.ts';
import { LISTING_FORM_MESSAGES, type DraftPayload, type ListingFieldErrors, type ListingFormContext, type ListingPayload } from './listing-form.types.ts';

/**
 * The form's checks, pure: the server's rules (api/protocol/trade-rules.ts) over the form's
 * fields, with the price bounds of the current settings (getSellGames().rules).
 */

type FormFacts = Pick<ListingFormContext, 'fields' | 'passwordMode' | 'password' | 'images' | 'rules' | 'listingId' | 'subAccountId'>;

export function checkPrice(text: string, rules: FormFacts['rules']): Check<number> {
  const parsed = parsePriceYuan(text);
  if (!parsed.ok) return parsed;
  if (parsed.value < rules.min_price_cents) return { ok: false, message: TRADE_MSG.priceMin };
  if (parsed.value > rules.max_price_cents) return { ok: false, message: TRADE_MSG.priceMax };
  return parsed;
}

/** Why the screenshots cannot go yet (uploading, failed, too few, too many), or null. */
export function imagesProblem(images: FormFacts['images']): string | null {
  if (images.some((image) => image.stage === 'failed')) return LISTING_FORM_MESSAGES.uploadFailed;
  if (images.some((image) => image.stage === 'uploading')) return LISTING_FORM_MESSAGES.uploading;
  if (images.length < TRADE_IMAGES_MIN) return TRADE_MSG.imagesMissing;
  if (images.length > TRADE_IMAGES_MAX) return TRADE_MSG.imagesTooMany;
  return null;
}

const uploadedKeys = (images: FormFacts['images']): string[] => images.map((image) => image.key).filter((key): key is string => key !== null);

export type FormCheck<T> = { ok: true; payload: T } | { ok: false; errors: ListingFieldErrors };

/** 提交审核: every rule. */
export function checkListingForm(form: FormFacts): FormCheck<ListingPayload> {
  const errors: ListingFieldErrors = {};
  const title = checkTitle(form.fields.title);
  const server = checkServerName(form.fields.server_name);
  const role = checkRoleName(form.fields.role_name);
  const description = checkDescription(form.fields.description);
  const price = checkPrice(form.fields.price, form.rules);
  const password = form.passwordMode === 'set' ? (form.password === '' ? { ok: false as const, message: TRADE_MSG.passwordLength } : checkSecondPassword(form.password)) : { ok: true as const, value: '' };
  const images = imagesProblem(form.images);
  if (!title.ok) errors.title = title.message;
  if (!server.ok) errors.server_name = server.message;
  if (!role.ok) errors.role_name = role.message;
  if (!description.ok) errors.description = description.message;
  if (!price.ok) errors.price = price.message;
  if (!password.ok) errors.second_password = password.message;
  if (images) errors.images = images;
  if (form.subAccountId === null) errors.title ??= TRADE_MSG.subAccountMissing;
  if (!title.ok || !server.ok || !role.ok || !description.ok || !price.ok || !password.ok || images || form.subAccountId === null) return { ok: false, errors };
  return {
    ok: true,
    payload: {
      ...(form.listingId !== null ? { listing_id: form.listingId } : {}),
      sub_account_id: form.subAccountId,
      title: title.value,
      server_name: server.value,
      role_name: role.value,
      description: description.value,
      images: uploadedKeys(form.images),
      second_password_mode: form.passwordMode,
      ...(form.passwordMode === 'set' ? { second_password: password.value } : {}),
      price_cents: price.value,
    },
  };
}

/** 保存草稿: only what is filled must hold; screenshots still going up are left out. */
export function checkDraft(form: FormFacts): FormCheck<DraftPayload> {
  const errors: ListingFieldErrors = {};
  const filled = <T>(text: string, check: (value: string) => Check<T>, key: keyof ListingFieldErrors): string => {
    if (text.trim() === '') return '';
    const result = check(text);
    if (!result.ok) {
      errors[key] = result.message;
      return '';
    }
    return String(result.value);
  };
  const title = filled(form.fields.title, checkTitle, 'title');
  const server = filled(form.fields.server_name, checkServerName, 'server_name');
  const role = filled(form.fields.role_name, checkRoleName, 'role_name');
  const description = filled(form.fields.description, checkDescription, 'description');
  const price = form.fields.price.trim() === '' ? null : checkPrice(form.fields.price, form.rules);
  if (price && !price.ok) errors.price = price.message;
  const keys = uploadedKeys(form.images);
  if (keys.length > TRADE_IMAGES_MAX) errors.images = TRADE_MSG.imagesTooMany;
  if (Object.keys(errors).length > 0 || form.subAccountId === null) return { ok: false, errors };
  return {
    ok: true,
    payload: {
      ...(form.listingId !== null ? { listing_id: form.listingId } : {}),
      sub_account_id: form.subAccountId,
      title,
      server_name: server,
      role_name: role,
      description,
      images: keys,
      ...(price?.ok ? { price_cents: price.value } : {}),
    },
  };
}

/** Yuan text of fen for the price box ('' for 0: an unpriced draft). */
export const yuanText = (cents: number): string => (cents > 0 ? (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2)) : '');
