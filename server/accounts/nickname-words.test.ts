import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createNicknameWordList, DEFAULT_BLOCKED_WORDS, foldForMatching } from './nickname-words.ts';

describe('nickname word list', () => {
  const list = createNicknameWordList(['代练']);

  it('finds a listed word anywhere, whatever the case, width or spaces around and inside it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DEFAULT_BLOCKED_WORDS, '代练'), fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), fc.boolean(), (word, before, after, spaced) => {
        const shown = spaced ? [...word].join(' ') : word.toUpperCase();
        expect(list.find(`${before}${shown}${after}`)).not.toBeNull();
      }),
    );
    expect(list.find('ＡＤＭＩＮ')).toBe('admin');
    expect(list.find('管\u3000理 员')).toBe('管理员');
  });

  it('lets ordinary nicknames through', () => {
    for (const nickname of ['快乐小玩家', '乐玩001', 'Player One', '代号47', '练级达人']) expect(list.find(nickname)).toBeNull();
  });

  it('ignores empty extra words (a trailing comma in the variable)', () => {
    expect(createNicknameWordList(['', '  ']).find('任何昵称')).toBeNull();
    expect(foldForMatching(' A b ')).toBe('ab');
  });
});
