import { describe, expect, it, vi } from 'vitest';
import { deferActor, readyActor } from './deferred-actor.ts';

describe('deferred actors', () => {
  it('is undefined until loaded, then notifies its subscribers once', async () => {
    const listener = vi.fn();
    const deferred = deferActor(async () => 'actor');
    deferred.subscribe(listener);
    expect(deferred.current()).toBeUndefined();
    await expect(deferred.ready).resolves.toBe('actor');
    expect(deferred.current()).toBe('actor');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('a failed load leaves it undefined and is reported once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failing = deferActor(() => Promise.reject(new Error('gone')));
    await expect(failing.ready).rejects.toThrow('gone');
    await Promise.resolve();
    expect(failing.current()).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('readyActor is there at once', () => {
    expect(readyActor(42).current()).toBe(42);
  });
});
