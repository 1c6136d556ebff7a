import { shallowEqual, useSelector } from '@xstate/react';
import { useFeatureActor } from '../../../app/use-feature-actor.ts';
import { connectServiceDesk, type ServiceDeskSnapshot } from '../../../../machines/service-desk.connect.ts';
import { serviceDeskMachine } from '../../../../machines/service-desk.machine.ts';
import { useStaffClient } from '../../runtime-context.tsx';
import { deskActors } from './desk-actors.ts';
import type { DeskConnectionOptions } from './desk-connection.ts';

/**
 * The desk's view: the service desk machine (machines/service-desk.machine.ts) run with the staff
 * client's calls and the live connection (desk-actors.ts), read through connectServiceDesk. Every
 * rule lives in the machine and its connect(), where unit tests reach it.
 */

export { holderName, mergeMessages, noticeFor } from '../../../../machines/service-desk.rules.ts';
export type { DeskNotice, OpenConversation, PendingPicture } from '../../../../machines/service-desk.types.ts';

export interface DeskOptions {
  isAdmin: boolean;
  /** Tests replace the stream. */
  connection?: Pick<DeskConnectionOptions, 'createEventSource' | 'timers'>;
  /** Shows a short message (a toast in the page). */
  notify(text: string): void;
}

export function useDesk({ isAdmin, connection, notify }: DeskOptions) {
  const client = useStaffClient();
  const actor = useFeatureActor(serviceDeskMachine, {
    input: { isAdmin },
    implementations: {
      actors: deskActors(client, connection),
      actions: { notify: (_, params: { text: string }) => notify(params.text) },
    },
  });
  return useSelector(actor, (snapshot: ServiceDeskSnapshot) => connectServiceDesk(snapshot, actor.send), shallowEqual);
}

export type Desk = ReturnType<typeof useDesk>;
