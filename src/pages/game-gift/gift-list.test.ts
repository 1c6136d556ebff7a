import { describe, expect, it } from 'vitest';
import { validityText } from './gift-list.ts';

describe('validityText', () => {
  it('已过期 for an expired pack, else its last day as a China date', () => {
    expect(validityText({ expired: true, valid_until: '2026-03-01T00:00:00.000Z' })).toBe('已过期');
    expect(validityText({ expired: false, valid_until: '2026-03-01T16:30:00.000Z' })).toBe('有效期至 2026-03-02');
  });
});
