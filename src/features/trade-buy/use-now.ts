import { useEffect, useState } from 'react';

/** The wall clock for a countdown on screen, ticking every `ms` (the machines decide; the view only shows it). */
export function useNow(ms = 1_000, enabled = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms, enabled]);
  return now;
}

/** mm:ss of what is left until `until` (00:00 once past). */
export function formatLeft(untilMs: number, nowMs: number): string {
  const left = Math.max(0, Math.ceil((untilMs - nowMs) / 1_000));
  return `${String(Math.floor(left / 60)).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}`;
}
