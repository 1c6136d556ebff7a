import { act, render } from '@testing-library/react';
import { Activity } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { profileChanged, useRefreshOnProfileChange } from './profile-version.ts';

function Shows({ refresh }: { refresh: () => void }) {
  useRefreshOnProfileChange(refresh);
  return <p>profile</p>;
}

describe('useRefreshOnProfileChange', () => {
  it('does not refresh on mount, refreshes once per change', () => {
    const refresh = vi.fn();
    render(<Shows refresh={refresh} />);
    expect(refresh).not.toHaveBeenCalled();
    act(() => profileChanged());
    expect(refresh).toHaveBeenCalledTimes(1);
    act(() => profileChanged());
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('a kept-alive page hidden during the change refreshes when shown again (/mine)', () => {
    const refresh = vi.fn();
    const view = (mode: 'visible' | 'hidden') => (
      <Activity mode={mode}>
        <Shows refresh={refresh} />
      </Activity>
    );
    const { rerender } = render(view('visible'));
    act(() => rerender(view('hidden')));
    act(() => profileChanged());
    expect(refresh).not.toHaveBeenCalled();
    act(() => rerender(view('visible')));
    expect(refresh).toHaveBeenCalledTimes(1);
    act(() => rerender(view('hidden')));
    act(() => rerender(view('visible')));
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
