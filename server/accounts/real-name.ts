import { sql } from 'kysely';
import { getIdentityCard, realNameAuth, type IdentityCard } from '../../api/protocol/calls/real-name.ts';
import { ACCOUNTS_PER_IDENTITY, checkIdCard, maskIdCard, maskName, REAL_NAME_MSG } from '../../api/protocol/real-name.ts';
import { defineCalls, handle, ok, refuse } from '../calls.ts';
import { chinaDate, DAY_MS } from '../china-time.ts';
import { ageBandOf } from '../minors.ts';
import { createRealNameProvider, type RealNameProvider } from './real-name-provider.ts';
import { identitySealer, type IdentitySealer } from './seal.ts';
import { taskOnRealName } from '../tasks/index.ts';

export { REAL_NAME_MSG };

/** Verification attempts per account per China-time day (guards the provider and the binding oracle). */
export const REAL_NAME_TRIES_PER_DAY = 10;

const triesKey = (userId: number, date: string) => `realname:tries:${userId}:${date}`;

const NOT_VERIFIED: IdentityCard = { status: 0, real_name: '', id_card: '', age_band: '' };

class IdentityFull extends Error {}

const providers = new Map<string, RealNameProvider>();
const sealers = new Map<string, IdentitySealer>();

function providerFor(name: Parameters<typeof createRealNameProvider>[0]): RealNameProvider {
  let provider = providers.get(name);
  if (!provider) providers.set(name, (provider = createRealNameProvider(name)));
  return provider;
}

function sealerFor(secret: string): IdentitySealer {
  let sealer = sealers.get(secret);
  if (!sealer) sealers.set(secret, (sealer = identitySealer(secret)));
  return sealer;
}

export const realNameCalls = defineCalls(
  handle(realNameAuth, async ({ db, kv, config, input, user, now }) => {
    const userId = user.id;
    const existing = await db.selectFrom('user_real_names').select('user_id').where('user_id', '=', userId).executeTakeFirst();
    if (existing) return refuse(REAL_NAME_MSG.alreadyVerified);
    const tries = await kv.increment(triesKey(userId, chinaDate(now)), DAY_MS);
    if (tries > REAL_NAME_TRIES_PER_DAY) return refuse(REAL_NAME_MSG.tooManyTries);

    // The fields checked the form; the date against today and the pairing are the provider's.
    const claim = { realName: input.real_name, idCard: input.id_card };
    const verdict = await providerFor(config.realName.provider).verify(claim, now);
    if (!verdict.ok) return refuse(verdict.message);
    const id = checkIdCard(claim.idCard, chinaDate(now));
    if (!id.ok) return refuse(id.message);

    const sealer = sealerFor(config.realName.secret);
    const idHash = sealer.idHash(id.value.number);
    const record = {
      user_id: userId,
      id_hash: idHash,
      name_sealed: sealer.seal(claim.realName),
      id_sealed: sealer.seal(id.value.number),
      name_masked: maskName(claim.realName),
      id_masked: maskIdCard(id.value.number),
      birth_date: id.value.birthDate,
      provider: config.realName.provider,
      verified_at: now,
    };
    let inserted: boolean;
    try {
      inserted = await db.transaction().execute(async (trx) => {
        // Two accounts binding the same identity at once must not both see 2 and make 4.
        await sql`select pg_advisory_xact_lock(hashtextextended(${idHash}, 0))`.execute(trx);
        const { bound } = await trx.selectFrom('user_real_names').select((eb) => eb.fn.countAll<number>().as('bound')).where('id_hash', '=', idHash).executeTakeFirstOrThrow();
        if (Number(bound) >= ACCOUNTS_PER_IDENTITY) throw new IdentityFull();
        const row = await trx.insertInto('user_real_names').values(record).onConflict((oc) => oc.column('user_id').doNothing()).returning('user_id').executeTakeFirst();
        return row !== undefined;
      });
    } catch (error) {
      if (error instanceof IdentityFull) return refuse(REAL_NAME_MSG.identityFull);
      throw error;
    }
    if (!inserted) return refuse(REAL_NAME_MSG.alreadyVerified);
    await taskOnRealName(db, userId, now);
    const card: IdentityCard = {
      status: 1,
      real_name: record.name_masked,
      id_card: record.id_masked,
      age_band: ageBandOf({ verified: true, birthDate: record.birth_date }, now),
    };
    return ok(card, REAL_NAME_MSG.verified);
  }),

  handle(getIdentityCard, async ({ db, user, now }) => {
    const row = await db.selectFrom('user_real_names').select(['name_masked', 'id_masked', 'birth_date']).where('user_id', '=', user.id).executeTakeFirst();
    if (!row) return ok(NOT_VERIFIED);
    const card: IdentityCard = { status: 1, real_name: row.name_masked, id_card: row.id_masked, age_band: ageBandOf({ verified: true, birthDate: row.birth_date }, now) };
    return ok(card);
  }),
);
