import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GIFT_CODE_MAX, GIFT_CODE_PATTERN, GIFT_FILE_MAX_CHARS, GIFT_IMPORT_MAX_LINES, GIFT_PACK_MSG } from '../../api/protocol/gift-packs.ts';
import { parseCodeFile } from './gift-code-file.ts';

const CODE_CHARS = [...'ABCDEFGHJKLMNPQRSTUVWXYZabcdexyz0123456789-_'];
const code = fc.array(fc.constantFrom(...CODE_CHARS), { minLength: 1, maxLength: GIFT_CODE_MAX }).map((chars) => chars.join(''));
const ending = fc.constantFrom('\n', '\r\n', '\r');
const padding = fc.constantFrom('', ' ', '  ', '\t');

/** One line as operators' files have it: the code, maybe padded, maybe quoted, maybe with more CSV columns. */
const lineOf = (value: string) =>
  fc.tuple(padding, padding, fc.boolean(), fc.constantFrom('', ',游戏A', ',2026-12-31,备注', ',"a, b"')).map(([before, after, quoted, rest]) => (quoted ? `"${before}${value}${after}"${rest}` : `${before}${value}${after}${rest}`));

function file(lines: string[], endings: string[], bom: boolean, trailing: boolean): string {
  let text = bom ? '\uFEFF' : '';
  lines.forEach((line, i) => {
    text += line;
    if (i < lines.length - 1 || trailing) text += endings[i % endings.length];
  });
  return text;
}

describe('parseCodeFile (the gift-code file an operator uploads)', () => {
  it('reads every valid code once, in order, and counts the copies, whatever the line endings, padding, quotes, columns and BOM', () => {
    fc.assert(
      fc.property(
        fc.array(code, { minLength: 1, maxLength: 60 }).chain((codes) => fc.tuple(fc.constant(codes), fc.tuple(...codes.map((c) => lineOf(c))))),
        fc.array(ending, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        fc.boolean(),
        ([codes, lines], endings, bom, trailing) => {
          const parsed = parseCodeFile(file(lines, endings, bom, trailing));
          expect(parsed.ok).toBe(true);
          if (!parsed.ok) return;
          const unique = [...new Set(codes)];
          expect(parsed.codes).toEqual(unique);
          expect(parsed.refused).toEqual({ empty: 0, too_long: 0, bad_chars: 0, duplicate_in_file: codes.length - unique.length });
          expect(parsed.lines).toBe(codes.length);
        },
      ),
    );
  });

  it('refuses each empty, overlong and bad line by its reason, skips blank lines, and keeps the good ones', () => {
    const bad = fc.oneof(
      fc.constant({ kind: 'empty' as const, line: ',其他列' }),
      fc.constant({ kind: 'empty' as const, line: '"",x' }),
      code.map((c) => ({ kind: 'too_long' as const, line: c.padEnd(GIFT_CODE_MAX + 1, 'Z') })),
      fc.tuple(code, fc.constantFrom('码', ' ', '!', '#', '.', '＃', 'é', '/')).map(([c, ch]) => ({ kind: 'bad_chars' as const, line: `${c}${ch}${c}` })),
    );
    const entry = fc.oneof(code.map((c) => ({ kind: 'good' as const, line: c, code: c })), bad, fc.constant({ kind: 'blank' as const, line: '   ' }));
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 80 }), ending, (entries, end) => {
        const parsed = parseCodeFile(entries.map((e) => e.line).join(end));
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        const count = (kind: string) => entries.filter((e) => e.kind === kind).length;
        const goods = entries.flatMap((e) => (e.kind === 'good' ? [e.code] : []));
        const unique = [...new Set(goods)];
        expect(parsed.codes).toEqual(unique);
        expect(parsed.refused).toEqual({ empty: count('empty'), too_long: count('too_long'), bad_chars: count('bad_chars'), duplicate_in_file: goods.length - unique.length });
        expect(parsed.lines).toBe(entries.length - count('blank'));
      }),
    );
  });

  it('never throws on any text: either a clear refusal of the file, or codes that fit the rules, each once, adding up to the lines read', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 400 }), fc.string({ unit: fc.constantFrom('A', 'b', '1', '-', ',', '"', '\n', '\r', ' ', '码', '\uFEFF'), maxLength: 400 })), (text) => {
        const parsed = parseCodeFile(text);
        if (!parsed.ok) {
          expect(parsed.message.startsWith(GIFT_PACK_MSG.fileBadQuote) || parsed.message === GIFT_PACK_MSG.fileTooBig).toBe(true);
          return;
        }
        for (const c of parsed.codes) {
          expect(c.length).toBeLessThanOrEqual(GIFT_CODE_MAX);
          expect(GIFT_CODE_PATTERN.test(c)).toBe(true);
          expect(c).toBe(c.trim());
        }
        expect(new Set(parsed.codes).size).toBe(parsed.codes.length);
        const refused = Object.values(parsed.refused).reduce((a, b) => a + b, 0);
        expect(parsed.codes.length + refused).toBe(parsed.lines);
      }),
    );
  });

  it('refuses a file too big, and one with an unclosed quote with its line', () => {
    expect(parseCodeFile('A'.repeat(GIFT_FILE_MAX_CHARS + 1))).toEqual({ ok: false, message: GIFT_PACK_MSG.fileTooBig });
    const many = Array.from({ length: GIFT_IMPORT_MAX_LINES + 1 }, (_, i) => `C${i}`).join('\n');
    expect(parseCodeFile(many)).toEqual({ ok: false, message: GIFT_PACK_MSG.fileTooBig });
    const exact = Array.from({ length: GIFT_IMPORT_MAX_LINES }, (_, i) => `C${i}`).join('\n');
    expect(parseCodeFile(exact)).toMatchObject({ ok: true, lines: GIFT_IMPORT_MAX_LINES });
    const unclosed = parseCodeFile('AAA\nBBB\n"CCC\nDDD');
    expect(unclosed.ok).toBe(false);
    if (!unclosed.ok) expect(unclosed.message).toMatch(new RegExp(`^${GIFT_PACK_MSG.fileBadQuote}`));
  });
});
