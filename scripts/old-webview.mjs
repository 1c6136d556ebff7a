// `npm run test:old-webview`: tests/old-webview/run.ts (the journeys in Chromium 66, the message
// page in Chromium 65) through tsx, with Node's WebSocket switched on where it is still behind a
// flag (Node 20). Needs a build (npm run build).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const options = [process.env.NODE_OPTIONS ?? '', typeof WebSocket === 'undefined' ? '--experimental-websocket --no-warnings=ExperimentalWarning' : ''].join(' ').trim();
const result = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'tests/old-webview/run.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_OPTIONS: options },
});
process.exit(result.status ?? 1);
