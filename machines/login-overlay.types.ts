import type { SendCodeType } from './login-overlay.constants.ts';
import type { ResendCodeReply, ResendPhase } from './resend-code.types.ts';

/** What userlogin and trendRegister answer with code 200 (SPEC §7). */
export interface LoginData {
  token: string;
  user_uuid: string;
  nickname: string;
}

/** Inputs of the invoked calls, in the server's field names (SPEC §3). */
export interface SendCodeInput {
  phone: string;
  type: SendCodeType;
}
export interface VerifyCodeInput {
  account: string;
  phone_code: string;
}
export interface TrendRegisterInput {
  account: string;
  phone_code: string;
  agree_agreement: 1;
  bd_vid?: string;
}
export interface PasswordLoginInput {
  account: string;
  password: string;
}
/** userRegister (the /register page): a type-1 code proves the phone, the password is set at once. */
export interface RegisterInput {
  account: string;
  phone_code: string;
  password: string;
  agree_agreement: 1;
  bd_vid?: string;
}
export interface ResetPasswordInput {
  account: string;
  phone_code: string;
  password: string;
}

/** Params of the app-provided `signedIn` action. */
export interface SignedInParams {
  token: string;
  uuid: string;
  nickname: string;
  via: 'sms' | 'password' | 'register';
}

/** Params of the app-provided `showToast` action. */
export interface ToastParams {
  message: string;
}

export interface LoginOverlayInput {
  /** Ad-click id (SPEC §9), attached to trendRegister when present. */
  bdVid?: string | null;
}

/**
 * Where the overlay's panels are shown: the bottom sheet (openLogin), or the full pages /login,
 * /register, /findpassword and /resetpassword ('page', opened by those routes).
 */
export type LoginPresentation = 'sheet' | 'page';

/** The panels a page opens at: /login → sms, /register → register, /findpassword → recover (password: panel 3). */
export type PagePanel = 'sms' | 'password' | 'recover' | 'register';

export interface LoginOverlayContext {
  /** Panels 1 and 3 share the account field: digits only, at most 11. */
  phone: string;
  /** Panel 2's four boxes: digits only, at most 4. */
  code: string;
  password: string;
  recoverPhone: string;
  recoverCode: string;
  newPassword: string;
  confirmPassword: string;
  /** The register page's code field and password (its phone is `phone`). */
  registerCode: string;
  registerPassword: string;
  agreed: boolean;
  /** Seconds left before the code panel (or the register page) may resend; 0 when not counting (its codeResend child's count). */
  codeCountdown: number;
  codeResendPhase: ResendPhase;
  /** Seconds left before the recovery panel may resend; 0 when not counting (its recoverResend child's count). */
  recoverCountdown: number;
  recoverResendPhase: ResendPhase;
  bdVid: string | null;
  presentation: LoginPresentation;
  /** The last message the overlay showed (validation, failure or success). */
  message: string | null;
}

/**
 * Everything the view sends. Invoke results arrive as `xstate.done.actor.<id>` /
 * `xstate.error.actor.<id>`, the consent sheet answers with `agreement.*`.
 */
export type LoginOverlayEvent =
  | { type: 'ui.open' }
  | { type: 'ui.page.open'; panel: PagePanel }
  | { type: 'ui.page.leave' }
  | { type: 'ui.close' }
  | { type: 'ui.back' }
  | { type: 'ui.toPassword' }
  | { type: 'ui.toSms' }
  | { type: 'ui.forgot' }
  | { type: 'ui.agree.toggle' }
  | { type: 'ui.phone.change'; value: string }
  | { type: 'ui.sendCode' }
  | { type: 'ui.code.change'; value: string }
  | { type: 'ui.code.resend' }
  | { type: 'ui.password.change'; value: string }
  | { type: 'ui.passwordLogin' }
  | { type: 'ui.recover.phone.change'; value: string }
  | { type: 'ui.recover.code.change'; value: string }
  | { type: 'ui.recover.sendCode' }
  | { type: 'ui.recover.next' }
  | { type: 'ui.reset.password.change'; value: string }
  | { type: 'ui.reset.confirm.change'; value: string }
  | { type: 'ui.reset.submit' }
  | { type: 'ui.register.code.change'; value: string }
  | { type: 'ui.register.password.change'; value: string }
  | { type: 'ui.register.sendCode' }
  | { type: 'ui.register.submit' }
  | { type: 'agreement.accepted' }
  | { type: 'agreement.dismissed' }
  | ResendCodeReply;
