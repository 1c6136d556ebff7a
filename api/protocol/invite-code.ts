/**
 * The form of an invite code, shared by the server (which makes and checks
 * codes) and the client (which captures `?invite=` on arrival). Kept tiny: the client's capture
 * runs in the players' entry chunk.
 *
 * Six characters of an alphabet without the look-alikes 0/O, 1/I/L: 31^6 ≈ 887 million codes,
 * read aloud or typed from a screenshot without mistakes. Input is taken case-insensitively.
 */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 6;
export const INVITE_CODE_PATTERN = /^[A-HJKMNP-Z2-9]{6}$/;
/** The share link's query parameter: `<origin>/?invite=<code>`. */
export const INVITE_PARAM = 'invite';

/** The code in canonical form (trimmed, upper case), or null when it is not a possible code. */
export function normaliseInviteCode(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toUpperCase();
  return INVITE_CODE_PATTERN.test(code) ? code : null;
}
