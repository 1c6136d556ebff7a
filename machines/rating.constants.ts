/** The rating dialog's own texts (SPEC §5 verbatim where SPEC gives them). */
export const RATING_MESSAGES = {
  missingData: '数据异常，请稍后再试',
  rated: '评价成功',
  failed: '评价失败，请稍后再试',
} as const;

/**
 * How long a paid top-up's receipt stays on screen before the rating dialog opens over it: long
 * enough to read 支付成功 and the amounts (docs/decisions.md "Flow friction").
 */
export const RATING_OFFER_DELAY_MS = 3_000;
