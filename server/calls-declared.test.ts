import { describe, expect, it } from 'vitest';
import { CODE_WRONG_MSG, PASSWORD_PATTERN, SMS_CODE_DIGITS } from '../api/protocol/calls/login.ts';
import { ALL_CALL_SPECS } from '../api/protocol/calls/all.ts';
import { allCalls } from './app.ts';
import { PASSWORD_PATTERN as SERVER_PASSWORD_PATTERN } from './passwords.ts';
import { CODE_DIGITS, CODE_MSG } from './verification-codes.ts';

/** The server and the declarations (api/protocol/calls/) held together. */
describe('served calls and declarations', () => {
  const served = allCalls();

  it('every served call has its declaration, under the declared path and auth', () => {
    for (const call of served) {
      expect(ALL_CALL_SPECS, `${call.path} is served but not in ALL_CALL_SPECS (register its group in api/protocol/calls/all.ts)`).toContain(call.spec);
      expect([call.path, call.auth]).toEqual([call.spec.path, call.spec.auth]);
    }
  });

  it('every declaration in ALL_CALL_SPECS is served, once', () => {
    const paths = served.map((call) => call.spec.path);
    expect(ALL_CALL_SPECS.map((spec) => spec.path).filter((path) => !paths.includes(path))).toEqual([]);
    expect(paths.filter((path, i) => paths.indexOf(path) !== i)).toEqual([]);
    expect(new Set(ALL_CALL_SPECS.map((spec) => spec.path)).size).toBe(ALL_CALL_SPECS.length);
  });

  it('the login declarations check what the server checks', () => {
    expect(SMS_CODE_DIGITS).toBe(CODE_DIGITS);
    expect(CODE_WRONG_MSG).toBe(CODE_MSG.wrong);
    expect(PASSWORD_PATTERN.source).toBe(SERVER_PASSWORD_PATTERN.source);
  });
});
