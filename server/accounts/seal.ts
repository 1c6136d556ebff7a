import { createHmac, hkdfSync } from 'node:crypto';
import { aesSealer } from '../seal.ts';

/**
 * How an identity is kept: the number as a keyed hash (HMAC-SHA256; the 3-accounts rule looks it
 * up without the number in clear), and the name and number sealed with AES-256-GCM for a
 * regulator's re-check. Both keys derive from REAL_NAME_SECRET (HKDF-SHA256), never logged.
 */

function key(secret: string, purpose: 'id-hash'): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'lewan-real-name', purpose, 32));
}

export interface IdentitySealer {
  idHash(idCard: string): string;
  seal(text: string): string;
  open(sealed: string): string;
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
