// The first script index.html runs, before any module: a classic script in ES5 so that every
// browser can parse it (scripts/syntax-check.mjs holds it to ES5). It decides, from what the
// browser has, which of three things happens (docs/decisions.md, "Old Android WebViews"):
//  - below the minimum (Chromium 66 / Safari 14): the modules must not start; the message page
//    (unsupported.js) replaces the boot skeleton;
//  - Chromium 66-79 (no optional chaining, no `??`): the modern entry is a SyntaxError there, so
//    the legacy build (/legacy/, syntax lowered to Chromium 66) is loaded instead;
//  - otherwise the modern entry runs.
// Missing runtime APIs that the code uses are filled by polyfills.js, loaded only when one lacks.
// Both extra scripts are written with document.write while the parser is here: they run before
// the deferred modules, which a dynamically added script cannot promise.
// Comment lines (starting with //) and indentation are stripped at build time (vite.config.ts).
(function () {
  var w = window, d = document, me = d.currentScript, ua = navigator.userAgent;
  var chrome = /(?:Chrome|Chromium)\/(\d+)/.exec(ua);
  var major = chrome ? +chrome[1] : 0;
  var missing = [];
  function need(name, ok) { if (!ok) missing.push(name); }
  // What Chromium 66 and Safari 14 both have, and the app cannot do without.
  need('ES modules', 'noModule' in d.createElement('script'));
  need('fetch', typeof w.fetch == 'function');
  need('Promise.prototype.finally', typeof Promise == 'function' && typeof Promise.prototype['finally'] == 'function');
  need('AbortController', typeof w.AbortController == 'function');
  need('String.prototype.trimStart', typeof ''.trimStart == 'function');
  need('IntersectionObserver', typeof w.IntersectionObserver == 'function');
  if (major && major < 66) need('Chromium 66', false);
  // WebKit without Chromium (Safari, iOS WebViews): Safari 14 is the first with Promise.any.
  if (!major && /AppleWebKit/.test(ua)) need('Safari 14', typeof Promise == 'function' && typeof Promise.any == 'function');
  var bundle = missing.length ? 'none' : (major && major < 80) || typeof ''.matchAll != 'function' ? 'legacy' : 'modern';
  var root = d.documentElement;
  root.setAttribute('data-bundle', bundle);
  w.__lewanBootMissing = missing;
  // Trusted Types (server/security-headers.ts): Chromium 83+ takes only trusted HTML in document.write.
  var policy = w.trustedTypes && w.trustedTypes.createPolicy ? w.trustedTypes.createPolicy('boot-check', { createHTML: function (html) { return html; } }) : null;
  function write(html) { d.write(policy ? policy.createHTML(html) : html); }
  function src(name) { return me.getAttribute('data-' + name); }
  if (bundle == 'none') { write('<script src="' + src('unsupported') + '"></script>'); return; }
  var p = w.Promise, ap = Array.prototype, op = Object, sp = String.prototype;
  if (!ap.at || !ap.flat || !ap.flatMap || !op.hasOwn || !op.fromEntries || !sp.replaceAll || !p.allSettled || typeof w.globalThis != 'object' || typeof w.queueMicrotask != 'function' || typeof w.structuredClone != 'function' || (w.crypto && w.crypto.getRandomValues && !w.crypto.randomUUID)) write('<script src="' + src('polyfills') + '"></script>');
  function legacy() {
    root.setAttribute('data-bundle', 'legacy');
    var s = d.createElement('script');
    s.type = 'module';
    s.src = src('legacy');
    d.body.appendChild(s);
  }
  if (bundle == 'legacy') { write('<script type="module" src="' + src('legacy') + '"></script>'); return; }
  // A browser that passed for modern but cannot parse the modern entry (an engine with a
  // misleading user agent): the entry's SyntaxError switches to the legacy build, once.
  w.addEventListener('error', function onError(event) {
    if (!(event.error instanceof SyntaxError) || !/\/assets\//.test(event.filename || '') || root.getAttribute('data-started')) return;
    w.removeEventListener('error', onError);
    legacy();
  });
})();
