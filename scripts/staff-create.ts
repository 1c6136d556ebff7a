// npm run staff:create -- NAME ROLE — creates a staff account (docs/staff-console.md)
// in the configured database (DATABASE_URL, else the server's embedded PGlite folder DATA_DIR),
// migrating it first if needed. Prints the generated password, the TOTP secret and its otpauth://
// URI once; nothing else keeps them. Refuses a name that exists (exit 1); bad arguments exit 2.
import { existsSync, mkdirSync } from 'node:fs';
import { STAFF_NAME_MSG, STAFF_NAME_PATTERN, STAFF_ROLE_NAMES, STAFF_ROLES, type StaffRole } from '../api/protocol/staff-call-spec.ts';
import { ConfigError, loadConfig } from '../server/config.ts';
import { migrateToLatest, openDatabase } from '../server/db/database.ts';
import { createStaffAccount } from '../server/staff/accounts.ts';
import { staffKeys } from '../server/staff/totp.ts';

const USAGE = `usage: npm run staff:create -- NAME ROLE   (ROLE: ${STAFF_ROLES.join(' | ')})`;

async function main(argv: string[]): Promise<number> {
  const [name, role] = argv;
  if (!name || !role || argv.length !== 2) {
    console.error(USAGE);
    return 2;
  }
  if (!STAFF_NAME_PATTERN.test(name)) {
    console.error(`staff:create: ${STAFF_NAME_MSG}`);
    return 2;
  }
  if (!(STAFF_ROLES as readonly string[]).includes(role)) {
    console.error(`staff:create: unknown role "${role}"\n${USAGE}`);
    return 2;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  if (!config.databaseUrl && !existsSync(config.dataDir)) mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    const created = await createStaffAccount(database.db, staffKeys(config.realName.secret), { name, role: role as StaffRole }, new Date());
    if (!created) {
      console.error(`staff:create: an account named "${name}" already exists (reset its password in the console's 员工账号 page)`);
      return 1;
    }
    console.log(`staff:create (${database.kind}): created ${STAFF_ROLE_NAMES[created.account.role]} "${name}" (id ${created.account.id})`);
    console.log('Shown this once only — hand them over privately:');
    console.log(`  password:    ${created.password}`);
    console.log(`  TOTP secret: ${created.totpSecret}`);
    console.log(`  otpauth URI: ${created.otpauthUri}`);
    console.log('Sign in at /staff with the password and the 6-digit code of an authenticator app holding the secret.');
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
