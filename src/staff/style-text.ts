/**
 * antd's CSS-in-JS (@ant-design/cssinjs), rc-util's scroll locker and @ant-design/icons fill
 * <style> elements through `innerHTML`, a Trusted Types sink the console's CSP guards
 * (`require-trusted-types-for 'script'`, server/security-headers.ts): each such write is refused and
 * the console loses antd's styles. For a <style> element `innerHTML` and `textContent` are the same
 * text (a raw-text element: its content is never parsed as markup, and it is serialised back
 * unescaped), and `textContent` of a <style> is no sink. This routes the one to the other on
 * <style> elements only, so antd styles itself at run time, module by module as each loads, while
 * `innerHTML` on every other element stays guarded. Inline styles are allowed by the console's
 * style-src ('unsafe-inline') already.
 */
export function styleTextThroughTextContent(proto: HTMLStyleElement = HTMLStyleElement.prototype): void {
  if (Object.prototype.hasOwnProperty.call(proto, 'innerHTML')) return;
  Object.defineProperty(proto, 'innerHTML', {
    configurable: true,
    enumerable: false,
    get(this: HTMLStyleElement) {
      return this.textContent ?? '';
    },
    set(this: HTMLStyleElement, css: unknown) {
      this.textContent = String(css);
    },
  });
}
