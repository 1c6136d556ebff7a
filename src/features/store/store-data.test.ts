import { describe, expect, it } from 'vitest';
import { REQUEST_ID_PATTERN } from '../../../api/protocol/store.ts';
import { newRequestId } from './store-data.ts';

describe('coin store helpers', () => {
  it('a new request id fits the server rule, and each is new', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newRequestId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(REQUEST_ID_PATTERN);
  });
});
