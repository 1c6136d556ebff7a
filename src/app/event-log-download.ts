import type { EventLogFile } from '../../api/protocol/event-log.ts';

/**
 * Saves an event log as the file `npm run replay` reads: /testview's 导出日志 and the staff
 * feedback module's 下载日志. `name` defaults to event-log-<exportedAt>.json.
 */
export function downloadEventLog(file: EventLogFile, name = `event-log-${file.exportedAt.replace(/[:.]/g, '-')}.json`): void {
  const blob = new Blob([`${JSON.stringify(file, null, 1)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
