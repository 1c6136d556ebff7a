/**
 * Lenient readers of a call's answer data, for the markup the server draws from its own answers
 * (first-paint.ts, first-paint-game.ts): a field of the wrong type reads as empty, never throws.
 */

export type Raw = Record<string, unknown>;

export const obj = (value: unknown): Raw => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Raw) : {});
export const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Same-origin paths only: a URL from the data never points the page elsewhere. */
export const isLocalPath = (url: string): boolean => url.startsWith('/') && !url.startsWith('//');
