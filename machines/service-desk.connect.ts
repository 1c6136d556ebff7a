import type { SnapshotFrom } from 'xstate';
import type { DeskQueue, DeskView } from '../api/protocol/service-desk.ts';
import type { serviceDeskMachine } from './service-desk.machine.ts';
import type { DeskEvent, OpenConversation, PendingPicture } from './service-desk.types.ts';

/**
 * The service desk's view model (zag's `connect(snapshot, send)`): the list, the open
 * conversation, the pending picture, what is under way, and the intents. A control is enabled
 * exactly when the machine would take its event, so DeskPage holds no rule of its own. Pure: the
 * same snapshot gives an equal view model, and the intents of one `send` are the same functions
 * every time.
 */

export type ServiceDeskSnapshot = SnapshotFrom<typeof serviceDeskMachine>;
type Send = (event: DeskEvent) => void;

export type DeskBusy = 'take' | 'reply' | 'close' | null;

function createIntents(send: Send) {
  return {
    setView: (view: DeskView) => send({ type: 'ui.view', view }),
    select: (id: number) => send({ type: 'ui.select', id }),
    back: () => send({ type: 'ui.back' }),
    loadOlder: () => send({ type: 'ui.older' }),
    take: () => send({ type: 'ui.take' }),
    setDraft: (text: string) => send({ type: 'ui.draft', text }),
    reply: () => send({ type: 'ui.reply' }),
    sendPicture: (file: Blob) => send({ type: 'ui.picture', file }),
    retryPicture: () => send({ type: 'ui.retryPicture' }),
    dismissPicture: () => send({ type: 'ui.dismissPicture' }),
    close: () => send({ type: 'ui.close' }),
  };
}

const intentsBySend = new WeakMap<Send, ReturnType<typeof createIntents>>();

/** The number a list's tab shows (the closed list has none). */
export function countOf(queue: DeskQueue | null, view: DeskView): number | null {
  const counts = queue?.counts;
  if (!counts) return null;
  return view === 'queued' ? counts.queued : view === 'mine' ? counts.mine : view === 'open' ? counts.open : null;
}

export function connectServiceDesk(snapshot: ServiceDeskSnapshot, send: Send) {
  let intents = intentsBySend.get(send);
  if (!intents) intentsBySend.set(send, (intents = createIntents(send)));
  const { context } = snapshot;
  const open: OpenConversation | null = context.open && { ...context.open, loadingOlder: snapshot.matches({ conversation: { open: { older: 'loading' } } }) };
  const picture: PendingPicture | null = context.picture && { file: context.picture.file, progress: context.picture.progress, failed: context.picture.failed, error: context.picture.error };
  const busy: DeskBusy = snapshot.matches({ action: 'taking' }) ? 'take' : snapshot.matches({ action: 'replying' }) ? 'reply' : snapshot.matches({ action: 'closing' }) ? 'close' : null;
  const conversation = open?.conversation ?? null;
  return {
    view: context.view,
    queue: context.queue,
    listError: context.listError,
    connection: context.connection,
    clockOffset: context.clockOffset,
    quickReplies: context.quickReplies,
    open,
    picture,
    busy,
    draft: context.draft,
    /** 接入会话 shows for a queued conversation; 结束会话 and the reply box for one of this agent's. */
    canTake: conversation?.status === 'queued',
    canWork: conversation?.status === 'open' && conversation.mine,
    canReply: snapshot.can({ type: 'ui.reply' }),
    /** A new picture waits until the pending one is sent or has failed. */
    canPickPicture: snapshot.matches({ conversation: { open: { picture: 'none' } } }) || snapshot.matches({ conversation: { open: { picture: 'failed' } } }),
    ...intents,
  };
}

export type ServiceDeskView = ReturnType<typeof connectServiceDesk>;
