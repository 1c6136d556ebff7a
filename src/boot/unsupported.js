// The message page for a browser below the minimum (Chromium 66 / Safari 14), in place of the
// boot skeleton: what is wrong, what to do, the wrapper's version, how to reach service. Loaded by
// boot-check.js only in such a browser; ES5 and DOM calls only (no innerHTML: Trusted Types).
// The __SERVICE_*__ marks are filled at build time from server/product.ts (vite.config.ts).
(function (w, d) {
  var ua = navigator.userAgent, P = w.Promise;
  var chrome = /Chrom(?:e|ium)\/(\d+)/.exec(ua);
  // boot-check.js's test, item by item: what this browser lacks, for the page and the log.
  var missing = [];
  function need(name, ok) { if (!ok) missing.push(name); }
  need('ES modules', 'noModule' in d.createElement('script'));
  need('fetch', !!w.fetch);
  need('Promise.prototype.finally', !!P && !!P.prototype['finally']);
  need('AbortController', !!w.AbortController);
  need('String.prototype.trimStart', !!''.trimStart);
  need('IntersectionObserver', !!w.IntersectionObserver);
  if (chrome && +chrome[1] < 66) need('Chromium 66', false);
  if (!chrome && /AppleWebKit/.test(ua)) need('Safari 14 (Promise.any)', !!P && !!P.any);
  var ios = /OS (\d+)_\d+.* like Mac OS X/.exec(navigator.userAgent);
  var native = w.LewanNative, appVersion = '';
  if (native) {
    try {
      var info = JSON.parse(String(native.getBasicDeviceInfo()));
      appVersion = String(info.version || info.version_code || '');
    } catch (error) { appVersion = ''; void error; }
    // Logged by the wrapper (docs/bridge-protocol.md, reportUnsupportedWebView); an older wrapper lacks the method.
    try {
      if (typeof native.reportUnsupportedWebView === 'function') native.reportUnsupportedWebView(JSON.stringify({ missing: missing, ua: navigator.userAgent, url: location.href }));
    } catch (error) { void error; }
  }
  function el(tag, text, style) {
    var node = d.createElement(tag);
    if (text) node.appendChild(d.createTextNode(text));
    if (style) node.setAttribute('style', style);
    return node;
  }
  var page = el('div', '', 'padding:32px 20px;padding:calc(env(safe-area-inset-top, 0px) + 32px) 20px 32px;max-width:480px;margin:0 auto;color:#1f1f1f;font-size:15px;line-height:1.7');
  page.id = 'unsupported-webview';
  page.setAttribute('role', 'alert');
  page.appendChild(el('h1', '无法打开乐玩游戏盒', 'font-size:20px;margin:0 0 12px'));
  page.appendChild(el('p', ios ? '您手机的系统版本过低（iOS ' + ios[1] + '），乐玩游戏盒需要 iOS 14 或更高版本。'
    : '您手机的系统浏览器组件（Android System WebView）版本过低' + (chrome ? '（当前 ' + chrome[1] + '）' : '') + '，乐玩游戏盒需要 66 或更高版本。', 'margin:0 0 16px'));
  page.appendChild(el('h2', '怎么办', 'font-size:16px;margin:0 0 8px'));
  var steps = el('ol', '', 'margin:0 0 16px;padding-left:20px');
  var todo = ios ? ['打开「设置 → 通用 → 软件更新」，把系统升级到 iOS 14 或更高版本。', '升级后重新打开本页面。']
    : ['打开手机的应用商店（或 Google Play），搜索「Android System WebView」（也叫「Android 系统 WebView」），更新到最新版本；找不到时，在「设置 → 系统更新」里升级系统。', '把乐玩游戏盒 App 更新到最新版本，然后重新打开。'];
  todo.push('仍然打不开，请联系客服：电话 __SERVICE_PHONE__（__SERVICE_HOURS__），QQ __SERVICE_QQ__。');
  for (var i = 0; i < todo.length; i++) steps.appendChild(el('li', todo[i]));
  page.appendChild(steps);
  var call = el('a', '拨打客服电话 __SERVICE_PHONE__', 'display:block;text-align:center;padding:12px;border-radius:22px;background:#b84a00;color:#fff;text-decoration:none;margin:0 0 16px');
  call.setAttribute('href', 'tel:__SERVICE_PHONE__');
  page.appendChild(call);
  page.appendChild(el('p', '乐玩游戏盒 App 版本：' + (appVersion || (native ? '未知' : '未在 App 内打开')), 'margin:0;color:#6e6e6e;font-size:13px'));
  if (missing.length) page.appendChild(el('p', '缺少的功能：' + missing.join('、'), 'margin:0;color:#6e6e6e;font-size:13px;word-break:break-all'));
  page.appendChild(el('p', '浏览器标识：' + navigator.userAgent, 'margin:0;color:#6e6e6e;font-size:12px;word-break:break-all'));
  var root = d.getElementById('root');
  if (!root) { d.body.appendChild(page); return; }
  while (root.firstChild) root.removeChild(root.firstChild);
  root.appendChild(page);
  d.title = '无法打开乐玩游戏盒';
})(window, document);
