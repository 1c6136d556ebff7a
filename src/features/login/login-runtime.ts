import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import type { ApiClient } from '../../../api/client.ts';
import { BAD_RESPONSE, type ApiOutcome } from '../../../api/outcome.ts';
import { agreementSheetMachine, type AgreementDocument, type AgreementText, type LoadDocumentInput } from '../../../machines/agreement-sheet.machine.ts';
import { STORAGE_KEYS } from '../../../machines/constants.ts';
import { loginOverlayMachine } from '../../../machines/login-overlay.machine.ts';
import { resendCodeWith } from '../../../machines/resend-code.machine.ts';
import type {
  LoginData,
  PasswordLoginInput,
  RegisterInput,
  ResetPasswordInput,
  SendCodeInput,
  SignedInParams,
  TrendRegisterInput,
  VerifyCodeInput,
} from '../../../machines/login-overlay.types.ts';
import { PRIVACY_POLICY_CALL } from '../../app/privacy-consent.ts';
import type { AppRuntime, RuntimeEnvironment } from '../../app/runtime.ts';
// Static: a dynamic import from this (lazily loaded) chunk would list the entry's stylesheet, which
// the build inlines into index.html (vite.config.ts), as a file to preload — a 404 that rejects it.
import { offerRevoke as offerRevokeDialog } from '../account-cancel/revoke-offer.ts';
import { forgetInvite, rememberedInvite } from '../invite/invite-capture.ts';
import type { CallRef } from '../../../api/protocol/call-spec.ts';
import * as calls from '../../../api/protocol/call-refs.ts';
import { request, type PayloadOf } from '../../../api/typed-call.ts';

/**
 * Wires the login overlay (SPEC §2, §4) to the world: the real calls, the toasts, and the
 * after-login follow-ups (session, analytics, watermark, soft reload). The overlay opens as the
 * sheet from `runtime.openLogin()`, and as a page from the routes /login, /register, /findpassword
 * and /resetpassword (src/pages/auth/).
 */

export type LoginOverlayActor = ActorRefFrom<typeof loginOverlayMachine>;

/** What the feature needs of the runtime (a narrow slice, so tests can pass a fake). */
export type LoginRuntime = Pick<AppRuntime, 'api' | 'session' | 'inspect' | 'reloadView'>;

/** Analytics points of a sign-in (SPEC §4 "records login/registration analytics", §7 /point). */
export const SIGN_IN_POINTS = {
  login: { point_id: 1, point_title: '登录' },
  register: { point_id: 2, point_title: '注册' },
} as const;

export const LOGIN_CALLS = {
  sendCode: calls.login.sendCode,
  verifyCode: calls.login.verifyCode,
  trendRegister: calls.login.trendRegister,
  passwordLogin: calls.login.userlogin,
  resetPassword: calls.login.resetPassword,
  register: calls.login.userRegister,
  watermark: calls.user.getWatermark,
  point: calls.point.point,
} as const;

type SignInCall = typeof LOGIN_CALLS.trendRegister | typeof LOGIN_CALLS.passwordLogin | typeof LOGIN_CALLS.register;

export const DOCUMENT_CALLS = {
  agreement: calls.down.agreeH5,
  privacy: PRIVACY_POLICY_CALL,
} satisfies Record<AgreementDocument, CallRef>;

/** The ad-click id (SPEC §9): read from the landing URL once, kept for the tab's lifetime. */
export const BD_VID_PARAM = 'bd_vid';
export const BD_VID_SESSION_KEY = 'bd_vid';
const BD_VID_MAX_LENGTH = 256;


/** The browser's side of the feature: the landing URL and the tab's storage. */
export interface LoginEnvironment {
  /** The query string the app was opened with. */
  landingSearch: string;
  sessionStorage: Pick<Storage, 'getItem' | 'setItem'>;
}

export const browserLoginEnvironment = (): LoginEnvironment => ({
  landingSearch: window.location.search,
  sessionStorage: window.sessionStorage,
});

/** The landing URL's bd_vid wins and is remembered; later in the tab the remembered one is used. */
export function readBdVid(search: string, storage: Pick<Storage, 'getItem' | 'setItem'>): string | null {
  const fromUrl = (new URLSearchParams(search).get(BD_VID_PARAM) ?? '').trim().slice(0, BD_VID_MAX_LENGTH);
  try {
    if (fromUrl) {
      storage.setItem(BD_VID_SESSION_KEY, fromUrl);
      return fromUrl;
    }
    return storage.getItem(BD_VID_SESSION_KEY) || null;
  } catch {
    return fromUrl || null;
  }
}

interface SignInAnswer extends LoginData {
  /** The server says whether trendRegister created the account. */
  registered?: boolean;
  /** Set while the account is in its cancellation cooling-off: the app offers to revoke. */
  cancellation?: { effective_at: string } | null;
}

/** After a sign-in in the cancellation cooling-off: src/features/account-cancel/revoke-offer.ts. */
export type OfferRevoke = (cancellation: { effective_at: string }) => void;

function cancellationOf(data: Partial<SignInAnswer>): { effective_at: string } | null {
  const value = data.cancellation;
  return value && typeof value === 'object' && typeof value.effective_at === 'string' ? { effective_at: value.effective_at } : null;
}

/** A code-200 answer without usable credentials is a bad answer, not a sign-in. */
function readSignInAnswer(outcome: ApiOutcome<SignInAnswer>): ApiOutcome<SignInAnswer> {
  if (outcome.kind !== 'ok' || outcome.code !== 200) return outcome;
  const data = outcome.data as Partial<SignInAnswer> | null;
  if (!data || typeof data.token !== 'string' || !data.token || typeof data.user_uuid !== 'string' || !data.user_uuid) return BAD_RESPONSE;
  return {
    ...outcome,
    data: { token: data.token, user_uuid: data.user_uuid, nickname: typeof data.nickname === 'string' ? data.nickname : '', registered: data.registered === true, cancellation: cancellationOf(data) },
  };
}

function readDocument(outcome: ApiOutcome<AgreementText>): ApiOutcome<AgreementText> {
  if (outcome.kind !== 'ok') return outcome;
  const data = outcome.data as Partial<AgreementText> | null;
  if (!data || typeof data.content !== 'string') return BAD_RESPONSE;
  return { ...outcome, data: { title: typeof data.title === 'string' ? data.title : '', content: data.content } };
}

function storeWatermark(storage: Storage, outcome: ApiOutcome<{ code?: unknown }>): void {
  if (outcome.kind !== 'ok' || typeof outcome.data?.code !== 'string') return;
  try {
    storage.setItem(STORAGE_KEYS.watermark, outcome.data.code);
  } catch {
    // A full or private storage: the watermark is fetched again at the next sign-in.
  }
}

function createCalls(api: ApiClient, onAnswer: (answer: { registered: boolean; cancellation: { effective_at: string } | null }) => void, inviteCode: () => string | null = () => null) {
  // The registering calls carry a share link's invite code (src/features/invite/invite-capture.ts).
  const signIn = <TInput extends object>(call: SignInCall, invites = false) =>
    fromPromise<ApiOutcome<LoginData>, TInput>(async ({ input, signal }) => {
      const code = invites ? inviteCode() : null;
      const outcome = readSignInAnswer(await request(api, call, { ...input, ...(code ? { invite_code: code } : {}) } as unknown as PayloadOf<SignInCall>, { signal }));
      const ok = outcome.kind === 'ok';
      onAnswer({ registered: ok && outcome.data.registered === true, cancellation: (ok && outcome.data.cancellation) || null });
      return outcome;
    });
  return {
    sendCode: fromPromise<ApiOutcome, SendCodeInput>(({ input, signal }) => request(api, LOGIN_CALLS.sendCode, input, { signal })),
    // The code and recovery panels' resend children ask for the login kinds only (types 1 and 2).
    resendCode: resendCodeWith((input, signal) => request(api, LOGIN_CALLS.sendCode, input as SendCodeInput, { signal })),
    verifyCode: fromPromise<ApiOutcome, VerifyCodeInput>(({ input, signal }) => request(api, LOGIN_CALLS.verifyCode, input, { signal })),
    resetPassword: fromPromise<ApiOutcome, ResetPasswordInput>(({ input, signal }) => request(api, LOGIN_CALLS.resetPassword, input, { signal })),
    trendRegister: signIn<TrendRegisterInput>(LOGIN_CALLS.trendRegister, true),
    passwordLogin: signIn<PasswordLoginInput>(LOGIN_CALLS.passwordLogin),
    register: signIn<RegisterInput>(LOGIN_CALLS.register, true),
    agreementSheet: agreementSheetMachine.provide({
      actors: {
        loadDocument: fromPromise<ApiOutcome<AgreementText>, LoadDocumentInput>(async ({ input, signal }) =>
          readDocument(await request(api, DOCUMENT_CALLS[input.doc], {}, { signal })),
        ),
      },
    }),
  };
}

/** Creates and starts the overlay actor; returns it for `runtime.loginOverlay`. */
export function createLoginFeature(
  runtime: LoginRuntime,
  env: Pick<RuntimeEnvironment, 'storage' | 'toast'>,
  browser: LoginEnvironment = browserLoginEnvironment(),
  offerRevoke: OfferRevoke = (cancellation) => void offerRevokeDialog({ api: runtime.api, session: runtime.session, toast: env.toast }, cancellation),
): LoginOverlayActor {
  // The last sign-in answer said whether the account was just created ('注册' vs '登录'),
  // and whether it is in its cancellation cooling-off.
  let registered = false;
  let cancellation: { effective_at: string } | null = null;

  function afterSignIn({ token, uuid, nickname }: SignedInParams): void {
    runtime.session.send({ type: 'session.signedIn', credentials: { token, uuid, nickname } });
    // The invite code did its work (bound or not): a later registration on this device is not invited by it.
    if (registered) forgetInvite(() => env.storage);
    // Both follow-ups carry the new token (the api client reads it from the session).
    // The device variant (PROTOCOL §2.3); the sign-in above recorded the privacy consent first.
    void request(runtime.api, LOGIN_CALLS.point, { ...(registered ? SIGN_IN_POINTS.register : SIGN_IN_POINTS.login) }, { device: true });
    void request(runtime.api, LOGIN_CALLS.watermark, {}).then((outcome) => storeWatermark(env.storage, outcome));
    runtime.reloadView();
    if (cancellation) offerRevoke(cancellation);
  }

  const overlay = createActor(
    loginOverlayMachine.provide({
      actors: createCalls(
        runtime.api,
        (answer) => ({ registered, cancellation } = answer),
        () => rememberedInvite(() => env.storage, Date.now()),
      ),
      actions: {
        showToast: (_, { message }) => env.toast(message),
        signedIn: (_, params) => afterSignIn(params),
      },
    }),
    { input: { bdVid: readBdVid(browser.landingSearch, browser.sessionStorage) }, inspect: runtime.inspect },
  );
  overlay.start();
  return overlay;
}
