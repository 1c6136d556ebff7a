import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textOnlyHtml } from './style-text-policy.ts';

describe("the console's 'default' Trusted Types rule", () => {
  it("passes antd's style text unchanged", () => {
    const css = '.ant-btn{color:#fff}.a>.b::after{content:"\\"x\\""}:where(.css-dev-only-do-not-override){--ant-color:#1677ff}';
    expect(textOnlyHtml(css)).toBe(css);
    expect(textOnlyHtml('Test')).toBe('Test');
  });

  it('refuses anything that could be markup', () => {
    for (const html of ['<img src=x onerror=alert(1)>', '</style><script>alert(1)</script>', 'a<b', '<']) expect(textOnlyHtml(html)).toBeNull();
  });

  it('for any string: unchanged without a "<", refused with one', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        const out = textOnlyHtml(value);
        if (value.includes('<')) expect(out).toBeNull();
        else expect(out).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });

  it('for any string without "<", the parsed HTML holds no element', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (value) => {
        const out = textOnlyHtml(value);
        if (out === null) return;
        const holder = document.createElement('div');
        holder.innerHTML = out;
        expect(holder.children.length).toBe(0);
      }),
      { numRuns: 500 },
    );
  });
});
