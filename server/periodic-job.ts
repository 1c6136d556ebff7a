/** Where scheduled jobs log. */
export interface JobLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface PeriodicJob {
  /** The run started at start-up (work that fell due while the server was down). */
  firstRun: Promise<void>;
  /** Runs once more now, after any run in progress. */
  kick(): Promise<void>;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `run` at start-up and then every interval, never two runs at once in one process (each
 * run waits for the one before). A failed run is logged and the next one goes ahead.
 */
export function startPeriodicJob(options: { name: string; intervalMs: number; run: (now: Date) => Promise<unknown>; now?: () => number; log?: JobLog | undefined }): PeriodicJob {
  const now = options.now ?? Date.now;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return running;
    running = running.then(async () => {
      try {
        await options.run(new Date(now()));
      } catch (error) {
        options.log?.error({ err: error }, `${options.name} failed`);
      }
    });
    return running;
  };
  const firstRun = tick();
  const timer = setInterval(() => void tick(), options.intervalMs);
  timer.unref();
  return {
    firstRun,
    kick: tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
