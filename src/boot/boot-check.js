// The first script index.html runs, before any module: a classic script in ES5 so that every
// browser can parse it (scripts/syntax-check.mjs holds it to ES5), and small: every player loads
// it. It decides, from what the browser has (docs/decisions.md, "Old Android WebViews"):
//  - below the minimum (Chromium 66 / Safari 14): the modules must not start; unsupported.js
//    puts the message page in place of the boot skeleton (and names what is missing);
//  - Chromium 66-79 (no optional chaining, no `??`): the modern entry is a SyntaxError there, so
//    the legacy build (legacy/entry.js, syntax lowered to Chromium 66) runs instead;
//  - otherwise the modern entry runs.
// polyfills.js fills the runtime APIs the code uses, loaded only where one lacks: structuredClone
// is the newest of them in Chromium and Safari, randomUUID lacks outside secure contexts too.
// The scripts are written with document.write while the parser is here, so they run before the
// deferred module scripts, which a script added to the DOM cannot promise. Their addresses are
// this tag's data-* attributes (vite.config.ts bootScripts). Comment lines and indentation are
// stripped at build time.
(function (w, d) {
  var me = d.currentScript, ua = navigator.userAgent, P = w.Promise, root = d.documentElement;
  var m = /Chrom(?:e|ium)\/(\d+)/.exec(ua), v = m ? +m[1] : 0;
  // What Chromium 66 and Safari 14 both have and the app needs; WebKit without Chromium needs Promise.any (Safari 14).
  var ok = 'noModule' in d.createElement('script') && !!w.fetch && !!P && !!P.prototype['finally'] && !!w.AbortController && !!''.trimStart && !!w.IntersectionObserver && !(v && v < 66) && (v > 0 || !/AppleWebKit/.test(ua) || !!P.any);
  var bundle = !ok ? 'none' : (v && v < 80) || !''.matchAll ? 'legacy' : 'modern';
  root.setAttribute('data-bundle', bundle);
  // Trusted Types (server/security-headers.ts): Chromium 83+ takes only trusted HTML in document.write.
  var tt = w.trustedTypes, policy = tt && tt.createPolicy ? tt.createPolicy('boot-check', { createHTML: function (html) { return html; } }) : null;
  function load(name, module) {
    var html = '<script' + (module ? ' type="module"' : '') + ' src="' + me.getAttribute('data-' + name) + '"></script>';
    d.write(policy ? policy.createHTML(html) : html);
  }
  if (!ok) return load('unsupported');
  if (typeof w.structuredClone !== 'function' || (w.crypto && !w.crypto.randomUUID)) load('polyfills');
  if (bundle === 'legacy') return load('legacy', true);
  // A browser that passed for modern yet cannot parse the modern entry (a misleading user agent):
  // the entry's SyntaxError switches to the legacy build, once, if the app has not started.
  w.addEventListener('error', function onError(event) {
    if (!(event.error instanceof SyntaxError) || !/\/assets\//.test(event.filename || '') || root.getAttribute('data-started')) return;
    w.removeEventListener('error', onError);
    root.setAttribute('data-bundle', 'legacy');
    var script = d.createElement('script');
    script.type = 'module';
    script.src = me.getAttribute('data-legacy');
    d.body.appendChild(script);
  });
})(window, document);
