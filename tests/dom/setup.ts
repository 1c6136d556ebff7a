import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { EVENTUALLY_TIMEOUT_MS } from '../helpers/eventually.ts';

// Toasts load antd-mobile lazily (src/app/toast.ts); in jsdom that import can outlive the test file
// and fail after teardown. DOM tests record toasts instead (a test may vi.mock it with its own spy).
vi.mock('../../src/app/toast.ts', () => ({ showToast: vi.fn(), warmUpToast: vi.fn() }));

// findBy* and waitFor wait for what must happen; 1 s (the default) is no requirement (tests/helpers/eventually.ts).
configure({ asyncUtilTimeout: EVENTUALLY_TIMEOUT_MS });

afterEach(() => cleanup());
