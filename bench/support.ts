import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeResponse, DEV_SECRETS, encodeRequestBody, signRequest, signingClock, type Fields } from '../api/protocol/wire.ts';
import { nodeCrypto } from '../server/wire-crypto.ts';

/** What the browser benches share: the product's server on a fresh embedded database, and signed calls to it. */

export interface BenchServer {
  base: string;
  call(pathname: string, payload: Fields, credentials?: { token: string; uuid: string } | null): Promise<{ code: number; msg: string; data: unknown }>;
  stop(): Promise<void>;
}

/** `npm start`'s server (it builds first when the sources are newer), on `port`, with a fresh DATA_DIR. */
export async function startBenchServer(port: number, env: Record<string, string> = {}): Promise<BenchServer> {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gp-bench-'));
  const server: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break;
    if (i === 600 || server.exitCode !== null) {
      await stop();
      throw new Error('the server did not start');
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    base,
    stop,
    async call(pathname, payload, credentials = null) {
      const options = { secrets: DEV_SECRETS, crypto: nodeCrypto };
      const signed = signRequest(payload, { path: pathname, timestamp: uniqueTimestamp(), credentials, ...options });
      const body = encodeRequestBody(pathname, signed, { encrypt: true, ...options });
      const res = await fetch(base + pathname, { method: 'POST', headers: { 'content-type': body.contentType }, body: body.body });
      const decoded = decodeResponse(await res.text(), options);
      if (!decoded.ok) throw new Error(`${pathname}: undecodable answer`);
      return decoded.response as { code: number; msg: string; data: unknown };
    },
  };
}

/** Request timestamps as api/client.ts makes them: the server spends a sign once on any path. */
export const uniqueTimestamp = signingClock();

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
export const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? NaN;
