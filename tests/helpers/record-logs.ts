import { createActor, SimulatedClock } from 'xstate';
import type { ApiOutcome } from '../../api/outcome.ts';
import { agreementSheetMachine } from '../../machines/agreement-sheet.machine.ts';
import { loginOverlayMachine } from '../../machines/login-overlay.machine.ts';
import type { LoginData } from '../../machines/login-overlay.types.ts';
import { resendCodeMachine } from '../../machines/resend-code.machine.ts';
import { sessionMachine } from '../../machines/session.machine.ts';
import type { Credentials } from '../../machines/session.types.ts';
import { createDeferredActors } from '../../model-tests/deferred-actors.ts';
import { createEventLog, memoryStorage, type EventLogStorage } from '../../src/app/event-log.ts';
import type { EventLogFile } from '../../api/protocol/event-log.ts';

/**
 * Real sessions recorded through the event-log code path: the session and login-overlay
 * machines wired as src/app wires them (the overlay's `signedIn` tells the session, the api
 * client's outcomes reach the session as `api.outcome`), with answers the script decides and a
 * SimulatedClock for time. `npx tsx scripts/record-sample-logs.ts` writes them to tests/replays.
 */

const WALL_START = Date.UTC(2025, 5, 1, 2, 0, 0);
const LOGIN_CALLS = ['sendCode', 'verifyCode', 'trendRegister', 'passwordLogin', 'resetPassword'] as const;

const accepted = (msg: string): ApiOutcome => ({ kind: 'ok', code: 1, msg, data: null });
const loggedIn = (data: LoginData): ApiOutcome<LoginData> => ({ kind: 'ok', code: 200, msg: '登录成功', data });

/** One page run: a clock, a log over it, the session and the overlay. */
function startPage(storage: EventLogStorage | null, wallOffset: number, credentials: Credentials | null) {
  const clock = new SimulatedClock();
  const log = createEventLog({ storage, lifecycle: null, now: () => clock.now(), wallClock: () => WALL_START + wallOffset + clock.now() });
  const record = createDeferredActors(sessionMachine, ['activeRecord']);
  const calls = createDeferredActors(loginOverlayMachine, LOGIN_CALLS);
  const docs = createDeferredActors(agreementSheetMachine, ['loadDocument']);
  const session = createActor(sessionMachine.provide({ actors: record.actors }), { input: { credentials }, clock, inspect: log.inspect });
  const overlay = createActor(
    loginOverlayMachine.provide({
      actors: {
        ...calls.actors,
        agreementSheet: agreementSheetMachine.provide({ actors: docs.actors }),
        // The code panel's resend child sends through the same deferred sendCode as panel 1.
        resendCode: resendCodeMachine.provide({ actors: { sendCode: calls.actors.sendCode as never } }),
      },
      actions: {
        signedIn: (_, params) => session.send({ type: 'session.signedIn', credentials: { token: params.token, uuid: params.uuid, nickname: params.nickname } }),
      },
    }),
    { input: {}, clock, inspect: log.inspect },
  );
  overlay.start();
  session.start();
  /** Time passes in 100 ms steps, so every 1 s tick fires at its own time. */
  const wait = (ms: number) => {
    for (let left = ms; left > 0; left -= 100) clock.increment(Math.min(100, left));
  };
  const type = async (send: (value: string) => void, text: string, gapMs: number) => {
    for (let length = 1; length <= text.length; length++) {
      send(text.slice(0, length));
      wait(gapMs);
    }
  };
  const sheet = () => overlay.getSnapshot().children.agreement!;
  return { clock, log, session, overlay, record, calls, docs, wait, type, sheet };
}

/** SMS-code login: a failed send, a resent one, three countdown ticks, the fourth digit logs in. */
export async function recordSmsLogin(): Promise<EventLogFile> {
  const page = startPage(null, 0, null);
  const { overlay, session, calls, record, wait } = page;
  wait(800);
  overlay.send({ type: 'ui.open' });
  wait(600);
  overlay.send({ type: 'ui.agree.toggle' });
  wait(400);
  await page.type((value) => overlay.send({ type: 'ui.phone.change', value }), '13812345678', 150);
  overlay.send({ type: 'ui.sendCode' });
  wait(300);
  await calls.reject('sendCode', new TypeError('Failed to fetch'));
  wait(900);
  await page.type((value) => overlay.send({ type: 'ui.phone.change', value }), '13812345678', 120);
  overlay.send({ type: 'ui.sendCode' });
  wait(400);
  await calls.resolve('sendCode', accepted('发送成功'));
  wait(3_200);
  await page.type((value) => overlay.send({ type: 'ui.code.change', value }), '5208', 700);
  await calls.resolve('trendRegister', loggedIn({ token: 'c3f1e2d4a5b6c7d8e9f0a1b2c3d4e5f6', user_uuid: 'u-8a7b6c5d', nickname: '玩家5678' }));
  wait(300);
  await record.resolve('activeRecord', { kind: 'ok', code: 1, msg: '', data: null });
  wait(400);
  session.send({ type: 'session.activity' });
  wait(700);
  await record.resolve('activeRecord', { kind: 'ok', code: 1, msg: '', data: null });
  wait(1_200);
  const file = page.log.exportLog();
  page.log.dispose();
  return file;
}

/**
 * Password login through the consent sheet and its privacy viewer, a wrong password first;
 * then the page reloads (the log restores itself) and the session expires.
 */
export async function recordPasswordLoginAndReload(): Promise<EventLogFile> {
  const storage = memoryStorage();
  const first = startPage(storage, 0, null);
  {
    const { overlay, session, calls, docs, record, wait } = first;
    wait(500);
    overlay.send({ type: 'ui.open' });
    wait(700);
    overlay.send({ type: 'ui.toPassword' });
    wait(500);
    overlay.send({ type: 'ui.phone.change', value: '13912345678' });
    wait(800);
    await first.type((value) => overlay.send({ type: 'ui.password.change', value }), 'abc123', 180);
    overlay.send({ type: 'ui.passwordLogin' });
    wait(900);
    first.sheet().send({ type: 'ui.doc.open', doc: 'privacy' });
    wait(250);
    await docs.resolve('loadDocument', { kind: 'ok', code: 1, msg: '', data: { title: '隐私政策', content: '<p>客服电话 13700001111</p>' } });
    wait(2_500);
    first.sheet().send({ type: 'ui.doc.close' });
    wait(600);
    first.sheet().send({ type: 'ui.agreement.accept' });
    wait(350);
    const refused: ApiOutcome = { kind: 'toast', code: -1, msg: '密码错误', data: null, show: true };
    session.send({ type: 'api.outcome', outcome: refused as Extract<ApiOutcome, { kind: 'toast' }> });
    await calls.resolve('passwordLogin', refused);
    wait(1_200);
    await first.type((value) => overlay.send({ type: 'ui.password.change', value }), 'abc1234', 150);
    overlay.send({ type: 'ui.passwordLogin' });
    wait(450);
    await calls.resolve('passwordLogin', loggedIn({ token: '9f8e7d6c5b4a39281706f5e4d3c2b1a0', user_uuid: 'u-1c2d3e4f', nickname: '玩家5678' }));
    wait(200);
    await record.resolve('activeRecord', { kind: 'ok', code: 1, msg: '', data: null });
    wait(1_300);
    await first.log.flush();
    first.log.dispose();
  }

  // The reload: a new page run finds the stored log and the stored credentials.
  const credentials: Credentials = { token: '9f8e7d6c5b4a39281706f5e4d3c2b1a0', uuid: 'u-1c2d3e4f', nickname: '玩家5678' };
  const second = startPage(storage, 30_000, credentials);
  await second.log.ready;
  {
    const { session, record, wait } = second;
    wait(250);
    await record.resolve('activeRecord', { kind: 'ok', code: 1, msg: '', data: null });
    wait(2_000);
    session.send({ type: 'api.outcome', outcome: { kind: 'sessionExpired', code: 104, msg: '登录已过期', toast: '登录已过期，请重新登录' } });
    wait(1_700);
  }
  const file = second.log.exportLog();
  second.log.dispose();
  return file;
}

export const SAMPLE_LOGS = {
  'login-sms': recordSmsLogin,
  'login-password-reload': recordPasswordLoginAndReload,
} as const;
