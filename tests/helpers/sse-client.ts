import { eventually } from './eventually.ts';

/** One parsed server-sent event (or a comment line, as `comment`). */
export interface SseFrame {
  id: string | null;
  event: string;
  data: string;
  comment: string | null;
}

export interface SseConnection {
  status: number;
  /** Everything received so far, in order. */
  frames: SseFrame[];
  /** The body of a refused (non-200) answer. */
  body: string;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  /** Waits until `count` frames match (default 1) and answers them. */
  waitFor(match: (frame: SseFrame) => boolean, count?: number): Promise<SseFrame[]>;
  close(): void;
}

/** Parses the text/event-stream format (WHATWG HTML §9.2.6) as it arrives, for tests against a real server. */
export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseConnection> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const frames: SseFrame[] = [];
  let body = '';
  let resolveEnded!: () => void;
  const ended = new Promise<void>((resolve) => (resolveEnded = resolve));
  if (res.status !== 200 || !res.body) {
    body = await res.text();
    resolveEnded();
  } else {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      let current: SseFrame = { id: null, event: 'message', data: '', comment: null };
      let hasData = false;
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let newline: number;
          while ((newline = buffer.indexOf('\n')) >= 0) {
            const line = buffer.slice(0, newline).replace(/\r$/, '');
            buffer = buffer.slice(newline + 1);
            if (line === '') {
              if (hasData) frames.push(current);
              current = { id: null, event: 'message', data: '', comment: null };
              hasData = false;
            } else if (line.startsWith(':')) {
              frames.push({ id: null, event: '', data: '', comment: line.slice(1).trim() });
            } else {
              const colon = line.indexOf(':');
              const field = colon < 0 ? line : line.slice(0, colon);
              const text = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
              if (field === 'id') current.id = text;
              else if (field === 'event') current.event = text;
              else if (field === 'data') {
                current.data = hasData ? `${current.data}\n${text}` : text;
                hasData = true;
              }
            }
          }
        }
      } catch {
        // Aborted by close().
      } finally {
        resolveEnded();
      }
    })();
  }
  return {
    status: res.status,
    frames,
    get body() {
      return body;
    },
    ended,
    async waitFor(match, count = 1) {
      return eventually(() => {
        const found = frames.filter(match);
        if (found.length < count) throw new Error(`waiting for ${count} matching frames, have ${found.length}: ${JSON.stringify(frames.slice(-5))}`);
        return found;
      });
    },
    close: () => controller.abort(),
  };
}

/** The JSON of an event frame's data. */
export function dataOf<T = Record<string, unknown>>(frame: SseFrame): T {
  return JSON.parse(frame.data) as T;
}
