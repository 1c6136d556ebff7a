import type { FastifyInstance } from 'fastify';
import { markShuttingDown } from './readiness.ts';

export interface ShutdownLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface ShutdownDeps {
  app: FastifyInstance;
  /** After the server has closed (in-flight requests answered), in order: jobs, then kv, then the database. */
  steps: { name: string; run: () => Promise<void> }[];
  log: ShutdownLog;
  /** Ends the process; 0 when every step finished. */
  exit: (code: number) => void;
  /** The force exit (code 1) if draining takes longer than this. */
  forceAfterMs?: number;
  setTimer?: (run: () => void, ms: number) => { unref?: () => void };
}

export const FORCE_EXIT_AFTER_MS = 10_000;

/**
 * The graceful stop (SIGTERM/SIGINT): /readyz answers 503 at once, the server stops accepting
 * connections and closes idle keep-alive ones, in-flight requests finish, then the steps run in
 * order and the process exits. A second signal is ignored; a force exit stays armed throughout.
 */
export function createShutdown(deps: ShutdownDeps): (signal: string) => Promise<void> {
  let started: Promise<void> | null = null;
  const setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
  return (signal) => {
    if (started) return started;
    started = (async () => {
      markShuttingDown(deps.app);
      deps.log.info({ signal }, 'shutting down');
      const force = setTimer(() => {
        deps.log.error({ signal, afterMs: deps.forceAfterMs ?? FORCE_EXIT_AFTER_MS }, 'shutdown took too long, forcing exit');
        deps.exit(1);
      }, deps.forceAfterMs ?? FORCE_EXIT_AFTER_MS);
      force.unref?.();
      let failed = false;
      for (const step of [{ name: 'server', run: () => deps.app.close() }, ...deps.steps]) {
        try {
          await step.run();
        } catch (error) {
          failed = true;
          deps.log.error({ err: error, step: step.name }, 'shutdown step failed');
        }
      }
      deps.log.info({ signal }, 'shut down');
      deps.exit(failed ? 1 : 0);
    })();
    return started;
  };
}
