/** Messages per chat page (PROTOCOL §10 default). */
export const CHAT_PAGE_LIMIT = 20;
/** The server refuses longer messages; the send button is disabled past it. */
export const CHAT_MESSAGE_MAX_LENGTH = 500;
/** The chat reloads this long after an automatic reply's announced time, so it is surely visible. */
export const REPLY_REFRESH_MARGIN_MS = 300;

export const CHAT_MESSAGES = {
  loadFailed: '加载失败，请稍后重试',
  sendFailed: '发送失败，请稍后再试',
  imageFailed: '图片发送失败，请重试',
  network: '网络异常，请检查网络后重试',
} as const;
