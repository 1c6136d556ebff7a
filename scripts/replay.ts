// `npm run replay -- <log.json> [--until N] [--actor name]`
// Replays an exported event log into fresh machines (src/app/replay.ts) and prints the state
// trail, one line per machine event, then the final states. Exits 1 when the replay diverges.
import { readFileSync } from 'node:fs';
import { stateValueText } from '../src/app/diagram/chart.ts';
import { parseEventLogJson } from '../api/protocol/event-log.ts';
import { compareFinalStates, formatStep, replayLog, type ReplayOptions } from '../src/app/replay.ts';

function usage(message?: string): never {
  if (message) console.error(`replay: ${message}`);
  console.error('usage: npm run replay -- <log.json> [--until N] [--actor name]');
  process.exit(2);
}

const args = process.argv.slice(2);
const options: ReplayOptions = {};
let file: string | undefined;
for (let index = 0; index < args.length; index++) {
  const arg = args[index]!;
  if (arg === '--until') {
    const value = Number(args[++index]);
    if (!Number.isInteger(value) || value < 1) usage('--until needs an entry number (seq)');
    options.until = value;
  } else if (arg === '--actor') {
    const value = args[++index];
    if (!value) usage('--actor needs an actor name (e.g. loginOverlay)');
    options.actor = value;
  } else if (arg === '--help' || arg === '-h') usage();
  else if (arg.startsWith('--')) usage(`unknown option ${arg}`);
  else if (file) usage('one log file at a time');
  else file = arg;
}
if (!file) usage('no log file given');

let text: string;
try {
  text = readFileSync(file, 'utf8');
} catch (error) {
  usage(`cannot read ${file}: ${(error as Error).message}`);
}
const decoded = parseEventLogJson(text);
if (!decoded.ok) {
  console.error(`replay: ${file} is not a valid event log: ${decoded.error}`);
  process.exit(2);
}
const log = decoded.log;
console.log(`${file}: ${log.entries.length} entries from ${log.startedAt}${log.dropped ? ` (${log.dropped} older ones were dropped)` : ''}`);
console.log('how: start = machine created · stop / resume = its page left / shown again · send = event from a view/app · done = recorded actor result · timer = delay fired · auto = sent by a machine\n');

const result = replayLog(log, options);
for (const step of result.steps) console.log(formatStep(step));

console.log(`\nfinal states${result.complete ? '' : ` (stopped after #${result.lastSeq})`}:`);
for (const [name, actor] of Object.entries(result.finalStates)) {
  console.log(`  ${name.padEnd(28)} ${actor.status.padEnd(8)} ${actor.state === null ? '' : stateValueText(actor.state)}`);
}
const problems = [...result.problems, ...(result.complete ? compareFinalStates(log, result, options.actor) : [])];
if (problems.length > 0) {
  console.log(`\n${problems.length} divergence(s):`);
  for (const problem of problems) console.log(`  ✗ ${problem}`);
  process.exit(1);
}
console.log(`\nreplay matches the log${result.complete ? ' (every state and the final states)' : ''}.`);
