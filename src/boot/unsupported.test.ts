import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** src/boot/unsupported.js, the message page below the minimum, in jsdom (the build fills the __SERVICE_*__ marks). */
const SOURCE = readFileSync(path.resolve('src/boot/unsupported.js'), 'utf8').replaceAll('__SERVICE_PHONE__', '400-826-1799').replaceAll('__SERVICE_QQ__', '3007218866').replaceAll('__SERVICE_HOURS__', '每日 9:00-23:00');

function show(userAgent: string): HTMLElement {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  document.body.innerHTML = '<div id="root"><div class="boot-bar"></div></div>';
  new Function(SOURCE)();
  return document.getElementById('unsupported-webview')!;
}

describe('unsupported.js', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    delete (window as { LewanNative?: unknown }).LewanNative;
  });

  it('puts the message in place of the boot skeleton: what is wrong, what to do, how to reach service', () => {
    const page = show('Mozilla/5.0 (Linux; Android 8.1; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/65.0.3325.109 Mobile Safari/537.36');
    expect(document.querySelector('.boot-bar')).toBeNull();
    expect(page.getAttribute('role')).toBe('alert');
    expect(page.querySelector('h1')!.textContent).toBe('无法打开乐玩游戏盒');
    expect(page.textContent).toContain('Android System WebView）版本过低（当前 65），乐玩游戏盒需要 66 或更高版本');
    expect(page.textContent).toContain('搜索「Android System WebView」');
    expect(page.textContent).toContain('把乐玩游戏盒 App 更新到最新版本');
    expect(page.textContent).toContain('电话 400-826-1799（每日 9:00-23:00），QQ 3007218866');
    expect(page.querySelector('a')!.getAttribute('href')).toBe('tel:400-826-1799');
    expect(page.textContent).toContain('乐玩游戏盒 App 版本：未在 App 内打开');
    expect(page.textContent).toContain('缺少的功能：');
    expect(page.textContent).toContain('Chromium 66');
    expect(document.title).toBe('无法打开乐玩游戏盒');
  });

  it("inside the wrapper: shows the wrapper's version and logs through the bridge", () => {
    const logged: string[] = [];
    Object.assign(window, {
      LewanNative: {
        getBasicDeviceInfo: () => JSON.stringify({ StatusHeight: 24, version: '3.4.0' }),
        reportUnsupportedWebView: (json: string) => (logged.push(json), '1'),
      },
    });
    const page = show('Mozilla/5.0 (Linux; Android 7.0; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/51.0.2704.81 Mobile Safari/537.36');
    expect(page.textContent).toContain('乐玩游戏盒 App 版本：3.4.0');
    expect(logged).toHaveLength(1);
    const report = JSON.parse(logged[0]!) as { missing: string[]; ua: string; url: string };
    expect(report.missing).toContain('Chromium 66');
    expect(report.ua).toContain('Chrome/51');
    expect(report.url).toBe(location.href);
  });

  it('an older wrapper (no reportUnsupportedWebView, a throwing getBasicDeviceInfo) still gets the page', () => {
    Object.assign(window, { LewanNative: { getBasicDeviceInfo: () => { throw new Error('old'); } } });
    const page = show('Mozilla/5.0 (Linux; Android 7.0; wv) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/51.0.2704.81 Mobile Safari/537.36');
    expect(page.textContent).toContain('乐玩游戏盒 App 版本：未知');
  });

  it('an old iPhone is told to update iOS', () => {
    const page = show('Mozilla/5.0 (iPhone; CPU iPhone OS 13_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.2 Mobile/15E148 Safari/604.1');
    expect(page.textContent).toContain('您手机的系统版本过低（iOS 13），乐玩游戏盒需要 iOS 14 或更高版本');
    expect(page.textContent).toContain('设置 → 通用 → 软件更新');
  });
});
