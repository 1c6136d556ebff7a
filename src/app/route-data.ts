import type { AppLocation, RouteData } from '../../machines/navigation.types.ts';

/**
 * SPEC §2: routes have no parameters; a page's data is one optional JSON object carried in the
 * query value `data` (`/gamedetail?data=<encodeURIComponent(JSON)>`). Anything else in the URL is
 * ignored. The decoder is strict and never throws: a malformed, non-object or oversized value is
 * ignored with a warning, and the page opens without data.
 */

export const ROUTE_DATA_PARAM = 'data';
/** Larger values are refused: a URL is no place for a payload, and pages trust this object. */
export const ROUTE_DATA_MAX_BYTES = 4 * 1024;

export type RouteDataError = 'malformed' | 'notObject' | 'tooLarge';
export type RouteDataResult = { ok: true; data: RouteData | null } | { ok: false; reason: RouteDataError };

const byteLength = (text: string) => new TextEncoder().encode(text).length;

function isPlainObject(value: unknown): value is RouteData {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `data` value of a query string (with or without its leading '?'). */
export function decodeRouteData(search: string): RouteDataResult {
  let raw: string | null;
  try {
    raw = new URLSearchParams(search).get(ROUTE_DATA_PARAM);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (raw === null || raw === '') return { ok: true, data: null };
  if (byteLength(raw) > ROUTE_DATA_MAX_BYTES) return { ok: false, reason: 'tooLarge' };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  return isPlainObject(value) ? { ok: true, data: value } : { ok: false, reason: 'notObject' };
}

/** The page's data, or null with a warning when the value is unusable. */
export function routeDataOf(search: string, warn: (message: string) => void = console.warn): RouteData | null {
  const result = decodeRouteData(search);
  if (result.ok) return result.data;
  warn(`route data: ${result.reason} value of '${ROUTE_DATA_PARAM}' ignored`);
  return null;
}

/**
 * The query string for `data` ('' for none). An object too large to decode again is dropped with
 * a warning rather than sent to a page that would ignore it anyway.
 */
export function encodeRouteData(data: RouteData | null | undefined, warn: (message: string) => void = console.warn): string {
  if (!data) return '';
  const json = JSON.stringify(data);
  if (byteLength(json) > ROUTE_DATA_MAX_BYTES) {
    warn(`route data: ${byteLength(json)} bytes exceed ${ROUTE_DATA_MAX_BYTES}; dropped`);
    return '';
  }
  return `?${ROUTE_DATA_PARAM}=${encodeURIComponent(json)}`;
}

export function hrefOf(location: AppLocation): string {
  return location.path + encodeRouteData(location.data);
}
