import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

// Toasts load antd-mobile lazily (src/app/toast.ts); in jsdom that import can outlive the test file
// and fail after teardown. DOM tests record toasts instead (a test may vi.mock it with its own spy).
vi.mock('../../src/app/toast.ts', () => ({ showToast: vi.fn(), warmUpToast: vi.fn() }));

afterEach(() => cleanup());
