import type { SnapshotFrom } from 'xstate';
import type { loginOverlayMachine } from './login-overlay.machine.ts';
import { canRequestCode } from './login-overlay.validation.ts';

/** Narrow reads of the overlay snapshot for `useSelector` (ARCHITECTURE style rule 6). */

export type LoginOverlaySnapshot = SnapshotFrom<typeof loginOverlayMachine>;

/** SPEC §2's panel numbers, and 6 for the /register page's form; null while closed. */
export type LoginPanel = 1 | 2 | 3 | 4 | 5 | 6;

const PANELS = [
  ['sms', 1],
  ['code', 2],
  ['password', 3],
  ['recover', 4],
  ['newPassword', 5],
  ['register', 6],
] as const;

export function selectPanel(snapshot: LoginOverlaySnapshot): LoginPanel | null {
  for (const [state, panel] of PANELS) if (snapshot.matches({ open: state })) return panel;
  return null;
}

export const selectIsOpen = (snapshot: LoginOverlaySnapshot) => snapshot.matches('open');
/** Open as the bottom sheet (openLogin), not as one of the full pages. */
export const selectIsSheetOpen = (snapshot: LoginOverlaySnapshot) => snapshot.matches('open') && snapshot.context.presentation === 'sheet';
/** Open as a full page (/login, /register, /findpassword, /resetpassword). */
export const selectIsPageOpen = (snapshot: LoginOverlaySnapshot) => snapshot.matches('open') && snapshot.context.presentation === 'page';
/** Waiting on the server: a panel's call, or one of its resend children sending a code. */
export const selectIsBusy = (snapshot: LoginOverlaySnapshot) =>
  snapshot.hasTag('busy') || selectResendingCode(snapshot) || selectSendingRegisterCode(snapshot) || selectSendingRecoverCode(snapshot);
/** Panel 1's get-code button (SPEC §5: disabled until 11 digits). */
export const selectCanRequestCode = (snapshot: LoginOverlaySnapshot) => canRequestCode(snapshot.context);
export const selectCodeCountdown = (snapshot: LoginOverlaySnapshot) => snapshot.context.codeCountdown;
export const selectCanResendCode = (snapshot: LoginOverlaySnapshot) => snapshot.matches({ open: 'code' }) && snapshot.context.codeResendPhase === 'ready';
export const selectResendingCode = (snapshot: LoginOverlaySnapshot) => snapshot.matches({ open: 'code' }) && snapshot.context.codeResendPhase === 'sending';
export const selectRecoverCountdown = (snapshot: LoginOverlaySnapshot) => snapshot.context.recoverCountdown;
export const selectCanResendRegisterCode = (snapshot: LoginOverlaySnapshot) => snapshot.matches({ open: 'register' }) && snapshot.context.codeResendPhase === 'ready';
export const selectSendingRegisterCode = (snapshot: LoginOverlaySnapshot) => snapshot.matches({ open: 'register' }) && snapshot.context.codeResendPhase === 'sending';
export const selectCanResendRecoverCode = (snapshot: LoginOverlaySnapshot) => snapshot.matches({ open: 'recover' }) && snapshot.context.recoverResendPhase === 'ready';
export const selectSendingRecoverCode = (snapshot: LoginOverlaySnapshot) => snapshot.matches({ open: 'recover' }) && snapshot.context.recoverResendPhase === 'sending';
/** The consent sheet / document viewer child while the overlay is open; the view sends it `ui.agreement.*` / `ui.doc.*`. */
export const selectAgreementSheet = (snapshot: LoginOverlaySnapshot) => snapshot.children.agreement;
