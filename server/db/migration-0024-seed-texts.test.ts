import { Migrator } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/test-db.ts';
import { postMessage } from '../messages/writer.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './database.ts';
import { SEED_TEXT_FIXES } from './migration-0024-seed-texts.ts';
import { migrationProvider } from './migrations.ts';
import { seedMessages } from './seed-messages.ts';

describe('the seed texts fix', () => {
  const handles: DatabaseHandle[] = [];
  afterAll(() => Promise.all(handles.map((h) => h.close())));

  it('rewrites the old 账号出售须知 and 交易安全提醒 of a database seeded before, and leaves an edited text alone', async () => {
    const old = await openDatabase({ dataDir: 'memory://' });
    handles.push(old);
    const { error } = await new Migrator({ db: old.db, provider: migrationProvider }).migrateTo('0023_staff_audit_system');
    expect(error).toBeUndefined();
    const [sellGuide, tradeSafety] = SEED_TEXT_FIXES;
    const at = new Date('2026-02-10T02:00:00Z');
    await postMessage(old.db, { kind: 'account_sale', userId: null, title: '账号出售须知', content: sellGuide!.before, sourceRef: sellGuide!.ref }, at);
    await postMessage(old.db, { kind: 'trading', userId: null, title: '交易安全提醒', content: '运营改过的文字', sourceRef: tradeSafety!.ref }, at);
    await migrateToLatest(old.db);
    const texts = Object.fromEntries((await old.db.selectFrom('messages').select(['source_ref', 'content']).execute()).map((m) => [m.source_ref, m.content]));
    expect(texts[sellGuide!.ref]).toBe(sellGuide!.after);
    expect(texts[tradeSafety!.ref]).toBe('运营改过的文字');
  }, 180_000);

  it('a fresh seed writes the new texts, none asking a seller to remove the real name', async () => {
    const fresh = await createTestDatabase();
    handles.push(fresh);
    await seedMessages(fresh.db);
    const texts = Object.fromEntries((await fresh.db.selectFrom('messages').select(['source_ref', 'content']).execute()).map((m) => [m.source_ref, m.content]));
    for (const fix of SEED_TEXT_FIXES) expect(texts[fix.ref]).toBe(fix.after);
    expect(Object.values(texts).join('\n')).not.toMatch(/解除.*实名/);
  }, 180_000);
});
