import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The one-way import rules of ARCHITECTURE.md are enforced by lint; prove each rule bites. */
describe('lint: import boundaries', () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const problems = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-globals').map((m) => m.ruleId);
  };

  it('machines/ may not import React, UI, HTTP, src/ or touch DOM globals', async () => {
    expect(await problems('machines/probe.machine.ts', "import React from 'react';\nexport const r = React;")).toEqual(['no-restricted-imports']);
    expect(await problems('machines/probe.machine.ts', "import ky from 'ky';\nexport const k = ky;")).toEqual(['no-restricted-imports']);
    expect(await problems('machines/probe.machine.ts', "import { x } from '../src/app/env.ts';\nexport const y = x;")).toEqual(['no-restricted-imports']);
    expect(await problems('machines/probe.machine.ts', 'export const w = window.innerWidth;')).toEqual(['no-restricted-globals']);
    expect(await problems('machines/probe.machine.ts', "import { CODE } from '../api/protocol/codes.ts';\nexport const c = CODE;")).toEqual([]);
  });

  it('api/ and bridge/ sit below machines/ and src/', async () => {
    expect(await problems('api/probe.ts', "import { x } from '../machines/constants.ts';\nexport const y = x;")).toEqual(['no-restricted-imports']);
    expect(await problems('bridge/probe.ts', "import { x } from '../src/app/env.ts';\nexport const y = x;")).toEqual(['no-restricted-imports']);
  });

  it('api/protocol imports only itself; server/ shares only api/protocol', async () => {
    expect(await problems('api/protocol/probe.ts', "import MD5 from 'crypto-js/md5';\nexport const m = MD5;")).toEqual(['no-restricted-imports']);
    expect(await problems('server/probe.ts', "import { browserCrypto } from '../api/crypto-browser.ts';\nexport const b = browserCrypto;")).toEqual(['no-restricted-imports']);
    expect(await problems('server/probe.ts', "import { x } from '../machines/constants.ts';\nexport const y = x;")).toEqual(['no-restricted-imports']);
    expect(await problems('server/probe.ts', "import { DEV_SECRETS } from '../api/protocol/wire.ts';\nexport const s = DEV_SECRETS;")).toEqual([]);
  });

  it('a server domain reaches another only through its index.ts; tests may reach in', async () => {
    expect(await problems('server/catalog/probe.ts', "import { recordTaskEvent } from '../tasks/engine.ts';\nexport const r = recordTaskEvent;")).toEqual(['no-restricted-imports']);
    expect(await problems('server/staff/routes/probe.ts', "import { postMessage } from '../../messages/writer.ts';\nexport const p = postMessage;")).toEqual(['no-restricted-imports']);
    expect(await problems('server/catalog/probe.ts', "import { recordTaskEvent } from '../tasks/index.ts';\nexport const r = recordTaskEvent;")).toEqual([]);
    expect(await problems('server/tasks/probe.ts', "import { recordTaskEvent } from '../tasks/engine.ts';\nexport const r = recordTaskEvent;")).toEqual([]);
    expect(await problems('server/catalog/probe.test.ts', "import { recordTaskEvent } from '../tasks/engine.ts';\nexport const r = recordTaskEvent;")).toEqual([]);
    expect(await problems('server/money/probe.ts', "import { recordTaskEvent } from '../tasks/index.ts';\nexport const r = recordTaskEvent;")).toEqual(['no-restricted-imports']);
    // The shared helpers' domains are closed too; the clock belongs to none.
    expect(await problems('server/tasks/probe.ts', "import { creditPoints } from '../rewards/accounts.ts';\nexport const c = creditPoints;")).toEqual(['no-restricted-imports']);
    expect(await problems('server/trading/probe.ts', "import { artUrl } from '../catalog/art.ts';\nexport const a = artUrl;")).toEqual(['no-restricted-imports']);
    expect(await problems('server/trading/probe.ts', "import { artUrl } from '../catalog/index.ts';\nexport const a = artUrl;")).toEqual([]);
    expect(await problems('server/money/probe.ts', "import { chinaDate } from '../china-time.ts';\nexport const c = chinaDate;")).toEqual([]);
  });

  it("antd-mobile's Dialog only inside src/components/ConfirmDialog.tsx, in the players' app and the staff console", async () => {
    expect(await problems('src/pages/probe/ProbePage.tsx', "import Dialog from 'antd-mobile/es/components/dialog';\nexport const d = Dialog;")).toEqual(['no-restricted-imports']);
    expect(await problems('src/features/probe/probe.ts', "import { Dialog } from 'antd-mobile';\nexport const d = Dialog;")).toEqual(['no-restricted-imports']);
    // A console module is refused antd-mobile's Dialog twice over: the dialog rule and the console's
    // own rule that it builds on antd alone (its Button is refused too).
    expect(await problems('src/staff/modules/probe/ProbePage.tsx', "import Dialog from 'antd-mobile/es/components/dialog';\nexport const d = Dialog;")).toEqual(['no-restricted-imports', 'no-restricted-imports']);
    expect(await problems('src/staff/modules/probe/ProbePage.tsx', "import Button from 'antd-mobile/es/components/button';\nexport const b = Button;")).toEqual(['no-restricted-imports']);
    expect(await problems('src/components/Probe.tsx', "import { show } from 'antd-mobile/es/components/dialog/show';\nexport const s = show;")).toEqual(['no-restricted-imports']);
    expect(await problems('src/components/ConfirmDialog.tsx', "import Dialog from 'antd-mobile/es/components/dialog';\nexport const d = Dialog;")).toEqual([]);
    expect(await problems('src/pages/probe/ProbePage.tsx', "import Button from 'antd-mobile/es/components/button';\nexport const b = Button;")).toEqual([]);
  });

  it('src/ never imports the server', async () => {
    expect(await problems('src/probe.ts', "import { buildApp } from '../server/app.ts';\nexport const b = buildApp;")).toEqual(['no-restricted-imports']);
  });
});
