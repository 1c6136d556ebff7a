// npm run ledger:check — re-adds the whole ledger of the configured database (DATABASE_URL, else
// the server's embedded PGlite folder DATA_DIR) and exits non-zero on any difference.
import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { checkLedger } from '../server/money/ledger.ts';

async function main(): Promise<number> {
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
  if (!config.databaseUrl && !existsSync(config.dataDir)) {
    console.error(`ledger:check: no database at ${config.dataDir} (set DATABASE_URL or DATA_DIR)`);
    return 2;
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const result = await checkLedger(database.db);
    console.log(`ledger:check (${database.kind}): ${result.accounts} accounts, ${result.transactions} transactions, ${result.entries} entries`);
    for (const problem of result.problems) console.log(`  ${problem.kind}: ${problem.detail}`);
    console.log(result.problems.length === 0 ? 'ledger:check: OK' : `ledger:check: ${result.problems.length} problem(s)`);
    return result.problems.length === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
