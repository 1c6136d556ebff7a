import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fieldDoc, messagesOf } from '../../api/protocol/call-spec.ts';
import { ALL_CALL_SPECS } from '../../api/protocol/calls/all.ts';
import { API_DOC_FILE, generateApiDoc, generateStaffApiDoc, groupOf, STAFF_API_DOC_FILE } from '../../scripts/api-doc-file.ts';
import { ALL_STAFF_CALL_SPECS } from '../../api/protocol/staff/all.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('docs/api.md is what the declarations generate', () => {
  const content = generateApiDoc();

  it('is up to date (run `npm run api-doc` and commit docs/api.md when this fails)', () => {
    const target = path.join(root, API_DOC_FILE);
    expect(existsSync(target), `${API_DOC_FILE} is missing`).toBe(true);
    expect(readFileSync(target, 'utf8') === content, `${API_DOC_FILE} is stale`).toBe(true);
  });

  it('lists every call with its auth, every field with its type and refusal messages, and the answer', () => {
    for (const spec of ALL_CALL_SPECS) {
      const section = content.split(`### ${spec.path}\n`)[1]!.split('\n### ')[0]!;
      expect(section).toContain(spec.summary);
      expect(section).toContain(`**auth**: ${spec.auth} —`);
      expect(section).toContain(spec.answer.doc);
      for (const [name, schema] of Object.entries(spec.fields.entries)) {
        const row = section.split('\n').find((line) => line.includes(`| \`${name}\` |`));
        expect(row, `${spec.path} ${name}`).toBeDefined();
        for (const message of messagesOf(fieldDoc(schema))) expect(row).toContain(message.replace(/\|/g, '\\|'));
      }
    }
  });

  it('groups calls by URL group', () => {
    expect(groupOf('/api/game/getGameList')).toBe('/api/game');
    expect(groupOf('/api/PlatformGame/getPlatformGame')).toBe('/api/PlatformGame');
    expect(groupOf('/down/appVersion')).toBe('/down');
    expect(groupOf('/point')).toBe('/point');
    const headings = content.split('\n').filter((line) => line.startsWith('## /'));
    expect(new Set(headings).size).toBe(headings.length);
  });

  it('generates the same bytes every time', () => {
    expect(generateApiDoc()).toBe(content);
  });
});

describe('docs/staff-api.md is what the staff declarations generate', () => {
  const content = generateStaffApiDoc();

  it('is up to date (run `npm run api-doc` and commit it when this fails)', () => {
    const target = path.join(root, STAFF_API_DOC_FILE);
    expect(existsSync(target), `${STAFF_API_DOC_FILE} is missing`).toBe(true);
    expect(readFileSync(target, 'utf8') === content, `${STAFF_API_DOC_FILE} is stale`).toBe(true);
  });

  it('lists every staff call with its roles and answer', () => {
    for (const spec of ALL_STAFF_CALL_SPECS) {
      const section = content.split(`### ${spec.path}\n`)[1]!.split('\n### ')[0]!;
      expect(section).toContain(spec.summary);
      expect(section).toContain('**roles**: ');
      expect(section).toContain(spec.answer.doc);
    }
  });
});
