import { browserCrypto } from '../../api/crypto-browser.ts';
import { decodeResponse, DEV_SECRETS, encodeRequestBody, signRequest, signingClock, type Credentials, type Fields, type WireResponse } from '../../api/protocol/wire.ts';

/**
 * A clock tests move by hand. Every read also advances it by 1 ms, so two identical requests
 * never carry the same timestamp (and thus never the same signature, which the replay cache
 * would refuse).
 */
export class ManualClock {
  constructor(private time: number) {}
  readonly now = (): number => this.time++;
  advance(ms: number): void {
    this.time += ms;
  }
  get current(): number {
    return this.time;
  }
}

/** Calls a test server the way the web app does: signed, encrypted, decoded (PROTOCOL §2–§5). */
// Test answers are read loosely (r.data.token …); the shapes are asserted by the tests themselves.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type LooseResponse = WireResponse<any>;

/** `headers` go with every call (e.g. X-Forwarded-For, to speak from another address to a TRUST_PROXY server). */
export function wireClient(baseUrl: string, now: () => number = Date.now, headers: Record<string, string> = {}) {
  // As the web app's client (api/client.ts): the server spends a sign once, on any path.
  const stamp = signingClock(now);
  return async function call(path: string, payload: Fields = {}, credentials: Credentials | null = null): Promise<LooseResponse> {
    const timestamp = stamp();
    const signed = signRequest(payload, { path, timestamp, credentials, secrets: DEV_SECRETS, crypto: browserCrypto });
    const body = encodeRequestBody(path, signed, { encrypt: true, secrets: DEV_SECRETS, crypto: browserCrypto });
    const res = await fetch(baseUrl + path, { method: 'POST', headers: { ...headers, 'content-type': body.contentType }, body: body.body });
    const decoded = decodeResponse(await res.text(), { secrets: DEV_SECRETS, crypto: browserCrypto });
    if (!decoded.ok) throw new Error(`undecodable answer from ${path}: ${decoded.reason}`);
    return decoded.response;
  };
}

/** The latest code of the development SMS outbox (PROTOCOL §9), or null on 404. */
export async function devSmsCode(baseUrl: string, phone: string): Promise<string | null> {
  const res = await fetch(`${baseUrl}/dev/sms/${phone}`);
  if (res.status === 404) return null;
  const body = (await res.json()) as { phone: string; code: string };
  return body.code;
}
