import { describe, expect, it } from 'vitest';
import { visibleEntries, type MineEntry } from './use-mine.ts';

describe('mine hub entries', () => {
  const entries: MineEntry[] = [
    { to: '/mine', data: { view: 'favourites' }, label: '我的收藏', icon: 'favourite' },
    { to: '/mycoupon', label: '代金券', icon: 'coupon' },
    { to: '/downlist', label: '下载管理', icon: 'download', wrapperOnly: true },
    { to: '/aboutus', label: '关于我们' },
  ];

  it('shows an entry only once its page exists, and downloads only inside the wrapper', () => {
    const built = new Set(['/mine', '/downlist', '/aboutus']);
    const exists = (path: string) => built.has(path);
    expect(visibleEntries(entries, false, exists).map((entry) => entry.label)).toEqual(['我的收藏', '关于我们']);
    expect(visibleEntries(entries, true, exists).map((entry) => entry.label)).toEqual(['我的收藏', '下载管理', '关于我们']);
    built.add('/mycoupon');
    expect(visibleEntries(entries, false, exists).map((entry) => entry.label)).toEqual(['我的收藏', '代金券', '关于我们']);
  });
});
