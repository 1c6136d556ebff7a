import type { SimRuntime } from './sim-runtime.ts';
import type { SimStore } from './sim-store.ts';
import { installKey, type InstallRecord } from './sim-support.ts';

/**
 * The apps the wrapper simulator has "installed" (bridge/simulator.ts): kept in its store so a
 * reload still opens them, and mirrored in memory so openApp answers synchronously.
 */

export interface SimInstalls {
  /** An install kept from an earlier page. */
  restore(install: InstallRecord): void;
  has(packageName: string): boolean;
  add(packageName: string, platformGameId: number): void;
}

export function createSimInstalls(store: SimStore, runtime: SimRuntime): SimInstalls {
  const installs = new Map<string, InstallRecord>();
  return {
    restore: (install) => void installs.set(install.package_name, install),
    has: (packageName) => installs.has(packageName),
    add(packageName, platformGameId) {
      const install: InstallRecord = { package_name: packageName, platform_game_id: platformGameId, installed_at: Date.now() };
      installs.set(packageName, install);
      runtime.write(() => store.set(installKey(packageName), install));
    },
  };
}
