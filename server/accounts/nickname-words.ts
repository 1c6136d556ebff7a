/**
 * Words a nickname may not contain: impersonation of staff and the platform, and plain abuse.
 * The list is short on purpose (a start, not a moderation system); a deployment adds its own with
 * NICKNAME_BLOCKED_WORDS (comma-separated, server/config.ts). Matching ignores case, width
 * (ＡＤＭＩＮ is admin) and spaces (管 理 员 is 管理员).
 */
export const DEFAULT_BLOCKED_WORDS: readonly string[] = [
  '管理员',
  '官方客服',
  '客服专员',
  '系统消息',
  '系统通知',
  'admin',
  'administrator',
  '傻逼',
  '操你妈',
  '草泥马',
  '去死',
  'fuck',
  'shit',
];

/** Folded for matching: NFKC (full-width → ASCII), lower case, without any white space. */
export function foldForMatching(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[\s\u200D]+/gu, '');
}

export interface NicknameWordList {
  /** The first listed word the nickname contains, or null. */
  find(nickname: string): string | null;
}

export function createNicknameWordList(extra: readonly string[] = []): NicknameWordList {
  const words = [...new Set([...DEFAULT_BLOCKED_WORDS, ...extra].map(foldForMatching).filter((word) => word !== ''))];
  return {
    find(nickname) {
      const folded = foldForMatching(nickname);
      return words.find((word) => folded.includes(word)) ?? null;
    },
  };
}
