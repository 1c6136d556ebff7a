import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { feedbackImageMachine } from '../machines/feedback-image.machine.ts';
import type { FeedbackImageContext, TicketOutcome, UploadResult } from '../machines/feedback-image.types.ts';
import { generateCoveringPaths, type MachinePath } from './coverage.ts';

/** One feedback picture's model: event table, generated paths, and what each event means outside. */

export const FEEDBACK_IMAGE_CALLS = ['ticket', 'upload'] as const;

export const SCREENSHOT = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });

export const TICKET_OUTCOMES = {
  issued: { kind: 'ok', code: 1, msg: 'success', data: { url: '/upload/abc', method: 'POST', expires_in: 300, max_bytes: 5_242_880, accept: ['image/png'] } },
  refused: { kind: 'toast', code: -1, msg: '不支持的上传类型', data: null as never, show: true },
  expired: { kind: 'sessionExpired', code: 104, msg: '登录已过期', toast: '登录已过期，请重新登录' },
  offline: { kind: 'error', reason: 'network', code: null, msg: '网络异常' },
  serverError: { kind: 'error', reason: 'server', code: 500, msg: '服务器繁忙' },
} satisfies Record<string, TicketOutcome>;

export const UPLOAD_RESULTS = {
  uploaded: { ok: true, key: 'feedback/0123456789abcdef0123456789abcdef.webp', url: '/media/feedback/0123456789abcdef0123456789abcdef.webp' },
  tooLarge: { ok: false, message: '图片不能超过5MB' },
  signedOut: { ok: false, message: '登录已过期，请重新登录', sessionEnded: true },
} satisfies Record<string, UploadResult>;

export const feedbackImageEventTable: readonly AnyEventObject[] = [
  { type: 'ui.retry' },
  { type: 'upload.progress', percent: 40 },
  ...Object.values(TICKET_OUTCOMES).map((output) => ({ type: 'xstate.done.actor.ticket', output })),
  { type: 'xstate.error.actor.ticket', error: new Error('ticket failed') },
  ...Object.values(UPLOAD_RESULTS).map((output) => ({ type: 'xstate.done.actor.upload', output })),
  { type: 'xstate.error.actor.upload', error: new Error('upload failed') },
];

/** The state value plus what the view and guards read. */
export function serializeFeedbackImage(snapshot: AnyMachineSnapshot): string {
  const { progress, key, url, error } = snapshot.context as FeedbackImageContext;
  return JSON.stringify([snapshot.value, progress, key, url, error]);
}

let paths: MachinePath[] | undefined;

export function getFeedbackImagePaths(): MachinePath[] {
  paths ??= generateCoveringPaths(feedbackImageMachine, { events: feedbackImageEventTable, serializeState: serializeFeedbackImage, input: { file: SCREENSHOT } });
  return paths;
}

export function describeFeedbackImageEvent(event: AnyEventObject): string {
  const done = /^xstate\.done\.actor\.(\w+)$/.exec(event.type);
  if (done) {
    const output = event.output as { kind?: string; ok?: boolean; msg?: string; message?: string };
    return `${done[1]} answers ${output.kind ?? (output.ok ? 'ok' : 'refused')} ${output.msg ?? output.message ?? ''}`.trim();
  }
  const error = /^xstate\.error\.actor\.(\w+)$/.exec(event.type);
  if (error) return `${error[1]} fails (network)`;
  if (event.type === 'ui.retry') return "tap '重试'";
  if (event.type === 'upload.progress') return `upload at ${String(event.percent)}%`;
  return event.type;
}
