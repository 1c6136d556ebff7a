/**
 * Wire protocol v1 (shared/PROTOCOL.md): the one implementation of the canonical string,
 * signatures, the AES envelope, request bodies and response decoding. The client (api/) and the
 * reference server (server/) both import this module; cryptographic primitives are injected so
 * the browser uses crypto-js and the server node:crypto.
 */
import { base64Decode, base64Encode, concatBytes, pkcs7Pad, pkcs7Unpad, timingSafeEqualText, utf8Decode, utf8Encode } from './bytes.ts';

export interface CryptoPrimitives {
  /** Lower-case hex MD5 of the bytes. */
  md5Hex(data: Uint8Array): string;
  /** Raw AES-128-CBC over whole 16-byte blocks, no padding (PKCS#7 is applied here, once). */
  aes128CbcEncrypt(key: Uint8Array, iv: Uint8Array, blocks: Uint8Array): Uint8Array;
  aes128CbcDecrypt(key: Uint8Array, iv: Uint8Array, blocks: Uint8Array): Uint8Array;
  randomBytes(length: number): Uint8Array;
  /**
   * Optional native fast path of a whole seal: base64(iv ‖ AES-128-CBC(PKCS#7(UTF-8 of plaintext))),
   * byte for byte what the generic path below makes (the server's node:crypto and Buffer; the
   * property tests compare the two). Without it the generic path runs.
   */
  sealText?(key: Uint8Array, iv: Uint8Array, plaintext: string): string;
}

export interface WireSecrets {
  apiSignSecret: string;
  loginSignSecret: string;
  pointSignSecret: string;
  /** Exactly 16 bytes in UTF-8. */
  aesKey: string;
}

export const DEV_SECRETS: WireSecrets = {
  apiSignSecret: 'dev-api-sign-secret',
  loginSignSecret: 'dev-login-sign-secret',
  pointSignSecret: 'dev-point-sign-secret',
  aesKey: 'dev-aes-key-0016',
};

export const DEFAULT_VERSION_CODE = '3.3.3';
/** SPEC §9 / PROTOCOL §1: client request timeout. */
export const REQUEST_TIMEOUT_MS = 15_000;
export const TIMESTAMP_WINDOW_MS = 300_000;
export const REPLAY_WINDOW_MS = 600_000;

/** A clock reading more than this below the one before is followed at once; smaller steps back are absorbed. */
export const CLOCK_STEP_BACK_MS = 1_000;

/**
 * One client's request timestamps: strictly increasing, so two calls with the same fields never
 * carry the same sign (the server spends a sign once, on any path). A clock set back by more than
 * CLOCK_STEP_BACK_MS (the device's time was corrected) is followed: counting on from the old
 * timestamps would run ahead of real time, and past TIMESTAMP_WINDOW_MS every call would be
 * refused as expired until the clock caught up.
 */
export function signingClock(clock: () => number = Date.now): () => number {
  let last = -Infinity;
  let lastReading = -Infinity;
  return () => {
    const now = clock();
    const setBack = lastReading - now > CLOCK_STEP_BACK_MS;
    lastReading = now;
    last = setBack ? now : Math.max(now, last + 1);
    return last;
  };
}
export const MAX_BODY_BYTES = 64 * 1024;
export const POINT_PATH = '/point';

export type Fields = Record<string, unknown>;

export type SecretKind = 'api' | 'login' | 'point';

/** Which secret signs a call, by its path (PROTOCOL §2.5). */
export function secretKindForPath(path: string): SecretKind {
  if (path === POINT_PATH) return 'point';
  if (path.startsWith('/api/login/')) return 'login';
  return 'api';
}

/** `down` calls never carry token and user_uuid (PROTOCOL §2.2). */
export function isDownPath(path: string): boolean {
  return path.startsWith('/api/down/') || path.startsWith('/down/');
}

function renderValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** PROTOCOL §2.4. `sign` itself is never part of the canonical string. */
export function canonicalString(fields: Fields): string {
  const keys = Object.keys(fields)
    .filter((key) => key !== 'sign' && fields[key] !== undefined && fields[key] !== null && fields[key] !== '')
    .sort(); // default sort compares UTF-16 code units, as the protocol requires
  return keys.map((key) => `${key}=${renderValue(fields[key])}`).join('&');
}

function reverse(text: string): string {
  return text.split('').reverse().join('');
}

function lastSix(timestamp: unknown): string {
  return String(timestamp).slice(-6);
}

export function computeSign(fields: Fields, kind: SecretKind, secrets: WireSecrets, crypto: CryptoPrimitives): string {
  const md5 = (text: string) => crypto.md5Hex(utf8Encode(text));
  if (kind === 'point') {
    return reverse(md5(md5(`${canonicalString(fields)}&${lastSix(fields.timestamp)}${secrets.pointSignSecret}`)));
  }
  const secret = kind === 'login' ? secrets.loginSignSecret : secrets.apiSignSecret;
  return reverse(md5(`${canonicalString(fields)}&${lastSix(fields.timestamp)}${secret}`));
}

const aesKeys = new Map<string, Uint8Array>();

/** The AES key's bytes (kept per key text: every request and answer needs them). */
export function aesKeyBytes(secrets: WireSecrets): Uint8Array {
  let key = aesKeys.get(secrets.aesKey);
  if (!key) {
    key = utf8Encode(secrets.aesKey);
    if (key.length !== 16) throw new Error('API_AES_KEY must be exactly 16 bytes in UTF-8');
    if (aesKeys.size < 16) aesKeys.set(secrets.aesKey, key);
  }
  return key.slice();
}

/** PROTOCOL §3: base64(iv ‖ ciphertext) with a fresh random IV. */
export function sealEnvelope(plaintext: string, secrets: WireSecrets, crypto: CryptoPrimitives): string {
  const iv = crypto.randomBytes(16);
  if (crypto.sealText) return crypto.sealText(aesKeyBytes(secrets), iv, plaintext);
  const ciphertext = crypto.aes128CbcEncrypt(aesKeyBytes(secrets), iv, pkcs7Pad(utf8Encode(plaintext)));
  return base64Encode(concatBytes(iv, ciphertext));
}

/** Returns null for anything that is not a well-formed envelope of UTF-8 text. Never throws. */
export function openEnvelope(envelope: string, secrets: WireSecrets, crypto: CryptoPrimitives): string | null {
  const bytes = base64Decode(envelope);
  // IV plus at least one block, whole blocks only.
  if (!bytes || bytes.length < 32 || bytes.length % 16 !== 0) return null;
  const plain = pkcs7Unpad(crypto.aes128CbcDecrypt(aesKeyBytes(secrets), bytes.slice(0, 16), bytes.slice(16)));
  return plain ? utf8Decode(plain) : null;
}

// ---------------------------------------------------------------------------------------------
// Requests

export interface Credentials {
  token: string;
  uuid: string;
}

export interface SignOptions {
  path: string;
  timestamp: number;
  versionCode?: string;
  credentials?: Credentials | null;
  /** Device-info fields (SPEC §3); `address` is sent as `location`. */
  device?: Fields | null;
  secrets: WireSecrets;
  crypto: CryptoPrimitives;
}

/** PROTOCOL §2: the plain form, i.e. the signed object. */
export function signRequest(payload: Fields, options: SignOptions): Fields {
  const fields: Fields = { ...payload, timestamp: options.timestamp, version_code: options.versionCode ?? DEFAULT_VERSION_CODE };
  if (options.credentials && !isDownPath(options.path)) {
    fields.token = options.credentials.token;
    fields.user_uuid = options.credentials.uuid;
  }
  if (options.device) {
    for (const [key, value] of Object.entries(options.device)) {
      fields[key === 'address' ? 'location' : key] = value;
    }
  }
  fields.sign = computeSign(fields, secretKindForPath(options.path), options.secrets, options.crypto);
  return fields;
}

export interface EncodedBody {
  contentType: 'application/json' | 'text/plain';
  body: string;
}

/** PROTOCOL §2–3: what goes on the wire for a signed object. */
export function encodeRequestBody(
  path: string,
  signed: Fields,
  options: { encrypt: boolean; secrets: WireSecrets; crypto: CryptoPrimitives },
): EncodedBody {
  const json = JSON.stringify(signed);
  if (path === POINT_PATH) return { contentType: 'text/plain', body: base64Encode(utf8Encode(json)) };
  if (!options.encrypt) return { contentType: 'application/json', body: json };
  return { contentType: 'application/json', body: JSON.stringify({ data: sealEnvelope(json, options.secrets, options.crypto) }) };
}

export type OpenRequestFailure = 'unparseable' | 'badEnvelope' | 'plainRefused' | 'expired' | 'badSign';

export type OpenRequestResult =
  | { ok: true; fields: Fields; sign: string; timestamp: number; encrypted: boolean }
  | { ok: false; reason: OpenRequestFailure };

function isPlainObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * PROTOCOL §4 steps 1–3 (the replay check needs server state and follows in the server).
 * `unparseable` maps to HTTP 400; every other failure to code 101.
 */
export function openRequest(
  path: string,
  rawBody: string,
  options: { acceptPlain: boolean; now: number; secrets: WireSecrets; crypto: CryptoPrimitives },
): OpenRequestResult {
  let fields: Fields;
  let encrypted = false;
  if (path === POINT_PATH) {
    const bytes = base64Decode(rawBody.trim());
    const text = bytes ? utf8Decode(bytes) : null;
    const parsed = text === null ? undefined : parseJson(text);
    if (!isPlainObject(parsed)) return { ok: false, reason: 'unparseable' };
    fields = parsed;
  } else {
    const parsed = parseJson(rawBody);
    if (!isPlainObject(parsed)) return { ok: false, reason: 'unparseable' };
    const keys = Object.keys(parsed);
    if (keys.length === 1 && keys[0] === 'data' && typeof parsed.data === 'string') {
      const text = openEnvelope(parsed.data, options.secrets, options.crypto);
      const inner = text === null ? undefined : parseJson(text);
      if (!isPlainObject(inner)) return { ok: false, reason: 'badEnvelope' };
      fields = inner;
      encrypted = true;
    } else {
      if (!options.acceptPlain) return { ok: false, reason: 'plainRefused' };
      fields = parsed;
    }
  }
  const timestamp = fields.timestamp;
  if (typeof timestamp !== 'number' || !Number.isFinite(timestamp) || Math.abs(options.now - timestamp) > TIMESTAMP_WINDOW_MS) {
    return { ok: false, reason: 'expired' };
  }
  const sign = fields.sign;
  if (typeof sign !== 'string') return { ok: false, reason: 'badSign' };
  let expected: string;
  try {
    expected = computeSign(fields, secretKindForPath(path), options.secrets, options.crypto);
  } catch {
    // A value nested too deep for JSON.stringify (stack overflow) cannot have been signed: refuse, never throw.
    return { ok: false, reason: 'badSign' };
  }
  if (!timingSafeEqualText(sign, expected)) return { ok: false, reason: 'badSign' };
  return { ok: true, fields, sign, timestamp, encrypted };
}

// ---------------------------------------------------------------------------------------------
// Responses

export interface WireResponse<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export type ResponseMode = 'plain' | 'base64' | 'encrypted';

export function encodeResponse(
  response: WireResponse,
  mode: ResponseMode,
  options: { secrets: WireSecrets; crypto: CryptoPrimitives },
): { contentType: string; body: string } {
  const json = JSON.stringify(response);
  if (mode === 'plain') return { contentType: 'application/json; charset=utf-8', body: json };
  if (mode === 'base64') return { contentType: 'text/plain; charset=utf-8', body: base64Encode(utf8Encode(json)) };
  return { contentType: 'text/plain; charset=utf-8', body: sealEnvelope(json, options.secrets, options.crypto) };
}

export type BadResponseReason = 'empty' | 'undecodable' | 'notAnObject' | 'badCode';

export type DecodeResult =
  | { ok: true; response: WireResponse; form: ResponseMode }
  | { ok: false; reason: BadResponseReason; preview: string };

/** String() throws on parsed objects like {"toString":1} or very deep arrays; a decoder must not. */
function safeString(value: unknown): string {
  try {
    return String(value);
  } catch {
    return '';
  }
}

function asWireResponse(value: unknown): WireResponse | 'notAnObject' | 'badCode' {
  if (!isPlainObject(value)) return 'notAnObject';
  let code = value.code;
  if (typeof code === 'string' && /^-?\d{1,9}$/.test(code.trim())) code = Number(code.trim());
  if (typeof code !== 'number' || !Number.isInteger(code)) return 'badCode';
  const msg = typeof value.msg === 'string' ? value.msg : value.msg === undefined || value.msg === null ? '' : safeString(value.msg);
  return { code, msg, data: value.data === undefined ? null : value.data };
}

/**
 * PROTOCOL §5: accepts plain JSON, base64 JSON or an encrypted envelope, tried in that order.
 * Anything else becomes a typed failure; this function never throws.
 */
export function decodeResponse(body: string, options: { secrets: WireSecrets; crypto: CryptoPrimitives }): DecodeResult {
  const preview = body.slice(0, 120);
  const text = body.trim();
  if (text.length === 0) return { ok: false, reason: 'empty', preview };
  let failure: BadResponseReason = 'undecodable';
  const attempt = (candidate: unknown, form: ResponseMode): DecodeResult | null => {
    if (candidate === undefined) return null;
    const result = asWireResponse(candidate);
    if (typeof result === 'string') {
      failure = result;
      return null;
    }
    return { ok: true, response: result, form };
  };
  const plain = attempt(parseJson(text), 'plain');
  if (plain) return plain;
  const bytes = base64Decode(text);
  if (bytes) {
    const decoded = utf8Decode(bytes);
    const viaBase64 = decoded === null ? null : attempt(parseJson(decoded), 'base64');
    if (viaBase64) return viaBase64;
    try {
      const opened = openEnvelope(text, options.secrets, options.crypto);
      const viaEnvelope = opened === null ? null : attempt(parseJson(opened), 'encrypted');
      if (viaEnvelope) return viaEnvelope;
    } catch {
      // a misconfigured key must still end as a typed failure
    }
  }
  return { ok: false, reason: failure, preview };
}
