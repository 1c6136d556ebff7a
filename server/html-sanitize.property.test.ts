// @vitest-environment jsdom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARTICLE_TAGS, sanitizeServerHtml } from './html-sanitize.ts';

/**
 * The article sanitiser (server/html-sanitize.ts) against hostile HTML: whatever goes in, what
 * comes out — parsed by a real HTML parser (jsdom, this file's environment), the way a browser will read it — has only the
 * allowed tags, no event handler, no style, and links and pictures only to safe places, also
 * after a second pass (sanitize-html does not rebuild invalid nesting as a browser does, so the
 * second pass may reshape it: it must stay safe, not identical).
 */

const ALLOWED_TAGS = new Set<string>(ARTICLE_TAGS);
const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] };
// jsdom's document: the page the HTML lands in.
const BASE = location.href;

/** Every way the output could still run script or leave the site unsafely; [] when it cannot. */
function dangers(html: string): string[] {
  // The HTML fragment algorithm, in a <body>: what a page does with innerHTML / dangerouslySetInnerHTML.
  document.body.innerHTML = html;
  const found: string[] = [];
  for (const element of document.body.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (!ALLOWED_TAGS.has(tag)) found.push(`tag <${tag}>`);
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      if (!(ALLOWED_ATTRIBUTES[tag] ?? []).includes(name)) found.push(`attribute ${name} on <${tag}>`);
      if (name === 'href' || name === 'src') {
        // What the browser will resolve it to: a path of this site, or an allowed scheme written out.
        const url = new URL(attribute.value, BASE);
        if (url.origin === new URL(BASE).origin) continue;
        const allowed = name === 'href' ? ['http:', 'https:', 'mailto:', 'tel:'] : ['https:'];
        if (!allowed.includes(url.protocol)) found.push(`${name} ${url.protocol}`);
        else if (!/^[a-z][a-z0-9+.-]*:/i.test(attribute.value.trim())) found.push(`${name} leaves the site: ${attribute.value}`);
      }
    }
    if (tag === 'a' && element.getAttribute('target') === '_blank' && element.getAttribute('rel') !== 'noopener noreferrer') found.push('target _blank without noopener');
  }
  return found;
}

const SCHEMES = ['javascript:', 'JaVaScRiPt:', ' javascript:', 'java\tscript:', 'java&#x09;script:', 'jav&#x61;script:', '&#106;avascript:', 'vbscript:', 'data:text/html,', 'data:image/svg+xml,', 'file:', '//evil.example/', 'https://ok.example/', '/commonback', 'mailto:a@b.c', 'tel:4008261799', 'x', ''];
const PAYLOADS = ['alert(1)', 'alert`1`', '"><script>alert(1)</script>', "';alert(1)//", '&quot;onmouseover=alert(1)'];
const TAGS = ['p', 'a', 'img', 'script', 'style', 'iframe', 'svg', 'math', 'object', 'embed', 'form', 'input', 'button', 'div', 'span', 'table', 'td', 'template', 'noscript', 'textarea', 'base', 'meta', 'link', 'xmp', 'title', 'video', 'audio', 'source', 'details', 'marquee', 'h2', 'ul', 'li', 'strong', 'annotation-xml', 'foreignObject'];
const ATTRIBUTES = ['href', 'src', 'srcset', 'onerror', 'onload', 'onclick', 'ONMOUSEOVER', 'onfocus', 'style', 'class', 'id', 'formaction', 'xlink:href', 'data-x', 'target', 'rel', 'background', 'poster', 'action', 'width', 'height', 'alt', 'title', 'colspan'];

const attribute = fc
  .tuple(fc.constantFrom(...ATTRIBUTES), fc.constantFrom(...SCHEMES), fc.constantFrom(...PAYLOADS), fc.constantFrom('"', "'", ''))
  .map(([name, scheme, payload, quote]) => ` ${name}=${quote}${scheme}${payload}${quote}`);

const { fragment } = fc.letrec<{ fragment: string }>((tie) => ({
  fragment: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('文字', 'text', '&lt;', '&amp;', '<!-- x -->', '<![CDATA[x]]>', '</p>', '<', '>', '"', "'", '`', '<br>', '<img src=x onerror=alert(1)//', '<script>alert(1)</script>', '<scr<script>ipt>alert(1)</script>'),
    fc
      .tuple(fc.constantFrom(...TAGS), fc.array(attribute, { maxLength: 3 }), fc.array(tie('fragment'), { maxLength: 3 }), fc.boolean())
      .map(([tag, attributes, children, close]) => `<${tag}${attributes.join('')}>${children.join('')}${close ? `</${tag}>` : ''}`),
  ),
}));

const hostile = fc.array(fragment, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(''));

describe('sanitizeServerHtml on hostile HTML', () => {
  it('(the checker flags what it must, on unsanitised HTML)', () => {
    for (const html of ['<a href="jav&#x61;script:x">a</a>', '<img src="data:image/png;base64,AA">', '<p onclick="x">p</p>', '<div style="x">d</div>', '<a href="//evil.example/">e</a>', '<a href="https://x.example" target="_blank">x</a>', '<svg></svg>', '<img src="http://x.example/a.png">']) {
      expect(dangers(html), html).not.toEqual([]);
    }
    expect(dangers('<p>好 <a href="/commonback">反馈</a> <img src="/media/a.webp" alt="a"></p>')).toEqual([]);
  });

  it('leaves no script, handler, style or unsafe URL, as a browser parses the result', () => {
    fc.assert(
      fc.property(hostile, (html) => {
        const clean = sanitizeServerHtml(html);
        expect(dangers(clean), `${html}\n→ ${clean}`).toEqual([]);
      }),
      { numRuns: 1000, seed: 13 },
    );
  });

  it('stays safe when its own output is sanitised again', () => {
    fc.assert(
      fc.property(hostile, (html) => {
        const twice = sanitizeServerHtml(sanitizeServerHtml(html));
        expect(dangers(twice), twice).toEqual([]);
      }),
      { numRuns: 300, seed: 14 },
    );
  });

  it('never throws on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        const clean = sanitizeServerHtml(text);
        expect(dangers(clean)).toEqual([]);
      }),
      { numRuns: 500, seed: 15 },
    );
  });
});

describe('sanitizeServerHtml by example', () => {
  it.each([
    ['<p onclick="steal()">你好<script>alert(1)</script></p>', '<p>你好</p>'],
    ['<img src=x onerror=alert(1)>', '<img src="x" />'],
    ['<img src="javascript:alert(1)"><img src="data:image/png;base64,AAAA"><img src="http://plain.example/a.png">', ''],
    ['<a href="javascript:alert(1)">a</a><a href="jav&#x61;script:alert(1)">b</a><a href="//evil.example">c</a>', '<a>a</a><a>b</a><a>c</a>'],
    ['<a href="https://example.com" target="_self" rel="opener">外链</a>', '<a href="https://example.com" target="_blank" rel="noopener noreferrer">外链</a>'],
    ['<a href="/commonback" target="_blank">意见反馈</a>', '<a href="/commonback">意见反馈</a>'],
    ['<div style="position:fixed" class="x">d</div><style>p{}</style>', '<div>d</div>'],
    ['<svg><script>alert(1)</script></svg><iframe src="https://x.example">t</iframe><form><input></form>', ''],
    ['<img src="/media/feedback/a.webp" width="320" height="abc" alt="截图">', '<img src="/media/feedback/a.webp" alt="截图" width="320" />'],
  ])('%s', (input, output) => {
    expect(sanitizeServerHtml(input)).toBe(output);
  });

  it('keeps the text of what it drops as text, escaped', () => {
    expect(sanitizeServerHtml('<marquee>滚动</marquee> a < b & c')).toBe('滚动 a &lt; b &amp; c');
  });
});
