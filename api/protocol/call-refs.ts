/**
 * A reference to each declared call for the client: its path, typed from its declaration
 * (calls/*.ts) by a type-only import, so the players' bundle carries the path and none of the
 * field schemas. Hooks, actors and `request()` take these, never a path: `calls.game.getGiftList`.
 * At run time a ref is its path (a string), so a ref is as cheap as the literal it replaces and
 * each group is a namespace whose unused refs the bundler drops.
 * HOW TO ADD A CALL: after declaring it (calls/all.ts), add its ref to refs/<group>.ts under the
 * declaration's name; call-refs.test.ts fails until every declaration has its ref.
 */
export * as card from './refs/card.ts';
export * as coupon from './refs/coupon.ts';
export * as down from './refs/down.ts';
export * as game from './refs/game.ts';
export * as login from './refs/login.ts';
export * as point from './refs/point.ts';
export * as rating from './refs/rating.ts';
export * as topic from './refs/topic.ts';
export * as user from './refs/user.ts';
export * as profile from './refs/profile.ts';
export * as accountCancel from './refs/account-cancel.ts';
export * as accountSecurity from './refs/account-security.ts';
export * as collections from './refs/collections.ts';
export * as documents from './refs/documents.ts';
export * as realName from './refs/real-name.ts';
export * as order from './refs/order.ts';
export * as wallet from './refs/wallet.ts';
export * as service from './refs/service.ts';
export * as help from './refs/help.ts';
export * as feedback from './refs/feedback.ts';
export * as messages from './refs/messages.ts';
export * as invite from './refs/invite.ts';
export * as withdraw from './refs/withdraw.ts';
export * as store from './refs/store.ts';
export * as tasks from './refs/tasks.ts';
export * as trade from './refs/trade.ts';
