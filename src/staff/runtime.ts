import { createStaffClient, type Fetch, type StaffClient } from './api.ts';

/**
 * The console's long-lived services, made once at start (main.tsx) and read by views through
 * useStaffRuntime (runtime-context.tsx), as the players' app does with its runtime; tests make
 * their own with a stand-in fetch.
 */
export interface StaffRuntime {
  client: StaffClient;
}

export function createStaffRuntime(options: { fetch?: Fetch } = {}): StaffRuntime {
  return { client: createStaffClient(options) };
}
