import { lazy } from 'react';
import type { StaffModule } from '../../modules.ts';

/** 站内广播 (admins): a message to every player in the message centre, and those sent. */
export const broadcastsModule: StaffModule = {
  id: 'broadcasts',
  title: '站内广播',
  roles: [],
  Page: lazy(() => import('./BroadcastsPage.tsx')),
};
