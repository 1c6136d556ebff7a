// Records the sample logs of tests/replays through the event-log code path:
//   npx tsx scripts/record-sample-logs.ts
// Re-record only on purpose: the committed logs are regression inputs (tests/unit/replays.test.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SAMPLE_LOGS } from '../tests/helpers/record-logs.ts';

const dir = path.resolve(import.meta.dirname, '../tests/replays');
mkdirSync(dir, { recursive: true });
for (const [name, record] of Object.entries(SAMPLE_LOGS)) {
  const file = await record();
  writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(file, null, 1)}\n`);
  console.log(`tests/replays/${name}.json: ${file.entries.length} entries, actors ${Object.keys(file.actors).join(', ')}`);
}
