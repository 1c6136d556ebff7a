import { createContext, useContext, type ReactNode } from 'react';
import type { StaffClient } from './api.ts';
import type { StaffRuntime } from './runtime.ts';

const StaffRuntimeContext = createContext<StaffRuntime | null>(null);

export function StaffRuntimeProvider({ runtime, children }: { runtime: StaffRuntime; children: ReactNode }) {
  return <StaffRuntimeContext.Provider value={runtime}>{children}</StaffRuntimeContext.Provider>;
}

export function useStaffRuntime(): StaffRuntime {
  const runtime = useContext(StaffRuntimeContext);
  if (!runtime) throw new Error('useStaffRuntime outside StaffRuntimeProvider');
  return runtime;
}

/** The console's staff client: client.call(ref or declaration, payload) (src/staff/api.ts). */
export function useStaffClient(): StaffClient {
  return useStaffRuntime().client;
}
