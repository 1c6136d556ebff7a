import { describe, expect, it } from 'vitest';
import { decodeGameItem, type GameItem } from './game-item.ts';
import { badgesOf, splitMatch } from './GameRow.tsx';

const game = (fields: Record<string, unknown>) => decodeGameItem({ game_id: 1, platform_game_id: 2, name: '仙剑奇缘', ...fields }) as GameItem;

describe('game row', () => {
  it('shows the discount, BT and H5 first, then tags, two at most', () => {
    expect(badgesOf(game({ discount: 0.1, discount_text: '0.1折', is_bt: 1, tags: ['仙侠'] }))).toEqual(['0.1折', 'BT']);
    expect(badgesOf(game({ is_h5: true, tags: ['仙侠', '挂机'] }))).toEqual(['H5', '仙侠']);
    expect(badgesOf(game({ tags: [] }))).toEqual([]);
  });

  it('splits the name around the keyword, case-insensitively', () => {
    expect(splitMatch('仙剑奇缘', '奇缘')).toEqual(['仙剑', '奇缘', '']);
    expect(splitMatch('剑侠Online', 'online')).toEqual(['剑侠', 'Online', '']);
    expect(splitMatch('仙剑奇缘', 'xj')).toBeNull();
    expect(splitMatch('仙剑奇缘', '  ')).toBeNull();
  });
});
