/**
 * A form's idempotency key (the content calls' request_id): 32 hex digits from the browser's
 * random source. One per form: kept when a submit fails or its answer is lost (the retry is the
 * same request), replaced once the server has answered it.
 */
export function newRequestId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
