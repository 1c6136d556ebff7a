import tencentSms from 'tencentcloud-sdk-nodejs-sms';
import type { FastifyBaseLogger } from 'fastify';
import { maskPhone, type SmsProvider } from './sms.ts';
import type { CodePurpose } from './verification-codes.ts';

/**
 * Tencent Cloud SMS (短信 SendSms, API 2021-01-11) through the official Node SDK
 * (tencentcloud-sdk-nodejs-sms; docs/decisions.md "SMS provider").
 *
 * A send resolves only when Tencent accepted the message for the one phone ("Ok" in its
 * SendStatusSet). Anything else — an API error (bad credentials, signature, template), a per-phone
 * refusal (frequency limits, invalid number), a non-200 answer, an unreadable answer, a network
 * error or the request timeout — rejects with an SmsSendError, which the sendCode path treats as
 * "not sent": it discards the code and releases the phone's cooldown (server/accounts/auth.ts).
 */

export const CODE_PURPOSES: readonly CodePurpose[] = ['login', 'recovery', 'verifyPhone', 'bindPhone', 'cancel'];

export interface TencentSmsSettings {
  secretId: string;
  secretKey: string;
  region: string;
  /** SmsSdkAppId (the SMS application, 1400…). */
  appId: string;
  /** The approved signature (签名), e.g. 乐玩游戏. */
  signName: string;
  /** The approved template id per code purpose; each template has one parameter {1}: the code. */
  templates: Record<CodePurpose, string>;
  /** API host (sms.tencentcloudapi.com) and protocol; tests point them at a local server. */
  endpoint: string;
  protocol: 'https://' | 'http://';
  /** Whole-request timeout in milliseconds. */
  timeoutMs: number;
}

/** Why a send failed: Tencent's code when it gave one (e.g. LimitExceeded.PhoneNumberDailyLimit), else a local one. */
export class SmsSendError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

export type SendAnswer = { ok: true; serialNo: string } | { ok: false; code: string; message: string };

/**
 * Reads SendSms's answer (the SDK's `Response` object) for the one phone that was sent to.
 * Total: any input gives an answer, never throws. Only Code "Ok" for that phone is a success.
 */
export function readSendAnswer(answer: unknown, phoneE164: string): SendAnswer {
  if (typeof answer !== 'object' || answer === null) return { ok: false, code: 'BadAnswer', message: 'answer is not an object' };
  const set = (answer as { SendStatusSet?: unknown }).SendStatusSet;
  if (!Array.isArray(set)) return { ok: false, code: 'BadAnswer', message: 'answer has no SendStatusSet' };
  const status: unknown = set.find((entry: unknown) => typeof entry === 'object' && entry !== null && (entry as { PhoneNumber?: unknown }).PhoneNumber === phoneE164) ?? (set.length === 1 ? set[0] : undefined);
  if (typeof status !== 'object' || status === null) return { ok: false, code: 'BadAnswer', message: 'answer has no status for the phone' };
  const { Code: code, Message: message, SerialNo: serialNo } = status as { Code?: unknown; Message?: unknown; SerialNo?: unknown };
  if (code === 'Ok') return { ok: true, serialNo: typeof serialNo === 'string' ? serialNo : '' };
  return {
    ok: false,
    code: typeof code === 'string' && code !== '' ? code.slice(0, 100) : 'BadAnswer',
    message: typeof message === 'string' ? message.slice(0, 200) : 'no message',
  };
}

/** Provider messages are free text: long digit runs (a phone number) are masked before they reach an error or a log. */
export function scrubDigits(text: string): string {
  return text.replace(/\+?\d{7,}/g, (digits) => maskPhone(digits)).slice(0, 200);
}

/** Mainland numbers (11 digits, 1…) get +86; anything already in E.164 form is kept. */
export function toE164(phone: string): string {
  return phone.startsWith('+') ? phone : `+86${phone}`;
}

type SmsLogger = Pick<FastifyBaseLogger, 'info' | 'warn'>;
type SdkClient = InstanceType<typeof tencentSms.sms.v20210111.Client>;

export class TencentSmsProvider implements SmsProvider {
  private readonly client: SdkClient;

  constructor(
    private readonly settings: TencentSmsSettings,
    private readonly log: SmsLogger,
  ) {
    this.client = new tencentSms.sms.v20210111.Client({
      credential: { secretId: settings.secretId, secretKey: settings.secretKey },
      region: settings.region,
      profile: {
        httpProfile: { endpoint: settings.endpoint, protocol: settings.protocol, reqMethod: 'POST', reqTimeout: settings.timeoutMs / 1000 },
      },
    });
  }

  async send(phone: string, code: string, purpose: CodePurpose): Promise<void> {
    const to = toE164(phone);
    const masked = maskPhone(phone);
    let answer: unknown;
    try {
      answer = await this.client.SendSms({
        PhoneNumberSet: [to],
        SmsSdkAppId: this.settings.appId,
        SignName: this.settings.signName,
        TemplateId: this.settings.templates[purpose],
        TemplateParamSet: [code],
      });
    } catch (error) {
      // TencentCloudSDKHttpException: `code` is the API error code (AuthFailure.SignatureFailure,
      // FailedOperation.SignatureIncorrectOrUnapproved…), `httpCode` a non-200 status; neither
      // carries the credentials. A network error or the timeout has neither.
      const sdkError = error as { code?: unknown; httpCode?: unknown; message?: unknown };
      const reason = typeof sdkError.code === 'string' ? sdkError.code : typeof sdkError.httpCode === 'number' ? `HTTP${sdkError.httpCode}` : 'RequestFailed';
      const message = typeof sdkError.message === 'string' ? scrubDigits(sdkError.message) : 'request failed';
      this.log.warn({ sms: { phone: masked, purpose, provider: 'tencent', code: reason } }, 'Tencent SMS request failed');
      throw new SmsSendError(reason, `Tencent SMS request failed: ${reason}: ${message}`);
    }
    const result = readSendAnswer(answer, to);
    if (!result.ok) {
      this.log.warn({ sms: { phone: masked, purpose, provider: 'tencent', code: result.code } }, 'Tencent SMS refused the message');
      throw new SmsSendError(result.code, `Tencent SMS refused the message: ${result.code}: ${scrubDigits(result.message)}`);
    }
    this.log.info({ sms: { phone: masked, purpose, provider: 'tencent', serialNo: result.serialNo } }, 'verification SMS sent');
  }
}
