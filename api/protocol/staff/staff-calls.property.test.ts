/**
 * Property tests of every staff call's declaration (api/protocol/staff/): random bodies through
 * parseFields never throw and answer either the checked fields or a refusal the declaration
 * documents (docs/staff-api.md lists them).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyFor, documentedMessages, seedOf } from '../../../tests/helpers/call-bodies.ts';
import { fieldDoc, parseFields } from '../call-spec.ts';
import { unstorableTextRefusal } from '../text-rule.ts';
import { STAFF_NAME_PATTERN } from '../staff-call-spec.ts';
import { create } from './accounts.ts';
import { ALL_STAFF_CALL_SPECS } from './all.ts';

const RUNS = 5_000;

describe('staff call declarations on random bodies', () => {
  it.each(ALL_STAFF_CALL_SPECS.map((spec) => [spec.path, spec] as const))('%s: never throws; ok, a documented refusal, or the string rule refusal', (_path, spec) => {
    const messages = documentedMessages(spec);
    const names = Object.keys(spec.fields.entries);
    fc.assert(
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

  it('a created account name always matches the name rule', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,40}$/)), fc.constantFrom('admin', 'agent', 'x'), (name, role) => {
        const result = parseFields(create, { name, role });
        return !result.ok || STAFF_NAME_PATTERN.test((result.value as { name: string }).name);
      }),
      { numRuns: RUNS },
    );
  });

  it('every field documents its type and refusal; every call its summary and answer', () => {
    for (const spec of ALL_STAFF_CALL_SPECS) {
      expect(spec.summary.length, spec.path).toBeGreaterThan(1);
      expect(spec.answer.doc, spec.path).not.toBe('—');
      for (const [name, schema] of Object.entries(spec.fields.entries)) {
        const doc = fieldDoc(schema);
        expect(doc.type, `${spec.path} ${name}`).not.toBe('unknown');
        if (doc.required) expect(doc.message, `${spec.path} ${name}`).toBeDefined();
      }
    }
  });
});
