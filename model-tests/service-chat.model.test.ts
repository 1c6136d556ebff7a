import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGES } from '../machines/service-chat.constants.ts';
import { serviceChatMachine } from '../machines/service-chat.machine.ts';
import type { ChatContext } from '../machines/service-chat.types.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage, unexplained } from './coverage.ts';
import { replayPath, summarizePath } from './replay.ts';
import { getServiceChatPaths, SERVICE_CHAT_CALLS, SERVICE_CHAT_NOT_ON_PATHS, SERVICE_CHAT_SOURCES } from './service-chat.paths.ts';

const paths = getServiceChatPaths();
const runtime = createCoverageRecorder(serviceChatMachine);

describe('service-chat: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(serviceChatMachine, paths);
    console.log(`service-chat: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(unexplained(report, SERVICE_CHAT_NOT_ON_PATHS)).toEqual([]);
  });

  it.each(paths.map((path, index) => [`#${index + 1} ${summarizePath(path)}`, path] as const))('replays %s', async (_, path) => {
    const toasts: string[] = [];
    await replayPath(serviceChatMachine, path, {
      calls: SERVICE_CHAT_CALLS,
      sources: SERVICE_CHAT_SOURCES,
      recorder: runtime,
      actions: { showToast: (_: unknown, params: { message: string }) => void toasts.push(params.message) },
      check: ({ snapshot, isPending }) => {
        const { messages, image } = snapshot.context as ChatContext;
        // Messages stay unique and oldest first whatever arrives in whatever order.
        expect(new Set(messages.map((m) => m.id)).size).toBe(messages.length);
        expect(messages.map((m) => m.id)).toEqual([...messages.map((m) => m.id)].sort((a, b) => a - b));
        // A picture is in the outbox exactly while its steps run or its failure is shown.
        expect(image !== null).toBe(snapshot.matches({ ready: { outbox: 'image' } }));
        expect(isPending('getUploadTicket')).toBe(snapshot.matches({ ready: { outbox: { image: 'ticket' } } }));
        expect(isPending('uploadImage')).toBe(snapshot.matches({ ready: { outbox: { image: 'uploading' } } }));
        expect(isPending('getChatLinkRecord')).toBe(snapshot.matches({ ready: { history: 'loadingOlder' } }));
        // The only toast the chat shows itself: a send that failed.
        expect(toasts.every((toast) => toast === CHAT_MESSAGES.sendFailed)).toBe(true);
      },
    });
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`service-chat at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
