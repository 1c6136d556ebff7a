/** The real-name form's own texts (the rule messages are api/protocol/real-name.ts REAL_NAME_MSG). */
export const REAL_NAME_FORM_MESSAGES = {
  failed: '提交失败，请稍后重试',
  network: '网络异常，请检查网络后重试',
} as const;

/** Longest inputs the form keeps (a name of 15 characters with dots, 18 characters of number). */
export const NAME_INPUT_MAX = 20;
export const ID_CARD_INPUT_MAX = 18;
