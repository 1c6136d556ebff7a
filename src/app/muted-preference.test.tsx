import { act, fireEvent, render } from '@testing-library/react';
import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../machines/constants.ts';
import { Video } from '../components/Video.tsx';
import { decodeMuted, DEFAULT_MUTED, encodeMuted, setMutedPreference } from './muted-preference.ts';

const quiet = () => {};

describe('mute preference: decoder', () => {
  it('round-trips both values', () => {
    fc.assert(
      fc.property(fc.boolean(), (muted) => {
        expect(decodeMuted(encodeMuted(muted), quiet)).toBe(muted);
      }),
    );
  });

  it('never throws, and anything but the known spellings is the default, with a warning', () => {
    fc.assert(
      fc.property(fc.option(fc.string({ unit: 'binary' }), { nil: null }), (raw) => {
        const warn = vi.fn();
        const muted = decodeMuted(raw, warn);
        const known = raw !== null && ['true', 'false', '1', '0'].includes(raw.trim());
        if (!known) expect(muted).toBe(DEFAULT_MUTED);
        expect(warn).toHaveBeenCalledTimes(known || raw === null ? 0 : 1);
      }),
      { numRuns: 500 },
    );
  });
});

describe('<Video>: the preference applies to every video', () => {
  beforeEach(() => {
    localStorage.clear();
    setMutedPreference(DEFAULT_MUTED);
  });

  it('every video follows the saved preference, and the player’s mute button saves it', () => {
    const { container } = render(
      <>
        <Video src="/a.mp4" />
        <Video src="/b.mp4" />
      </>,
    );
    const [first, second] = [...container.querySelectorAll('video')];
    expect(first!.muted).toBe(true);
    expect(second!.muted).toBe(true);

    first!.muted = false;
    fireEvent(first!, new Event('volumechange'));
    expect(localStorage.getItem(STORAGE_KEYS.muted)).toBe('false');
    expect(second!.muted).toBe(false);

    act(() => setMutedPreference(true));
    expect(first!.muted).toBe(true);
    expect(second!.muted).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.muted)).toBe('true');
  });
});
