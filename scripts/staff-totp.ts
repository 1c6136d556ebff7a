// npx tsx scripts/staff-totp.ts NAME|SECRET — the current 6-digit code of a development staff
// account (server/staff/dev-accounts.ts) or of a base32 TOTP secret, for signing in at /staff
// without an authenticator app during development.
import { DEV_STAFF_ACCOUNTS } from '../server/staff/dev-accounts.ts';
import { TOTP_PERIOD_S, totpCodeAt } from '../server/staff/totp.ts';

const arg = process.argv[2];
const secret = DEV_STAFF_ACCOUNTS.find((account) => account.name === arg)?.totpSecret ?? arg;
if (!secret || !/^[A-Z2-7]+=*$/i.test(secret)) {
  console.error(`usage: npx tsx scripts/staff-totp.ts ${DEV_STAFF_ACCOUNTS.map((a) => a.name).join('|')}|BASE32SECRET`);
  process.exit(2);
}
const now = Date.now();
console.log(`${totpCodeAt(secret.toUpperCase(), now)}  (valid ${TOTP_PERIOD_S - Math.floor(now / 1000) % TOTP_PERIOD_S} s more, and one step either side)`);
