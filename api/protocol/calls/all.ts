import type { AnyCallSpec } from '../call-spec.ts';
import * as card from './card.ts';
import * as coupon from './coupon.ts';
import * as down from './down.ts';
import * as game from './game.ts';
import * as login from './login.ts';
import * as point from './point.ts';
import * as rating from './rating.ts';
import * as topic from './topic.ts';
import * as user from './user.ts';
import * as profile from './profile.ts';
import * as accountCancel from './account-cancel.ts';
import * as accountSecurity from './account-security.ts';
import * as collections from './collections.ts';
import * as documents from './documents.ts';
import * as realName from './real-name.ts';
import * as order from './order.ts';
import * as wallet from './wallet.ts';
import * as service from './service.ts';
import * as help from './help.ts';
import * as feedback from './feedback.ts';
import * as messages from './messages.ts';
import * as invite from './invite.ts';
import * as withdraw from './withdraw.ts';
import * as store from './store.ts';
import * as tasks from './tasks.ts';
import * as trade from './trade.ts';

/**
 * Every declared call, by group module. The server serves exactly these (a test holds the two
 * lists together), docs/api.md is written from them and the property tests call each one.
 * HOW TO ADD A CALL: declare it in its group's module here (defineCall), add the module below
 * if it is new, then write its handler with `handle(spec, …)` on the server.
 */
export const CALL_GROUPS = { login, user, down, game, coupon, card, topic, point, rating, realName, profile, accountCancel, accountSecurity, collections, documents, order, wallet, service, help, feedback, messages, invite, withdraw, store, tasks, trade };

function isSpec(value: unknown): value is AnyCallSpec {
  return typeof value === 'object' && value !== null && 'path' in value && 'fields' in value && 'auth' in value;
}

export const ALL_CALL_SPECS: readonly AnyCallSpec[] = Object.values(CALL_GROUPS).flatMap((group) => (Object.values(group) as unknown[]).filter(isSpec));
