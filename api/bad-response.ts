import type { ApiOutcome } from './outcome.ts';

/**
 * An answer the client cannot use: not decodable, or data that does not fit the call's declaration.
 * Its own module (re-exported by outcome.ts): the entry chunk needs it (api/typed-call.ts) but not
 * outcome.ts's classification, whose code tables load with the api client's chunk.
 */
export const BAD_RESPONSE: ApiOutcome<never> = { kind: 'error', reason: 'badResponse', code: null, msg: '服务器返回数据异常' };
