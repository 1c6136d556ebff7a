import { describe, expect, it } from 'vitest';
import { MACHINES } from '../machines/registry.ts';
import { coverageRows, formatCoverageTable, MODELS } from './models.ts';

describe('the models table', () => {
  it('has a model for each machine of the registry, and none for a machine it does not list', () => {
    expect(Object.keys(MODELS).sort()).toEqual(MACHINES.map((entry) => entry.name).sort());
  });

  it('models each machine on itself (or a copy with the same id)', () => {
    for (const { name, machine } of MACHINES) expect(MODELS[name]!.machine.id, name).toBe(machine.id);
  });

  // Generating every model's paths takes minutes, and each model test checks its own coverage:
  // the table of all is printed on demand (`npm run model-coverage`).
  it.runIf(process.env.MODEL_COVERAGE === '1')(
    'prints every machine with its coverage: 100 % but what its model names, with the reason',
    () => {
      const rows = coverageRows();
      console.log(`Model coverage of ${rows.length} machines:\n${formatCoverageTable(rows)}`);
      expect(rows.filter((row) => row.unexplained.length > 0).map((row) => row.name)).toEqual([]);
    },
    900_000,
  );
});
