// The runtime APIs the app and its libraries use that the minimum browsers (Chromium 66,
// Safari 14) lack, each defined only where missing. Loaded by boot-check.js, only in a browser
// that lacks one of them, before any module runs. ES5, like boot-check.js; comment lines and
// indentation are stripped at build time. Covered by src/boot/polyfills.test.ts against the
// engine's own implementations.
(function (w) {
  function define(target, name, value) {
    if (typeof target[name] === 'function') return;
    Object.defineProperty(target, name, { value: value, writable: true, configurable: true, enumerable: false });
  }
  function toInteger(value) {
    var n = Number(value);
    if (n !== n) return 0;
    return n < 0 ? Math.ceil(n) : Math.floor(n);
  }
  if (typeof w.globalThis !== 'object') Object.defineProperty(w, 'globalThis', { value: w, writable: true, configurable: true });
  function at(index) {
    var o = Object(this), len = o.length >>> 0, k = toInteger(index);
    if (k < 0) k += len;
    return k < 0 || k >= len ? undefined : typeof o === 'string' || o instanceof String ? String(o).charAt(k) : o[k];
  }
  define(Array.prototype, 'at', at);
  define(String.prototype, 'at', at);
  function flatten(out, list, depth) {
    for (var i = 0; i < list.length; i++) {
      if (!(i in list)) continue;
      if (depth > 0 && Array.isArray(list[i])) flatten(out, list[i], depth - 1);
      else out.push(list[i]);
    }
    return out;
  }
  define(Array.prototype, 'flat', function flat(depth) {
    return flatten([], Object(this), depth === undefined ? 1 : toInteger(depth));
  });
  define(Array.prototype, 'flatMap', function flatMap(fn, thisArg) {
    return flatten([], Array.prototype.map.call(Object(this), fn, thisArg), 1);
  });
  define(Object, 'hasOwn', function hasOwn(object, key) {
    if (object === null || object === undefined) throw new TypeError('Object.hasOwn called on null or undefined');
    return Object.prototype.hasOwnProperty.call(Object(object), key);
  });
  define(Object, 'fromEntries', function fromEntries(entries) {
    var out = {};
    var it = entries[Symbol.iterator](), step;
    // Defined, not assigned: a "__proto__" key is an own property, as with the built-in.
    while (!(step = it.next()).done) {
      Object.defineProperty(out, String(step.value[0]), { value: step.value[1], writable: true, enumerable: true, configurable: true });
    }
    return out;
  });
  define(String.prototype, 'replaceAll', function replaceAll(search, replacement) {
    if (search instanceof RegExp) {
      if (search.flags.indexOf('g') < 0) throw new TypeError('replaceAll must be called with a global RegExp');
      return String(this).replace(search, replacement);
    }
    var text = String(this), needle = String(search), advance = needle.length || 1, out = '', from = 0;
    var positions = [];
    for (var pos = text.indexOf(needle); pos >= 0; pos = pos + advance > text.length ? -1 : text.indexOf(needle, pos + advance)) positions.push(pos);
    for (var i = 0; i < positions.length; i++) {
      var hit = positions[i];
      var piece = typeof replacement === 'function' ? String(replacement(needle, hit, text)) : expand(String(replacement), needle, hit, text);
      out += text.slice(from, hit) + piece;
      from = hit + needle.length;
    }
    return out + text.slice(from);
  });
  // The $-patterns of a string replacement for a plain-string search (no capture groups).
  function expand(replacement, match, position, text) {
    return replacement.replace(/\$([$&`']|\d\d?|<)/g, function (whole, code) {
      if (code === '$') return '$';
      if (code === '&') return match;
      if (code === '`') return text.slice(0, position);
      if (code === "'") return text.slice(position + match.length);
      return whole;
    });
  }
  var P = w.Promise;
  define(P, 'allSettled', function allSettled(items) {
    return P.all(Array.from(items, function (item) {
      return P.resolve(item).then(function (value) { return { status: 'fulfilled', value: value }; }, function (reason) { return { status: 'rejected', reason: reason }; });
    }));
  });
  if (typeof w.queueMicrotask !== 'function') {
    w.queueMicrotask = function queueMicrotask(callback) {
      if (typeof callback !== 'function') throw new TypeError('queueMicrotask needs a function');
      P.resolve().then(callback)['catch'](function (error) { setTimeout(function () { throw error; }, 0); });
    };
  }
  // Enough of the structured clone for what the app clones (plain data: objects, arrays, dates,
  // maps, sets, typed arrays, cycles); what the real one refuses (functions, symbols) throws here too.
  if (typeof w.structuredClone !== 'function') {
    w.structuredClone = function structuredClone(value) {
      var seen = new Map();
      function fail() { throw new (w.DOMException || Error)('could not be cloned', 'DataCloneError'); }
      function clone(v) {
        if (typeof v === 'function' || typeof v === 'symbol') fail();
        if (v === null || typeof v !== 'object') return v;
        if (seen.has(v)) return seen.get(v);
        var out, tag = Object.prototype.toString.call(v);
        if (tag === '[object Date]') out = new Date(v.getTime());
        else if (tag === '[object RegExp]') out = new RegExp(v.source, v.flags);
        else if (tag === '[object Boolean]' || tag === '[object Number]' || tag === '[object String]') out = Object(v.valueOf());
        else if (tag === '[object ArrayBuffer]') out = v.slice(0);
        else if (ArrayBuffer.isView(v)) out = new v.constructor(clone(v.buffer), v.byteOffset, tag === '[object DataView]' ? v.byteLength : v.length);
        else if (tag === '[object Map]') { out = new Map(); seen.set(v, out); v.forEach(function (item, key) { out.set(clone(key), clone(item)); }); return out; }
        else if (tag === '[object Set]') { out = new Set(); seen.set(v, out); v.forEach(function (item) { out.add(clone(item)); }); return out; }
        else if (tag === '[object Array]') { out = new Array(v.length); seen.set(v, out); for (var i = 0; i < v.length; i++) if (i in v) out[i] = clone(v[i]); return out; }
        else if (tag === '[object Object]' || tag === '[object Error]') {
          out = tag === '[object Error]' ? new Error(v.message) : {};
          seen.set(v, out);
          var keys = Object.keys(v);
          // Defined, not assigned: a key named __proto__ is data here, as in the real clone.
          for (var j = 0; j < keys.length; j++) Object.defineProperty(out, keys[j], { value: clone(v[keys[j]]), writable: true, enumerable: true, configurable: true });
          return out;
        } else fail();
        seen.set(v, out);
        return out;
      }
      return clone(value);
    };
  }
  var c = w.crypto;
  if (c && typeof c.getRandomValues === 'function' && typeof c.randomUUID !== 'function') {
    define(c.constructor && c.constructor.prototype ? c.constructor.prototype : c, 'randomUUID', function randomUUID() {
      var b = c.getRandomValues(new Uint8Array(16)), hex = [];
      b[6] = (b[6] & 15) | 64;
      b[8] = (b[8] & 63) | 128;
      for (var i = 0; i < 16; i++) hex.push((b[i] + 256).toString(16).slice(1));
      return hex.slice(0, 4).join('') + '-' + hex.slice(4, 6).join('') + '-' + hex.slice(6, 8).join('') + '-' + hex.slice(8, 10).join('') + '-' + hex.slice(10).join('');
    });
  }
})(window);
