import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { uploadMachine } from '../machines/upload.machine.ts';
import type { SaveOutcome, TicketOutcome, UploadContext, UploadMachineInput, UploadResult } from '../machines/upload.types.ts';
import { generateCoveringPaths, type MachinePath, type NotOnPaths } from './coverage.ts';

/**
 * The upload's model: event table, generated paths for its two uses (a picker that saves, as the
 * avatar's; a form's tile started with its picture, as a feedback picture's), and what each event
 * means outside.
 */

export const UPLOAD_CALLS = ['ticket', 'upload', 'save'] as const;

export const PICTURE = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });

export type UploadUse = 'picker' | 'tile';

export const UPLOAD_INPUTS: Readonly<Record<UploadUse, UploadMachineInput>> = {
  picker: { purpose: 'avatar', side: 1024, save: true },
  tile: { purpose: 'feedback', side: 1600, save: false, file: PICTURE },
};

export const TICKET_OUTCOMES = {
  issued: { kind: 'ok', code: 1, msg: 'success', data: { url: '/upload/abc', method: 'POST', expires_in: 300, max_bytes: 5_242_880, accept: ['image/png'] } },
  refused: { kind: 'toast', code: -1, msg: '不支持的上传类型', data: null as never, show: true },
  expired: { kind: 'sessionExpired', code: 104, msg: '登录已过期', toast: '登录已过期，请重新登录' },
  offline: { kind: 'error', reason: 'network', code: null, msg: '网络异常' },
  serverError: { kind: 'error', reason: 'server', code: 500, msg: '服务器繁忙' },
} satisfies Record<string, TicketOutcome>;

export const UPLOAD_RESULTS = {
  uploaded: { ok: true, key: 'avatars/abc.webp', url: '/media/avatars/abc.webp' },
  notImage: { ok: false, message: '仅支持JPG、PNG、WebP格式的图片' },
  signedOut: { ok: false, message: '登录已过期，请重新登录', sessionEnded: true },
} satisfies Record<string, UploadResult>;

export const SAVE_OUTCOMES = {
  saved: { kind: 'ok', code: 1, msg: '头像修改成功', data: { url: '/media/avatars/abc.webp' } },
  refused: { kind: 'toast', code: -1, msg: '头像图片无效，请重新上传', data: null as never, show: true },
  revoked: { kind: 'sessionRevoked', code: 106, msg: '账号已在其他设备登录' },
  offline: { kind: 'error', reason: 'network', code: null, msg: '网络异常' },
} satisfies Record<string, SaveOutcome>;

export const uploadEventTable: readonly AnyEventObject[] = [
  { type: 'ui.pick', file: PICTURE },
  { type: 'ui.retry' },
  { type: 'ui.dismiss' },
  { type: 'upload.progress', percent: 40 },
  ...Object.values(TICKET_OUTCOMES).map((output) => ({ type: 'xstate.done.actor.ticket', output })),
  { type: 'xstate.error.actor.ticket', error: new Error('ticket failed') },
  ...Object.values(UPLOAD_RESULTS).map((output) => ({ type: 'xstate.done.actor.upload', output })),
  { type: 'xstate.error.actor.upload', error: new Error('upload failed') },
  ...Object.values(SAVE_OUTCOMES).map((output) => ({ type: 'xstate.done.actor.save', output })),
  { type: 'xstate.error.actor.save', error: new Error('save failed') },
];

/** A tile's actor leaves idle for its ticket at start-up, before any snapshot. */
export const UPLOAD_NOT_ON_PATHS: NotOnPaths = {
  'upload.idle always #0': 'start-up: an actor started with its picture (a form tile) asks its ticket at once',
};

/** The state value plus what the view and guards read. */
export function serializeUpload(snapshot: AnyMachineSnapshot): string {
  const { given, save, file, progress, key, url, error } = snapshot.context as UploadContext;
  return JSON.stringify([snapshot.value, given, save, file !== null, progress, key, url, error]);
}

const paths = new Map<UploadUse, MachinePath[]>();

export function getUploadPaths(use: UploadUse): MachinePath[] {
  let generated = paths.get(use);
  if (!generated) {
    generated = generateCoveringPaths(uploadMachine, { events: uploadEventTable, serializeState: serializeUpload, input: UPLOAD_INPUTS[use] });
    paths.set(use, generated);
  }
  return generated;
}

export function describeUploadEvent(event: AnyEventObject): string {
  const done = /^xstate\.done\.actor\.(\w+)$/.exec(event.type);
  if (done) {
    const output = event.output as { kind?: string; ok?: boolean; msg?: string; message?: string };
    return `${done[1]} answers ${output.kind ?? (output.ok ? 'ok' : 'refused')} ${output.msg ?? output.message ?? ''}`.trim();
  }
  const error = /^xstate\.error\.actor\.(\w+)$/.exec(event.type);
  if (error) return `${error[1]} fails (network)`;
  if (event.type === 'ui.pick') return 'choose a picture';
  if (event.type === 'ui.retry') return "tap '重试'";
  if (event.type === 'ui.dismiss') return 'dismiss the failure';
  if (event.type === 'upload.progress') return `upload at ${String(event.percent)}%`;
  return event.type;
}
