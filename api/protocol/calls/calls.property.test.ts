/**
 * Property tests of every call's declaration (api/protocol/calls/): random bodies through
 * parseFields never throw and answer either the checked fields or one refusal message the
 * declaration documents (docs/api.md lists them). The same bodies go through the real server in
 * server/calls.fuzz.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyFor, documentedMessages, seedOf } from '../../../tests/helpers/call-bodies.ts';
import { fieldDoc, parseFields } from '../call-spec.ts';
import { unstorableTextRefusal } from '../text-rule.ts';
import { ALL_CALL_SPECS } from './all.ts';

const RUNS = 10_000;

describe('parseFields on random bodies, for every declared call', () => {
  it.each(ALL_CALL_SPECS.map((spec) => [spec.path, spec] as const))('%s: never throws; ok, a documented refusal, or the string rule refusal', (_path, spec) => {
    const messages = documentedMessages(spec);
    const names = Object.keys(spec.fields.entries);
    fc.assert(
      // A plain boolean per run (expect() per run would cost more than the parse).
      fc.property(bodyFor(spec), (body) => {
        const result = parseFields(spec, body);
        // A body with text PostgreSQL cannot store is refused by the string rule, naming its field.
        const unstorable = unstorableTextRefusal(body);
        if (unstorable !== null) return !result.ok && result.message === unstorable;
        if (!result.ok) return result.message !== '' && messages.has(result.message);
        const keys = Object.keys(result.value as object);
        return keys.length === names.length && keys.every((key, i) => key === names[i]);
      }),
      { numRuns: RUNS, seed: seedOf(spec.path) },
    );
  });

  it('every field documents its wire type, and its refusal when it can refuse', () => {
    for (const spec of ALL_CALL_SPECS) {
      for (const [name, schema] of Object.entries(spec.fields.entries)) {
        const doc = fieldDoc(schema);
        expect(doc.type, `${spec.path} ${name}`).not.toBe('unknown');
        if (doc.required) expect(doc.message, `${spec.path} ${name} is required: what is the refusal?`).toBeDefined();
      }
    }
  });

  it('every call has a summary and an answer doc', () => {
    for (const spec of ALL_CALL_SPECS) {
      expect(spec.summary.length, spec.path).toBeGreaterThan(1);
      expect(spec.answer.doc, spec.path).not.toBe('—');
    }
  });
});
