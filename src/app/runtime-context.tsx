import { createContext, useContext, type ReactNode } from 'react';
import type { AppRuntime } from './runtime.ts';

const RuntimeContext = createContext<AppRuntime | null>(null);

export function RuntimeProvider({ runtime, children }: { runtime: AppRuntime; children: ReactNode }) {
  return <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>;
}

export function useRuntime(): AppRuntime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('useRuntime outside RuntimeProvider');
  return runtime;
}

/**
 * The runtime where there is one: the staff console runs its machines through useFeatureActor too,
 * but has no players' runtime (and so no inspector).
 */
export function useOptionalRuntime(): AppRuntime | null {
  return useContext(RuntimeContext);
}
