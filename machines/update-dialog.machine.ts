import { assign, fromCallback, fromPromise, setup } from 'xstate';
import {
  UPDATE_MESSAGES,
  updateKindOf,
  type UpdateCheckOutcome,
  type UpdateDialogContext,
  type UpdateDialogEvent,
  type UpdateDialogInput,
  type UpdateDownloadInput,
} from './update-dialog.types.ts';

/**
 * The update dialog (/updatedialog): /down/appVersion compared with the running
 * version. checking → none | optional | forced (| failed). An optional update may be dismissed
 * (以后再说; the version is remembered and the start-up check skips it); a forced one cannot. 立即更新
 * inside the wrapper downloads through the bridge (updateApp) with progress until native opens the
 * installer; in a browser it opens the download URL.
 */

type CheckDone = { output: UpdateCheckOutcome };
const outcome = ({ event }: { event: CheckDone }) => ({ outcome: event.output });

export const updateDialogMachine = setup({
  types: {
    context: {} as UpdateDialogContext,
    events: {} as UpdateDialogEvent,
    input: {} as UpdateDialogInput,
    tags: {} as 'busy',
  },
  actors: {
    /** Provided by the app: /down/appVersion, decoded. */
    checkVersion: fromPromise<UpdateCheckOutcome, { running: string }>(async () => {
      throw new Error('checkVersion is not provided');
    }),
    /** Provided by the app: updateApp through the bridge; sends back bridge.update.* events. */
    download: fromCallback<UpdateDialogEvent, UpdateDownloadInput>(() => {
      throw new Error('download is not provided');
    }),
  },
  actions: {
    /** Provided by the app: remember the dismissed optional version (storage). */
    persistDismissed: (_, _params: { version: string }) => {},
    /** Provided by the app: open the download URL in the browser. */
    openDownloadUrl: (_, _params: { url: string }) => {},
    setRespect: assign((_, params: { respectDismissed: boolean }) => ({ respectDismissed: params.respectDismissed })),
    storeLatest: assign((_, params: { outcome: UpdateCheckOutcome }) => ({ latest: params.outcome.ok ? params.outcome.latest : null, error: null })),
    storeError: assign((_, params: { message: string }) => ({ error: params.message })),
    storeDismissed: assign(({ context }) => ({ dismissedVersion: context.latest?.versionCode ?? context.dismissedVersion })),
    startDownload: assign({ progress: null, error: null }),
    storeProgress: assign((_, params: { cur: number; total: number }) => ({ progress: { cur: params.cur, total: params.total } })),
  },
  guards: {
    isForced: (_, params: { outcome: UpdateCheckOutcome; running: string }) => params.outcome.ok && updateKindOf(params.running, params.outcome.latest) === 'forced',
    isOptional: (_, params: { outcome: UpdateCheckOutcome; running: string; skip: string | null }) =>
      params.outcome.ok && updateKindOf(params.running, params.outcome.latest) === 'optional' && params.outcome.latest.versionCode !== params.skip,
    answered: (_, params: { outcome: UpdateCheckOutcome }) => params.outcome.ok,
    insideWrapper: ({ context }) => context.insideWrapper,
    forcedUpdate: ({ context }) => context.latest !== null && updateKindOf(context.running, context.latest) === 'forced',
  },
}).createMachine({
  id: 'updateDialog',
  context: ({ input }) => ({ ...input, respectDismissed: true, latest: null, progress: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'ui.check': { target: 'checking', actions: { type: 'setRespect', params: ({ event }) => ({ respectDismissed: event.respectDismissed }) } } },
    },
    checking: {
      tags: 'busy',
      invoke: {
        id: 'checkVersion',
        src: 'checkVersion',
        input: ({ context }) => ({ running: context.running }),
        onDone: [
          {
            guard: { type: 'isForced', params: ({ context, event }) => ({ outcome: event.output, running: context.running }) },
            target: 'forced',
            actions: { type: 'storeLatest', params: outcome },
          },
          {
            guard: {
              type: 'isOptional',
              params: ({ context, event }) => ({ outcome: event.output, running: context.running, skip: context.respectDismissed ? context.dismissedVersion : null }),
            },
            target: 'optional',
            actions: { type: 'storeLatest', params: outcome },
          },
          { guard: { type: 'answered', params: outcome }, target: 'none', actions: { type: 'storeLatest', params: outcome } },
          { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ message: event.output.ok ? '' : event.output.message }) } },
        ],
        onError: { target: 'failed', actions: { type: 'storeError', params: { message: UPDATE_MESSAGES.checkFailed } } },
      },
    },
    none: {
      description: '已是最新版本 (or a dismissed optional version at start-up)',
      on: { 'ui.check': { target: 'checking', actions: { type: 'setRespect', params: ({ event }) => ({ respectDismissed: event.respectDismissed }) } } },
    },
    failed: {
      on: {
        'ui.retry': 'checking',
        'ui.check': { target: 'checking', actions: { type: 'setRespect', params: ({ event }) => ({ respectDismissed: event.respectDismissed }) } },
      },
    },
    optional: {
      description: '发现新版本: 立即更新 or 以后再说',
      on: {
        'ui.dismiss': { target: 'dismissed', actions: ['storeDismissed', { type: 'persistDismissed', params: ({ context }) => ({ version: context.latest?.versionCode ?? '' }) }] },
        'ui.update': [
          { guard: 'insideWrapper', target: 'downloading' },
          { target: 'opened', actions: { type: 'openDownloadUrl', params: ({ context }) => ({ url: context.latest?.url ?? '' }) } },
        ],
      },
    },
    forced: {
      description: '需要更新后才能继续使用: no way to dismiss',
      on: {
        'ui.update': [
          { guard: 'insideWrapper', target: 'downloading' },
          { actions: { type: 'openDownloadUrl', params: ({ context }) => ({ url: context.latest?.url ?? '' }) } },
        ],
      },
    },
    downloading: {
      tags: 'busy',
      entry: 'startDownload',
      invoke: {
        id: 'download',
        src: 'download',
        input: ({ context }) => ({ url: context.latest?.url ?? '', md5: context.latest?.md5 ?? '', size: context.latest?.size ?? 0, version: context.latest?.versionCode ?? '' }),
      },
      on: {
        'bridge.update.progress': { actions: { type: 'storeProgress', params: ({ event }) => ({ cur: event.cur, total: event.total }) } },
        'bridge.update.installerOpened': 'installing',
        'bridge.update.failed': { target: 'downloadFailed', actions: { type: 'storeError', params: ({ event }) => ({ message: event.message }) } },
      },
    },
    downloadFailed: {
      on: {
        'ui.retry': 'downloading',
        'ui.dismiss': [
          { guard: 'forcedUpdate', target: 'forced' },
          { target: 'dismissed', actions: ['storeDismissed', { type: 'persistDismissed', params: ({ context }) => ({ version: context.latest?.versionCode ?? '' }) }] },
        ],
      },
    },
    installing: {
      description: '安装包已下载，请在安装界面完成安装; 重新安装 asks native again',
      on: {
        'ui.update': 'downloading',
        'ui.dismiss': [{ guard: 'forcedUpdate', target: 'forced' }, { target: 'dismissed' }],
      },
    },
    opened: {
      description: 'A browser opened the download URL',
      on: { 'ui.dismiss': 'dismissed' },
    },
    dismissed: {
      on: { 'ui.check': { target: 'checking', actions: { type: 'setRespect', params: ({ event }) => ({ respectDismissed: event.respectDismissed }) } } },
    },
  },
});
