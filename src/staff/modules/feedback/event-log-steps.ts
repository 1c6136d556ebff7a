import type { EventLogFile, LogEntry } from '../../../../api/protocol/event-log.ts';

/** One step of an attached log: the entry and what the payload shows (empty when the event carries nothing but its type). */
export interface LogStep {
  entry: LogEntry;
  payload: string;
}

export function stepOf(log: EventLogFile, index: number): LogStep | null {
  const entry = log.entries[index];
  if (!entry) return null;
  const { type: _type, ...rest } = entry.event;
  const shown = { ...rest, ...(entry.source ? { source: entry.source } : {}), ...(entry.redacted ? { redacted: entry.redacted } : {}) };
  return { entry, payload: Object.keys(shown).length === 0 ? '' : JSON.stringify(shown, null, 1) };
}
