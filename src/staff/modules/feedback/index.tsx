import { lazy } from 'react';
import type { StaffModule } from '../../modules.ts';

/** 意见反馈 (agents and admins): the players' feedback queue, pictures, replies, closing. */
export const feedbackModule: StaffModule = {
  id: 'feedback',
  title: '意见反馈',
  roles: ['agent'],
  Page: lazy(() => import('./FeedbackPage.tsx')),
};
