import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import type { Fetch } from './api.ts';
import { StaffKit } from './kit/StaffKit.tsx';
import { createStaffRuntime, type StaffRuntime } from './runtime.ts';
import { StaffRuntimeProvider } from './runtime-context.tsx';

/** What a page asked of the stand-in server, in order. */
export type StaffCallLog = Array<{ path: string; payload: Record<string, unknown> }>;

/**
 * A console runtime for view tests: its client talks to whatever stand-in server the test sets
 * (setFetch), and views render inside its provider and the console's kit, as main.tsx renders them
 * (`render(<Page />, { wrapper: stand.wrapper })`).
 */
export function staffTestRuntime(): {
  runtime: StaffRuntime;
  setFetch(next: Fetch): void;
  /** Signs the client in (a CSRF token) and answers every staff call with `answer`'s { code, msg, data }, logging each in `calls`. */
  serve(calls: StaffCallLog, answer: (path: string, payload: Record<string, unknown>) => unknown): void;
  wrapper: (props: { children: ReactNode }) => ReactNode;
} {
  let fetcher: Fetch = () => Promise.reject(new TypeError('no stand-in server'));
  const runtime = createStaffRuntime({ fetch: (input, init) => fetcher(input, init) });
  return {
    runtime,
    setFetch(next) {
      fetcher = next;
    },
    serve(calls, answer) {
      runtime.client.setCsrfToken('csrf-1');
      fetcher = async (path, init) => {
        const payload = JSON.parse(String(init?.body)) as Record<string, unknown>;
        calls.push({ path: String(path), payload });
        return new Response(JSON.stringify(await answer(String(path), payload)), { status: 200 });
      };
    },
    wrapper: ({ children }) => (
      // jsdom runs no CSS animations: without motion a closed dialog or toast leaves the page at
      // once. StaffKit's theme is merged over this one, so the console's look is otherwise the same.
      <ConfigProvider theme={{ token: { motion: false } }}>
        <StaffKit>
          <StaffRuntimeProvider runtime={runtime}>{children}</StaffRuntimeProvider>
        </StaffKit>
      </ConfigProvider>
    ),
  };
}
