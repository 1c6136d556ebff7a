import type { AnyActorRef } from 'xstate';

/**
 * How the app stops a view's actor (useFeatureActor) — and how replay (src/app/replay.ts) stops
 * and resumes it, so a replayed page left and shown again does exactly what the phone did.
 *
 * Stops the actor the way @xstate/react 6.1 does (stopRootWithRehydration, not exported): a page
 * hidden by React's <Activity> (kept-alive routes) runs its effect cleanups and, when shown again,
 * its effects; the actor then starts again from where it stopped (`start()` again: xstate.init
 * with the kept state, its children started again, its pending delayed events scheduled again
 * with their full delay) instead of from scratch. An actor left behind by a restart or an
 * unmount is simply never started again.
 */
export function stopKeepingState(root: AnyActorRef): void {
  const kept: Array<[Internals, unknown]> = [];
  forEachActor(root, (ref) => {
    const inner = ref as Internals;
    kept.push([inner, inner.getSnapshot()]);
    // useSelector must not see the stopped snapshot; React subscribes again when the effects rerun.
    inner.observers = new Set();
  });
  const system = (root as Internals).system;
  const systemSnapshot = system.getSnapshot?.();
  root.stop();
  system._snapshot = systemSnapshot;
  for (const [ref, snapshot] of kept) {
    ref._processingStatus = 0;
    ref._snapshot = snapshot;
  }
}

const forEachActor = (ref: AnyActorRef, visit: (ref: AnyActorRef) => void) => {
  visit(ref);
  const children = (ref.getSnapshot() as { children?: Record<string, AnyActorRef> }).children;
  if (children) for (const child of Object.values(children)) if (child) forEachActor(child, visit);
};

type Internals = AnyActorRef & { observers: Set<unknown>; _processingStatus: number; _snapshot: unknown; system: { getSnapshot?: () => unknown; _snapshot?: unknown } };
