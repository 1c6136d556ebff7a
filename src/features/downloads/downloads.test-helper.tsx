import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { ApiOutcome } from '../../../api/outcome.ts';
import * as calls from '../../../api/protocol/call-refs.ts';
import { createBridge } from '../../../bridge/adapter.ts';
import { EVENT_RECEIVER } from '../../../bridge/definitions.ts';
import type { DownloadGame } from '../../../machines/download.types.ts';
import { RuntimeProvider } from '../../app/runtime-context.tsx';
import type { AppRuntime } from '../../app/runtime.ts';
import { readyActor } from '../deferred-actor.ts';
import { createDownloadFeature, type DownloadListActor } from './download-runtime.ts';

/**
 * The downloads feature over a fake wrapper: a `LewanNative` object of vi.fn methods behind the
 * real bridge adapter, a fake api and an in-memory Storage. Native events go in as JSON strings
 * through the page's event receiver, exactly as the wrapper's evaluateJavascript sends them.
 */

export const ok = <T,>(data: T, msg = ''): ApiOutcome<T> => ({ kind: 'ok', code: 1, msg, data });

export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

export const addressOf = (platformGameId: number) => ({
  url: `https://cdn.example.com/games/${platformGameId}.apk?sign=a&t=1`,
  package_name: `com.lewan.game${platformGameId}`,
  size: 5 * 1024 * 1024,
  md5: 'd41d8cd98f00b204e9800998ecf8427e',
});

export const gameOf = (platformGameId: number, name = `游戏${platformGameId}`): DownloadGame => ({
  game_id: platformGameId - 1000,
  platform_game_id: platformGameId,
  platform_id: 7,
  platform_game_name: `${name} 官方版`,
  game_name: name,
});

export function fakeNative() {
  return {
    downloadGame: vi.fn((_url: string, _platformGameId: string, _options: string) => '1'),
    pauseDownload: vi.fn((_platformGameId: string) => '1'),
    installApp: vi.fn((_platformGameId: string, _deletePackage: string) => '1'),
    deleteDownload: vi.fn((_platformGameId: string) => '1'),
    openApp: vi.fn((_packageName: string) => '1'),
    getDownloadStates: vi.fn(() => '[]'),
  };
}

export interface FakeDownloadsOptions {
  storage?: Storage;
  /** The host's document (visibilitychange); none by default. */
  document?: EventTarget & { visibilityState: DocumentVisibilityState };
  /** The api's answers; the default answers getDownUrl with addressOf(id) and everything else ok(null). */
  answer?: (path: string, payload: Record<string, unknown>) => ApiOutcome;
}

export function createFakeDownloads({ storage = new MemoryStorage(), document, answer }: FakeDownloadsOptions = {}) {
  const native = fakeNative();
  const host: Record<string, unknown> = { LewanNative: native, ...(document ? { document } : {}) };
  const bridge = createBridge({ host, log: () => {} });
  const call = vi.fn(async (path: string, payload: Record<string, unknown> = {}): Promise<ApiOutcome> => {
    if (answer) return answer(path, payload);
    if (path === calls.game.getDownUrl) return ok(addressOf(Number(payload.id)));
    return ok(null);
  });
  const runtime = { api: { call }, inspect: () => {}, device: null } as unknown as Pick<AppRuntime, 'api' | 'inspect' | 'device'>;
  const list = createDownloadFeature(runtime, { storage, host }, bridge);
  /** One raw event as native sends it (an object is sent as its JSON). */
  const sendRaw = (event: unknown) => (host[EVENT_RECEIVER] as (raw: unknown) => void)(typeof event === 'string' ? event : JSON.stringify(event));
  const entryOf = (platformGameId: number) => list.getSnapshot().context.entries[platformGameId]?.getSnapshot().context.entry;
  return { list, native, host, bridge, call, storage, sendRaw, entryOf, runtime };
}

export type FakeDownloads = ReturnType<typeof createFakeDownloads>;

/** Lets promises (bridge answers, api answers, the bridge's event delivery) settle. */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Sends native events and lets React and the machines settle. */
export async function nativeSends(downloads: FakeDownloads, ...events: unknown[]) {
  await act(async () => {
    for (const event of events) downloads.sendRaw(event);
    await settle();
  });
}

export const progress = (platform_game_id: number, cur: number, total: number, speed = 1024 * 1024) => ({ type: 'download.progress', platform_game_id, cur, total, speed });
export const stateEvent = (platform_game_id: number, state: string) => ({ type: 'download.state', platform_game_id, state });

/**
 * Renders a view under a runtime whose `downloads` is the given list (readyActor), or null
 * (outside the wrapper). The api and navigate are fakes.
 */
export function renderWithDownloads(view: ReactNode, list: DownloadListActor | null, api = { call: vi.fn(async (): Promise<ApiOutcome> => ok(null)) }) {
  const navigate = vi.fn();
  const runtime = { api, inspect: () => {}, navigate, downloads: list ? readyActor(list) : null } as unknown as AppRuntime;
  const rendered = render(<RuntimeProvider runtime={runtime}>{view}</RuntimeProvider>);
  return { ...rendered, navigate, runtime };
}
