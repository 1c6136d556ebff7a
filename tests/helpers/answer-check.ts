import * as v from 'valibot';

/**
 * The answer walks' check (server/calls-answers.test.ts, server/staff/staff-answers.test.ts): what
 * is wrong with a success answer's data per its call's declared schema, as '<field>: <issue>'.
 */

/** Where `sent` has keys the schema's output dropped: fields sent but not declared. */
function undeclared(sent: unknown, kept: unknown, at: string): string[] {
  // A lenientList keeps only the items that pass: one it dropped is an item the server sent wrong.
  if (Array.isArray(sent) && Array.isArray(kept) && kept.length < sent.length) return [`${at}: ${sent.length - kept.length} of ${sent.length} items fail the item schema`];
  if (Array.isArray(sent) && Array.isArray(kept)) return sent.flatMap((item, i) => undeclared(item, kept[i], `${at}[${i}]`));
  if (typeof sent !== 'object' || sent === null || typeof kept !== 'object' || kept === null) return [];
  return Object.keys(sent).flatMap((key) => {
    const path = at ? `${at}.${key}` : key;
    if (!(key in kept)) return [`${path}: sent but not declared`];
    return undeclared((sent as Record<string, unknown>)[key], (kept as Record<string, unknown>)[key], path);
  });
}

export function answerProblems(schema: v.GenericSchema, data: unknown): string[] {
  const result = v.safeParse(schema, data);
  if (!result.success) return result.issues.slice(0, 5).map((issue) => `${v.getDotPath(issue) ?? '(data)'}: ${issue.message}`);
  return undeclared(data, result.output, '').slice(0, 5);
}
