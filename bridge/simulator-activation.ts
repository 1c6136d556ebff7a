/**
 * Whether this page load runs with the wrapper simulator (bridge/simulator.ts), decided before the
 * app starts. Kept apart from the simulator so the normal start path carries only these few lines
 * and loads the simulator itself with a dynamic import.
 *
 * `?wrapper=sim` (direct object) or `?wrapper=sim-prompt` (prompt channel) turns it on, with
 * `simspeed=<bytes per second>`, `simfail=install|md5|download`, `simnet=wifi|cellular|none`
 * (what getNetworkType answers) and `simversion=3.3.3` (an older wrapper, for the update dialog); the choice is remembered in
 * sessionStorage (`wrapperSim`) so it survives in-app navigation and reloads of the tab, and
 * `?wrapper=off` forgets it. A build with VITE_WRAPPER_SIM=1 has it on by default.
 */

import { WRAPPER_SIM_STORAGE_KEY } from './simulator-hint.ts';

export { WRAPPER_SIM_STORAGE_KEY };

export interface SimulatorActivation {
  channel: 'direct' | 'prompt';
  /** Absent: the simulator's default speed. */
  speedBytesPerSecond?: number;
  fail: 'install' | 'md5' | 'download' | null;
  /** Absent: the browser's own network type. */
  network?: 'wifi' | 'cellular' | 'none';
  /** Absent: the simulator's own (the released version). */
  version?: string;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const FAILURES = ['install', 'md5', 'download'] as const;
/** 1 KB/s to 10 GB/s: slower would stall e2e for minutes, faster is "unthrottled" anyway. */
const SPEED_MIN = 1_000;
const SPEED_MAX = 10_000_000_000;

function readSpeed(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d{1,11}$/.test(value) ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isSafeInteger(n) && n >= SPEED_MIN && n <= SPEED_MAX ? n : undefined;
}

function readFail(value: unknown): SimulatorActivation['fail'] {
  return (FAILURES as readonly unknown[]).includes(value) ? (value as SimulatorActivation['fail']) : null;
}

const NETWORKS = ['wifi', 'cellular', 'none'] as const;

const VERSION = /^\d{1,4}(\.\d{1,4}){1,3}$/;

function activation(channel: unknown, speed: unknown, fail: unknown, network: unknown = null, version: unknown = null): SimulatorActivation {
  const result: SimulatorActivation = { channel: channel === 'prompt' ? 'prompt' : 'direct', fail: readFail(fail) };
  if (typeof version === 'string' && VERSION.test(version)) result.version = version;
  const speedBytesPerSecond = readSpeed(speed);
  if (speedBytesPerSecond !== undefined) result.speedBytesPerSecond = speedBytesPerSecond;
  if ((NETWORKS as readonly unknown[]).includes(network)) result.network = network as SimulatorActivation['network'];
  return result;
}

function remembered(storage: StorageLike | null): SimulatorActivation | null {
  try {
    const raw = storage?.getItem(WRAPPER_SIM_STORAGE_KEY);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { channel, speedBytesPerSecond, fail, network, version } = value as Record<string, unknown>;
    return activation(channel, speedBytesPerSecond, fail, network, version);
  } catch {
    return null;
  }
}

function defaultStorage(): StorageLike | null {
  return globalThis.sessionStorage ?? null;
}

/** The simulator's options for this page load, or null for a normal start. Never throws. */
export function simulatorOptionsFromLocation(search: string, envFlag: unknown, storage: () => StorageLike | null | undefined = defaultStorage): SimulatorActivation | null {
  let params: URLSearchParams;
  let store: StorageLike | null = null;
  try {
    params = new URLSearchParams(typeof search === 'string' ? search : '');
  } catch {
    params = new URLSearchParams();
  }
  try {
    // Reading sessionStorage itself throws where storage is blocked.
    store = storage() ?? null;
  } catch {
    store = null;
  }
  const wrapper = params.get('wrapper');
  if (wrapper === 'off') {
    try {
      store?.removeItem(WRAPPER_SIM_STORAGE_KEY);
    } catch {
      // Nothing remembered where nothing can be stored.
    }
    return null;
  }
  if (wrapper === 'sim' || wrapper === 'sim-prompt') {
    const chosen = activation(wrapper === 'sim-prompt' ? 'prompt' : 'direct', params.get('simspeed'), params.get('simfail'), params.get('simnet'), params.get('simversion'));
    try {
      store?.setItem(WRAPPER_SIM_STORAGE_KEY, JSON.stringify(chosen));
    } catch {
      // Still on for this load.
    }
    return chosen;
  }
  const kept = remembered(store);
  if (kept) return kept;
  return envFlag === '1' || envFlag === 1 || envFlag === true ? activation('direct', params.get('simspeed'), params.get('simfail'), params.get('simnet'), params.get('simversion')) : null;
}
