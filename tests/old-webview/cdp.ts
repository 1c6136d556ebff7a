/**
 * A minimal Chrome DevTools Protocol client for the old Chromium builds (Chromium 65/66) that
 * Playwright 1.65 cannot drive (connectOverCDP fails: "Browser.setDownloadBehavior wasn't found"): a launch
 * with --remote-debugging-port, one page target, commands and events over its WebSocket. Node's
 * WebSocket (global from Node 22; Node 20 needs --experimental-websocket, which
 * tests/old-webview/run.ts's caller passes).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

type Listener = (params: Record<string, unknown>) => void;

export interface Browser {
  page: Page;
  version: string;
  close(): Promise<void>;
}

export class Page {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: Record<string, unknown>) => void; reject: (error: Error) => void; method: string }>();
  private readonly listeners = new Map<string, Listener[]>();

  constructor(private readonly socket: WebSocket) {
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; method?: string; params?: Record<string, unknown>; result?: Record<string, unknown>; error?: { message: string } };
      if (message.id !== undefined) {
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) waiting?.reject(new Error(`${waiting.method}: ${message.error.message}`));
        else waiting?.resolve(message.result ?? {});
      } else if (message.method) for (const listener of this.listeners.get(message.method) ?? []) listener(message.params ?? {});
    });
  }

  send(method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, method });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  on(method: string, listener: Listener): void {
    this.listeners.set(method, [...(this.listeners.get(method) ?? []), listener]);
  }

  /**
   * Evaluates `expression` in the page (it runs in the old Chromium: ES2018 syntax at most) and
   * returns its value; a promise is awaited. A thrown error becomes a rejection here.
   */
  async evaluate<T>(expression: string): Promise<T> {
    const answer = (await this.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true })) as {
      result: { value?: T };
      exceptionDetails?: { text: string; exception?: { description?: string } };
    };
    if (answer.exceptionDetails) throw new Error(`in the page: ${answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text}`);
    return answer.result.value as T;
  }

  /** Polls `expression` until it is truthy (its value returned) or `timeoutMs` passes. */
  async waitFor<T>(what: string, expression: string, timeoutMs = 15_000): Promise<T> {
    const until = Date.now() + timeoutMs;
    let last: unknown;
    for (;;) {
      try {
        const value = await this.evaluate<T>(expression);
        if (value) return value;
      } catch (error) {
        last = error;
      }
      if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (${String(last)})` : ''}`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }

  async goto(url: string): Promise<void> {
    await this.send('Page.navigate', { url });
    await this.waitFor(`${url} to load`, `document.readyState === 'complete' && location.href.indexOf(${JSON.stringify(url.replace(/#.*$/, '').split('?')[0]!.replace(/^https?:\/\/[^/]+/, ''))}) >= 0`);
  }

  /** A real mouse click (pressed, released) at the middle of the element `finder` returns, scrolled into view. */
  async click(what: string, finder: string, timeoutMs = 15_000): Promise<void> {
    const at = await this.waitFor<{ x: number; y: number }>(
      what,
      `(function () { var el = (${finder}); if (!el) return null; el.scrollIntoView({ block: 'center' }); var r = el.getBoundingClientRect(); if (r.width === 0 || r.height === 0) return null; return { x: r.left + r.width / 2, y: r.top + r.height / 2 }; })()`,
      timeoutMs,
    );
    for (const type of ['mousePressed', 'mouseReleased']) await this.send('Input.dispatchMouseEvent', { type, x: at.x, y: at.y, button: 'left', clickCount: 1 });
  }

  /** Types into a React-controlled input: the native value setter, then an input event (what typing does). */
  async fill(what: string, finder: string, value: string): Promise<void> {
    await this.waitFor(what, `!!(${finder})`);
    await this.evaluate(
      `(function () { var el = (${finder}); el.focus(); Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(el, ${JSON.stringify(value)}); el.dispatchEvent(new Event('input', { bubbles: true })); return true; })()`,
    );
  }

  /** A PNG of the page (test-results/old-webview/…). */
  async screenshot(): Promise<Buffer> {
    const { data } = (await this.send('Page.captureScreenshot', { format: 'png' })) as { data: string };
    return Buffer.from(data, 'base64');
  }
}

/** In-page finders (ES5): the first visible element whose accessible name (aria-label or text) matches. */
export const byRole = (selector: string, name: string | RegExp) =>
  `(function () { var list = document.querySelectorAll(${JSON.stringify(selector)}); var test = ${name instanceof RegExp ? name.toString() : `null`}; for (var i = 0; i < list.length; i++) { var el = list[i]; var label = (el.getAttribute('aria-label') || el.textContent || '').trim(); if ((test ? test.test(label) : label === ${JSON.stringify(String(name))}) && el.getClientRects().length) return el; } return null; })()`;

/** Launches a headless shell with a page at 375×812 (the e2e suite's phone). */
export async function launch(binary: string, { userAgent }: { userAgent?: string } = {}): Promise<Browser> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'old-webview-'));
  const child: ChildProcess = spawn(
    binary,
    ['--headless', '--no-sandbox', '--single-process', '--no-zygote', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync', '--mute-audio', '--hide-scrollbars', `--user-data-dir=${profile}`, '--remote-debugging-port=0', '--window-size=375,812', 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const endpoint = await new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`${binary}: no DevTools endpoint in 20 s:\n${text.slice(-2000)}`)), 20_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(text);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`${binary} exited (${code}) before listening:\n${text.slice(-2000)}`)));
  });
  child.stderr!.resume();
  const http = endpoint.replace(/^ws:\/\/([^/]+)\/.*$/, 'http://$1');
  const version = ((await (await fetch(`${http}/json/version`)).json()) as { Browser: string }).Browser;
  const targets = (await (await fetch(`${http}/json/list`)).json()) as { type: string; webSocketDebuggerUrl: string }[];
  const target = targets.find((item) => item.type === 'page');
  if (!target) throw new Error('no page target');
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', () => reject(new Error('DevTools WebSocket failed')), { once: true });
  });
  const page = new Page(socket);
  await page.send('Page.enable');
  await page.send('Runtime.enable');
  await page.send('Emulation.setDeviceMetricsOverride', { width: 375, height: 812, deviceScaleFactor: 2, mobile: true });
  if (userAgent) await page.send('Network.setUserAgentOverride', { userAgent });
  return {
    page,
    version,
    async close() {
      socket.close();
      child.kill('SIGKILL');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
