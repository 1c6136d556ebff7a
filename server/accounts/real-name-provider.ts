import { checkIdCard, checkRealName } from '../../api/protocol/real-name.ts';
import { chinaDate } from '../china-time.ts';

/**
 * Who verifies that a name and an ID number belong together. The local verifier (default)
 * applies the rules the server can check alone (GB 11643-1999 number, a real birth date, a
 * province code, the name's form); a real provider (the NPPA anti-addiction real-name system, or
 * a licensed identity service) plugs in behind the same interface, chosen by REAL_NAME_PROVIDER.
 */

export const REAL_NAME_PROVIDERS = ['local'] as const;
export type RealNameProviderName = (typeof REAL_NAME_PROVIDERS)[number];

/** Development key for sealing and hashing identities; production refuses it. */
export const DEV_REAL_NAME_SECRET = 'dev-real-name-secret-0001';

export const PROVIDER_MSG = {
  mismatch: '姓名与身份证号码不一致',
  unavailable: '实名认证服务繁忙，请稍后再试',
} as const;

export interface RealNameClaim {
  /** As checked by checkRealName: no spaces, dots as U+00B7. */
  realName: string;
  /** 18 characters, upper-case X. */
  idCard: string;
}

export type ProviderVerdict = { ok: true } | { ok: false; message: string };

export interface RealNameProvider {
  readonly name: RealNameProviderName;
  /** Never throws for a refusal; a provider outage answers PROVIDER_MSG.unavailable. */
  verify(claim: RealNameClaim, now: Date): Promise<ProviderVerdict>;
}

export class LocalRealNameVerifier implements RealNameProvider {
  readonly name = 'local' as const;

  async verify(claim: RealNameClaim, now: Date): Promise<ProviderVerdict> {
    const name = checkRealName(claim.realName);
    if (!name.ok) return name;
    const id = checkIdCard(claim.idCard, chinaDate(now));
    if (!id.ok) return id;
    return { ok: true };
  }
}

export function createRealNameProvider(name: RealNameProviderName): RealNameProvider {
  switch (name) {
    case 'local':
      return new LocalRealNameVerifier();
  }
}
