import { describe, expect, it } from 'vitest';
import { activeTabOf, tabBarHeight, TABS, visibleTabs } from './TabBar.tsx';

const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36';
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

describe('tab bar rules', () => {
  it('hides the circle tab for media_id 98, as a number or a string', () => {
    expect(visibleTabs(null)).toEqual(TABS);
    expect(visibleTabs({ media_id: 97 })).toEqual(TABS);
    for (const media_id of [98, '98']) expect(visibleTabs({ media_id }).map((tab) => tab.label)).toEqual(['推荐', '发现', '我的']);
  });

  it('lights recommend for the home family, else the route itself', () => {
    expect(activeTabOf({ path: '/ranking', homeFamily: true })).toBe('/');
    expect(activeTabOf({ path: '/about', homeFamily: false })).toBe('/about');
  });

  it('is 85 px outside Android', () => {
    expect(tabBarHeight(null, IPHONE_UA)).toBe(85);
    expect(tabBarHeight(null, ANDROID_UA)).toBe(56);
    expect(tabBarHeight({ system: 'Android 13' }, IPHONE_UA)).toBe(56);
    expect(tabBarHeight({ system: 'iOS 17' }, ANDROID_UA)).toBe(85);
  });
});
