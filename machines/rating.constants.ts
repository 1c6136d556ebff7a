/** The rating dialog's own texts (SPEC §5 verbatim where SPEC gives them). */
export const RATING_MESSAGES = {
  missingData: '数据异常，请稍后再试',
  rated: '评价成功',
  failed: '评价失败，请稍后再试',
} as const;
