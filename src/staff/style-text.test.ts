import { describe, expect, it } from 'vitest';
import { styleTextThroughTextContent } from './style-text.ts';

describe('style text without the innerHTML sink (the console under Trusted Types)', () => {
  it('writes a <style> element\'s innerHTML as its text, reads it back the same, and leaves other elements alone', () => {
    styleTextThroughTextContent();
    styleTextThroughTextContent(); // a second call changes nothing
    const style = document.createElement('style');
    const css = '.a > .b::after { content: "<b>&amp;</b>"; }';
    style.innerHTML = css;
    expect(style.textContent).toBe(css);
    expect(style.innerHTML).toBe(css);
    expect(style.children).toHaveLength(0);
    document.head.appendChild(style);
    expect(document.head.querySelector('style')!.textContent).toBe(css);

    const div = document.createElement('div');
    div.innerHTML = '<b>x</b>';
    expect(div.children).toHaveLength(1);
    expect(Object.prototype.hasOwnProperty.call(HTMLDivElement.prototype, 'innerHTML')).toBe(false);
  });
});
