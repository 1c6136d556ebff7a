import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM sealing under keys derived from a secret; no domain's (players' identities in
 * server/accounts/seal.ts, staff TOTP secrets in server/staff/totp.ts), so the staff pipeline that
 * every domain imports does not pull in the accounts module.
 */

const VERSION = 'v1';

/** Seals text with AES-256-GCM under a key derived from secret (HKDF-SHA256 with salt and info). */
export interface Sealer {
  seal(text: string): string;
  open(sealed: string): string;
}

export function aesSealer(secret: string, salt: string, info: string): Sealer {
  const sealKey = Buffer.from(hkdfSync('sha256', secret, salt, info, 32));
  return {
    seal(text) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(sealed) {
      const [version, payload] = sealed.split('.');
      if (version !== VERSION || !payload) throw new Error('unknown seal');
      const bytes = Buffer.from(payload, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', sealKey, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
