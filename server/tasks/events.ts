/** The events the task engine counts; each comes from one server code path (docs/decisions.md "tasks, check-in and points"). */
export const TASK_EVENTS = {
  /** /point id 49 (download finished) from a signed-in player for a real game: server/tasks/points.ts. */
  download: 'download',
  /** One server-verified minute of H5 play (the play page's heartbeat): server/catalog/play.ts. */
  h5PlayMinute: 'h5_play_minute',
  /** A paid coins / game / card order: settlePaid in server/money/orders.ts. */
  paidOrder: 'paid_order',
  /** Another signed-in player opened this player's game share link: server/tasks/calls.ts. */
  shareVisit: 'share_visit',
  /** receiveGift took a code: server/catalog/gifts.ts. */
  giftClaim: 'gift_claim',
  /** headerImgEdit saved an avatar: server/accounts/profile.ts. */
  avatarSet: 'avatar_set',
  /** realNameAuth verified: server/accounts/real-name.ts. */
  realName: 'real_name',
  /** A check-in or makeup check-in: server/tasks/check-in.ts. */
  checkIn: 'check_in',
} as const;

export type TaskEvent = (typeof TASK_EVENTS)[keyof typeof TASK_EVENTS];
