import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The HTML sink path. jsdom has no Trusted Types: the browser's factory is stood
 * in for by a recording one to check which policy is made and that it runs the sanitiser; the real
 * enforcement is proven in the browser (tests/e2e/security-policy.spec.ts).
 */
afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('sanitizeHtml', () => {
  it('drops scripts, handlers, frames and forms', async () => {
    const { sanitizeHtml } = await import('./sanitize.ts');
    const clean = sanitizeHtml('<div onclick="x()">a<script>alert(1)</script><iframe src="/"></iframe><form><input></form><img src="/a.png" onerror="x()"></div>');
    expect(clean).toBe('<div>a<img src="/a.png"></div>');
  });

  it('hands the sanitised content to a rewrite as inert nodes, and sanitises what comes back', async () => {
    const { sanitizeHtml } = await import('./sanitize.ts');
    const seen: string[] = [];
    const clean = sanitizeHtml('<p>a<img src="https://elsewhere.example/x.png"><script>1</script></p>', {
      rewrite: (content) => {
        seen.push(...Array.from(content.querySelectorAll('*'), (node) => node.tagName));
        const img = content.querySelector('img')!;
        const note = document.createElement('span');
        note.textContent = 'outside';
        note.setAttribute('onclick', 'x()');
        img.replaceWith(note);
      },
    });
    expect(seen).toEqual(['P', 'IMG']);
    expect(clean).toBe('<p>a<span>outside</span></p>');
  });

  it('keeps an SVG picture with the svg option, without scripts or handlers', async () => {
    const { sanitizeHtml } = await import('./sanitize.ts');
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="d"><g data-active="true"><rect x="1" width="2" height="3" onclick="x()"></rect><script>1</script><foreignObject><p>x</p></foreignObject></g></svg>';
    const clean = sanitizeHtml(svg, { svg: true });
    expect(clean).toContain('<rect x="1" width="2" height="3"></rect>');
    expect(clean).toContain('data-active="true"');
    expect(clean).not.toMatch(/script|onclick|foreignObject/);
    expect(sanitizeHtml(svg)).not.toContain('<rect');
  });
});

describe('safeHtml', () => {
  it('is the sanitised string where the browser has no Trusted Types', async () => {
    const { safeHtml } = await import('./sanitize.ts');
    expect(safeHtml('<b>x</b><script>1</script>')).toBe('<b>x</b>');
  });

  it("makes the 'app-html' policy once, and every value it gives went through the sanitiser", async () => {
    /** A TrustedHTML stand-in: what a policy made, stringifying to its value as the real one does. */
    class Trusted {
      constructor(
        readonly policy: string,
        readonly value: string,
      ) {}
      toString() {
        return this.value;
      }
    }
    const made: string[] = [];
    vi.stubGlobal('trustedTypes', {
      createPolicy(name: string, rules: { createHTML?: (html: string, ...args: unknown[]) => string }) {
        made.push(name);
        return { createHTML: (html: string, ...args: unknown[]) => new Trusted(name, rules.createHTML!(html, ...args)) };
      },
    });
    const { safeHtml } = await import('./sanitize.ts');
    const bold = safeHtml('<b onclick="x()">x</b>');
    expect(bold).toBeInstanceOf(Trusted);
    expect([(bold as unknown as Trusted).policy, String(bold)]).toEqual(['app-html', '<b>x</b>']);
    expect(String(safeHtml('<i>y</i>', { rewrite: (content) => content.querySelector('i')!.replaceWith('z') }))).toBe('z');
    // Ours is made once (DOMPurify may make its own, 'dompurify', for parsing: the CSP names it too).
    expect(made.filter((name) => name === 'app-html')).toEqual(['app-html']);
  });
});
