import { CsvError, parse } from 'csv-parse/sync';
import { GIFT_CODE_MAX, GIFT_CODE_PATTERN, GIFT_FILE_MAX_CHARS, GIFT_IMPORT_MAX_LINES, GIFT_PACK_MSG, type GiftRefusalKind } from '../../api/protocol/gift-packs.ts';

/** What a file refuses by itself; duplicate_in_pack is the database's to count. */
export type FileRefusals = Record<Exclude<GiftRefusalKind, 'duplicate_in_pack'>, number>;

export type CodeFile =
  | {
      ok: true;
      /** The accepted codes, each once, in the file's order. */
      codes: string[];
      refused: FileRefusals;
      /** Non-blank lines read (each is one code or one refusal). */
      lines: number;
    }
  | { ok: false; message: string };

/**
 * A gift-code file as operators export them: TXT with one code a line, or CSV whose first column is
 * the code (the other columns are ignored). Any line ending, a UTF-8 BOM, quoted CSV fields. Each
 * code is trimmed; a line whose first column is empty, longer than GIFT_CODE_MAX or has other
 * characters than GIFT_CODE_PATTERN is refused and counted, as is a second copy of a code (codes
 * are case-sensitive: games' redeem boxes compare them exactly). Blank lines are not lines. A file
 * too big or that is not CSV (an unclosed quote) is refused whole, with its line.
 */
export function parseCodeFile(text: string): CodeFile {
  if (text.length > GIFT_FILE_MAX_CHARS) return { ok: false, message: GIFT_PACK_MSG.fileTooBig };
  let records: string[][];
  try {
    records = parse(text.replace(/\r\n?/g, '\n'), { bom: true, delimiter: ',', record_delimiter: '\n', relax_column_count: true, relax_quotes: true, skip_empty_lines: true });
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      return { ok: false, message: line ? `${GIFT_PACK_MSG.fileBadQuote}（第 ${line} 行）` : GIFT_PACK_MSG.fileBadQuote };
    }
    throw error;
  }
  const refused: FileRefusals = { empty: 0, too_long: 0, bad_chars: 0, duplicate_in_file: 0 };
  const seen = new Set<string>();
  const codes: string[] = [];
  let lines = 0;
  for (const record of records) {
    if (record.every((value) => value.trim() === '')) continue;
    if (++lines > GIFT_IMPORT_MAX_LINES) return { ok: false, message: GIFT_PACK_MSG.fileTooBig };
    const code = (record[0] ?? '').trim();
    if (code === '') refused.empty++;
    else if (code.length > GIFT_CODE_MAX) refused.too_long++;
    else if (!GIFT_CODE_PATTERN.test(code)) refused.bad_chars++;
    else if (seen.has(code)) refused.duplicate_in_file++;
    else {
      seen.add(code);
      codes.push(code);
    }
  }
  return { ok: true, codes, refused, lines };
}
