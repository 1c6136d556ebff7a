import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import type { Fetch } from './api.ts';
import { StaffKit } from './kit/StaffKit.tsx';
import { createStaffRuntime, type StaffRuntime } from './runtime.ts';
import { StaffRuntimeProvider } from './runtime-context.tsx';

/**
 * A console runtime for view tests: its client talks to whatever stand-in server the test sets
 * (setFetch), and views render inside its provider and the console's kit, as main.tsx renders them
 * (`render(<Page />, { wrapper: stand.wrapper })`).
 */
export function staffTestRuntime(): { runtime: StaffRuntime; setFetch(next: Fetch): void; wrapper: (props: { children: ReactNode }) => ReactNode } {
  let fetcher: Fetch = () => Promise.reject(new TypeError('no stand-in server'));
  const runtime = createStaffRuntime({ fetch: (input, init) => fetcher(input, init) });
  return {
    runtime,
    setFetch(next) {
      fetcher = next;
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
