import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { downloadListMachine } from './download-list.machine.ts';

/**
 * ispackage (SPEC §3: '1' deletes the package after install), the 安装后删除安装包 switch of
 * /systemsetting: whatever storage holds, the list reads a boolean, true only for '1', and what
 * it writes reads back the same.
 */
describe('ispackage as the download list reads and writes it', () => {
  it('property: any stored text → deletePackage === (text === "1"); a written value reads back', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom('1', '0', ' 1', 'true'), fc.constant(null)), fc.boolean(), (stored, next) => {
        const written: string[] = [];
        const list = createActor(
          downloadListMachine.provide({ actions: { persistDeletePackage: (_, params) => void written.push(params.value), persist: () => {} } }),
          { input: { insideWrapper: true, stored: null, deletePackage: stored } },
        ).start();
        expect(list.getSnapshot().context.deletePackage).toBe(stored === '1');
        list.send({ type: 'ui.setDeletePackage', value: next });
        expect(list.getSnapshot().context.deletePackage).toBe(next);
        const again = createActor(downloadListMachine, { input: { insideWrapper: true, stored: null, deletePackage: written.at(-1) ?? null } }).start();
        expect(again.getSnapshot().context.deletePackage).toBe(next);
        list.stop();
        again.stop();
      }),
      { numRuns: 300 },
    );
  });
});
