import { Profiler, type ReactNode } from 'react';

/**
 * Measuring points for `npm run bench:downloads` (bench/downloads.bench.ts). They exist only in
 * the bench build (`vite build --mode bench`, which also swaps in React's profiling build):
 * everywhere else `import.meta.env.MODE` is a constant and the minifier drops them.
 */

interface BenchProbe {
  rowRenders: number;
  commits: number[];
}

const BENCH = import.meta.env.MODE === 'bench';

function probe(): BenchProbe {
  const host = window as unknown as { __downloadBench?: BenchProbe };
  return (host.__downloadBench ??= { rowRenders: 0, commits: [] });
}

/** Counts one render of a download row. */
export function countRowRender(): void {
  if (BENCH) probe().rowRenders++;
}

/** Records the render duration of every commit under it. */
export function BenchProfiler({ children }: { children: ReactNode }) {
  if (!BENCH) return children;
  return (
    <Profiler id="downlist" onRender={(_id, _phase, actualDuration) => probe().commits.push(actualDuration)}>
      {children}
    </Profiler>
  );
}
