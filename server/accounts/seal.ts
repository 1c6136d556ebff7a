import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * How an identity is kept: the number as a keyed hash (HMAC-SHA256; the 3-accounts rule looks it
 * up without the number in clear), and the name and number sealed with AES-256-GCM for a
 * regulator's re-check. Both keys derive from REAL_NAME_SECRET (HKDF-SHA256), never logged.
 */

const VERSION = 'v1';

function key(secret: string, purpose: 'id-hash'): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'lewan-real-name', purpose, 32));
}

export interface IdentitySealer {
  idHash(idCard: string): string;
  seal(text: string): string;
  open(sealed: string): string;
}

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

export function identitySealer(secret: string): IdentitySealer {
  const sealer = aesSealer(secret, 'lewan-real-name', 'seal');
  const hashKey = key(secret, 'id-hash');
  return {
    idHash: (idCard) => createHmac('sha256', hashKey).update(idCard.toUpperCase(), 'utf8').digest('hex'),
    seal: (text) => sealer.seal(text),
    open: (sealed) => sealer.open(sealed),
  };
}
