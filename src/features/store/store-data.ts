/**
 * The coin store's client-side helpers. Its answers are decoded by their declarations
 * (api/protocol/calls/store.ts, run by `request()`).
 */

/** A fresh request id for a new redemption attempt (fits REQUEST_ID_PATTERN): a UUID, or 32 random hex digits where randomUUID is missing (an insecure context). */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
