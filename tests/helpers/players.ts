import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema.ts';
import { hashPassword, type ScryptParams } from '../../server/passwords.ts';

/**
 * Low scrypt cost for test accounts that make many password checks. The server only ever hashes at
 * SCRYPT_PARAMS; a check honours the parameters stored with the hash, so these stay cheap.
 */
export const WEAK_SCRYPT: ScryptParams = { N: 1024, r: 8, p: 1 };

/** A player written straight into the database, with a password hashed at `params` or none. */
export async function insertPlayer(
  db: Kysely<Database>,
  { phone, password = null, params = WEAK_SCRYPT, at }: { phone: string; password?: string | null; params?: ScryptParams; at: Date },
): Promise<{ id: number; phone: string; uuid: string }> {
  const uuid = randomUUID();
  const row = await db
    .insertInto('users')
    .values({
      uuid,
      phone,
      nickname: `玩家${phone.slice(-4)}`,
      avatar: '',
      password_hash: password ? await hashPassword(password, params) : null,
      bd_vid: null,
      created_at: at,
      last_active_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, phone, uuid };
}
