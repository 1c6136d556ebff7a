import type { Emblem } from './vocabulary.ts';

/** Home navigation entries (SPEC §2 home and discovery routes); their icons are drawn as 'n<key>'. */
export const NAV_ENTRIES: ReadonlyArray<{ key: string; title: string; path: string; glyph: string; emblem: Emblem }> = [
  { key: 'newgame', title: '新游首发', path: '/newgame', glyph: '新', emblem: 'star' },
  { key: 'ranking', title: '排行榜', path: '/ranking', glyph: '榜', emblem: 'crown' },
  { key: 'hotbt', title: '热门BT', path: '/hotbt', glyph: 'BT', emblem: 'flame' },
  { key: 'zeropointone', title: '0.1折', path: '/zeropointone', glyph: '0.1', emblem: 'gem' },
  { key: 'h5', title: 'H5游戏', path: '/h5', glyph: 'H5', emblem: 'cloud' },
  { key: 'special', title: '精选专题', path: '/special', glyph: '专', emblem: 'fan' },
  { key: 'newserve', title: '开服表', path: '/newserve', glyph: '服', emblem: 'shield' },
  { key: 'overseas', title: '海外游戏', path: '/overseas', glyph: '海', emblem: 'moon' },
];
