import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { updateDialogMachine } from '../machines/update-dialog.machine.ts';
import { UPDATE_MESSAGES, type AppUpdate, type UpdateDialogContext, type UpdateDialogInput } from '../machines/update-dialog.types.ts';
import { generateCoveringPaths, type MachinePath } from './coverage.ts';

/**
 * The update dialog's model: what /down/appVersion may answer (a forced, an optional or no update,
 * a refusal, a failure), the bridge's download events and the taps; run from inside the wrapper
 * and from a browser (the two branches of 立即更新), running version 3.3.3.
 */

export const UPDATE_CALLS = ['checkVersion'] as const;

const release = (versionCode: string, minSupported: string): AppUpdate => ({
  versionName: versionCode,
  versionCode,
  minSupported,
  url: `/down/app/lewan-${versionCode}.apk`,
  size: 3_146_145,
  md5: 'a'.repeat(32),
  notes: '修复已知问题',
});

export const OPTIONAL_RELEASE = release('3.4.0', '3.2.0');
export const FORCED_RELEASE = release('3.5.0', '3.4.0');
export const SAME_RELEASE = release('3.3.3', '3.0.0');

export const updateEventTable: readonly AnyEventObject[] = [
  { type: 'ui.check', respectDismissed: true },
  { type: 'ui.check', respectDismissed: false },
  { type: 'ui.retry' },
  { type: 'ui.update' },
  { type: 'ui.dismiss' },
  { type: 'xstate.done.actor.checkVersion', output: { ok: true, latest: OPTIONAL_RELEASE } },
  { type: 'xstate.done.actor.checkVersion', output: { ok: true, latest: FORCED_RELEASE } },
  { type: 'xstate.done.actor.checkVersion', output: { ok: true, latest: SAME_RELEASE } },
  { type: 'xstate.done.actor.checkVersion', output: { ok: false, message: '暂无版本信息' } },
  { type: 'xstate.error.actor.checkVersion', error: new Error('network') },
  { type: 'bridge.update.progress', cur: 1_000_000, total: 3_146_145 },
  { type: 'bridge.update.installerOpened' },
  { type: 'bridge.update.failed', message: UPDATE_MESSAGES.downloadFailed },
];

export const WRAPPER_INPUT: UpdateDialogInput = { running: '3.3.3', insideWrapper: true, dismissedVersion: null };
export const BROWSER_INPUT: UpdateDialogInput = { running: '3.3.3', insideWrapper: false, dismissedVersion: null };

export function serializeUpdate(snapshot: AnyMachineSnapshot): string {
  const c = snapshot.context as UpdateDialogContext;
  return JSON.stringify([snapshot.value, c.insideWrapper, c.respectDismissed, c.dismissedVersion, c.latest?.versionCode ?? null, c.error !== null, c.progress !== null]);
}

const cache = new Map<boolean, MachinePath[]>();

export function getUpdatePaths(insideWrapper: boolean): MachinePath[] {
  let paths = cache.get(insideWrapper);
  if (!paths) {
    paths = generateCoveringPaths(updateDialogMachine, { events: updateEventTable, serializeState: serializeUpdate, input: insideWrapper ? WRAPPER_INPUT : BROWSER_INPUT });
    cache.set(insideWrapper, paths);
  }
  return paths;
}

export function describeUpdateEvent(event: AnyEventObject): string {
  if (event.type === 'xstate.done.actor.checkVersion') {
    const output = event.output as { ok: boolean; latest?: AppUpdate; message?: string };
    return output.ok ? `appVersion answers ${output.latest!.versionCode} (min ${output.latest!.minSupported})` : `appVersion refuses ${output.message}`;
  }
  if (event.type.startsWith('xstate.error.actor.')) return 'appVersion fails';
  if (event.type === 'ui.check') return `ui.check${event.respectDismissed ? ' (start-up)' : ' (page)'}`;
  return event.type;
}
