import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeGameItem, decodeGameItems, safeUrl } from './game-item.ts';

describe('game item decoder', () => {
  const valid = { game_id: 12, platform_game_id: 34, name: '仙剑奇缘', icon: '/art/icon/12-v1.svg', tags: ['仙侠', 3], discount: 0.1, is_bt: 1, down_type: 2, h5_url: 'javascript:alert(1)' };
  it('keeps a valid item and defaults the rest', () => {
    expect(decodeGameItem(valid)).toMatchObject({ game_id: 12, platform_game_id: 34, name: '仙剑奇缘', icon: '/art/icon/12-v1.svg', tags: ['仙侠'], discount: 0.1, is_bt: true, down_type: 2, h5_url: null, size_bytes: 0 });
  });
  it('drops items without ids or name, and non-lists', () => {
    const warnings: string[] = [];
    expect(decodeGameItems([valid, { game_id: 1 }, null, 'x'], (m) => warnings.push(m))).toHaveLength(1);
    expect(warnings).toEqual(['game list: 3 malformed item(s) dropped']);
    expect(decodeGameItems({ list: [] }, () => {})).toEqual([]);
  });
  it('only same-origin paths and http(s) URLs are kept', () => {
    expect(safeUrl('/art/x.svg')).toBe('/art/x.svg');
    expect(safeUrl('//evil.example/x')).toBe('');
    expect(safeUrl('data:text/html,<script>')).toBe('');
    expect(safeUrl('https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
  });
  it('property: never throws; anything kept has integer ids, a name and safe URLs', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.record({ game_id: fc.anything(), platform_game_id: fc.anything(), name: fc.anything(), icon: fc.anything(), tags: fc.anything(), discount: fc.anything() })), (raw) => {
        const item = decodeGameItem(raw);
        if (item === null) return true;
        return Number.isSafeInteger(item.game_id) && Number.isSafeInteger(item.platform_game_id) && item.name.length > 0 && (item.icon === '' || item.icon.startsWith('/') || /^https?:/.test(item.icon));
      }),
      { numRuns: 3000 },
    );
  });
});
