import { useSelector } from '@xstate/react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import type { ApiOutcome } from '../../../api/outcome.ts';
import { request } from '../../../api/typed-call.ts';
import type { AccountSendCodeInput, BindNewPhoneInput, BoundPhone, ChangePasswordInput, PhoneTicket, VerifyOldPhoneInput } from '../../../machines/account-security.types.ts';
import { passwordChangeMachine } from '../../../machines/password-change.machine.ts';
import { phoneBindMachine } from '../../../machines/phone-bind.machine.ts';
import { phoneVerifyMachine } from '../../../machines/phone-verify.machine.ts';
import { resendCodeWith } from '../../../machines/resend-code.machine.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useFeatureActor } from '../../app/use-feature-actor.ts';
import type { AppRuntime } from '../../app/runtime.ts';
import { showToast } from '../../app/toast.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import * as calls from '../../../api/protocol/call-refs.ts';

/**
 * The account-security pages' view models (ARCHITECTURE rule 6): each hook runs one chart with
 * the real calls and returns narrow values and intents. Enabled-ness comes from `snapshot.can`.
 */

export const ACCOUNT_PATHS = {
  safety: '/accountsafety',
  phoneVerify: '/phoneverify',
  phoneBind: '/phoneverifynew',
  editPassword: '/editpassword',
} as const;

const SEND_CODE_CALL = calls.login.sendCode;
export const USER_INFO_CALL = calls.user.getUserInfo;
export const IDENTITY_CARD_CALL = calls.realName.getIdentityCard;

export const GET_CODE_LABEL = '获取验证码';
export const countdownLabel = (seconds: number) => `${seconds}s后重新获取`;

/** /api/user/getUserInfo: the fields these pages read (the phone comes masked). */
export interface AccountInfo {
  phone: string;
  has_password: boolean;
}

/** /api/user/getIdentityCard (the real-name pages' call): status 1 when verified, the name masked. */
export interface IdentityCard {
  status: 0 | 1;
  real_name: string;
}

export function useAccountInfo() {
  const info = useRemoteData('accountInfo', USER_INFO_CALL);
  // getUserInfo's answer is declared without a type yet (answer<unknown>): the page reads it as AccountInfo
  return { ...info, data: info.data as AccountInfo | null };
}

export function useIdentityCard() {
  return useRemoteData('identityCard', IDENTITY_CARD_CALL);
}

/** The resend child with the real sendCode; these forms ask only for the account kinds (types 3 and 4). */
function resendCodeActor(runtime: AppRuntime) {
  return resendCodeWith((input, signal) => {
    const { type, phone } = input as AccountSendCodeInput;
    return request(runtime.api, SEND_CODE_CALL, { type, phone: phone ?? '' }, { signal });
  });
}

type AnySnapshot = SnapshotFrom<typeof phoneVerifyMachine> | SnapshotFrom<typeof phoneBindMachine> | SnapshotFrom<typeof passwordChangeMachine>;

const select = {
  phone: (s: SnapshotFrom<typeof phoneBindMachine>) => s.context.phone,
  code: (s: AnySnapshot) => s.context.code,
  countdown: (s: AnySnapshot) => s.context.countdown,
  busy: (s: AnySnapshot) => s.hasTag('busy') || s.context.resendPhase === 'sending',
  canSendCode: (s: AnySnapshot) => s.can({ type: 'ui.sendCode' }),
  canSubmit: (s: AnySnapshot) => s.can({ type: 'ui.submit' }),
  sending: (s: AnySnapshot) => s.context.resendPhase === 'sending',
};

/** /phoneverify: a type-3 code to the current phone → a ticket → /phoneverifynew. */
export function usePhoneVerify() {
  const runtime = useRuntime();
  const navigate = useNavigate();
  const actor = useFeatureActor(phoneVerifyMachine, {
    input: {},
    implementations: {
      actors: {
        resendCode: resendCodeActor(runtime),
        verifyOldPhone: fromPromise<ApiOutcome<PhoneTicket>, VerifyOldPhoneInput>(({ input, signal }) => request(runtime.api, calls.accountSecurity.changeUserTelOne, input, { signal })),
      },
      actions: {
        showToast: (_, { message }) => showToast(message),
        // Step 1 leaves history: back from step 2 returns to the safety page.
        verified: (_, { ticket }) => navigate(ACCOUNT_PATHS.phoneBind, { ticket }, { replace: true }),
      },
    },
  });
  const code = useSelector(actor, select.code);
  const countdown = useSelector(actor, select.countdown);
  const busy = useSelector(actor, select.busy);
  const canSendCode = useSelector(actor, select.canSendCode);
  const canSubmit = useSelector(actor, select.canSubmit);
  const sending = useSelector(actor, select.sending);
  const submitting = useSelector(actor, (s) => s.matches({ verify: 'submitting' }));
  return {
    code,
    codeLabel: countdown > 0 ? countdownLabel(countdown) : GET_CODE_LABEL,
    canSendCode,
    sending,
    canSubmit,
    submitting,
    busy,
    changeCode: (value: string) => actor.send({ type: 'ui.code.change', value }),
    sendCode: () => actor.send({ type: 'ui.sendCode' }),
    submit: () => actor.send({ type: 'ui.submit' }),
  };
}

/** /phoneverifynew: the new phone, a type-4 code to it, bind with step 1's ticket. */
export function usePhoneBind(ticket: string) {
  const runtime = useRuntime();
  const navigate = useNavigate();
  const actor = useFeatureActor(phoneBindMachine, {
    input: { ticket },
    implementations: {
      actors: {
        resendCode: resendCodeActor(runtime),
        bindNewPhone: fromPromise<ApiOutcome<BoundPhone>, BindNewPhoneInput>(({ input, signal }) => request(runtime.api, calls.accountSecurity.changeUserTelTwo, input, { signal })),
      },
      actions: {
        showToast: (_, { message }) => showToast(message),
        changed: () => navigate('back'),
        restart: () => navigate(ACCOUNT_PATHS.phoneVerify, null, { replace: true }),
      },
    },
  });
  const phone = useSelector(actor, select.phone);
  const code = useSelector(actor, select.code);
  const countdown = useSelector(actor, select.countdown);
  const canSendCode = useSelector(actor, select.canSendCode);
  const canSubmit = useSelector(actor, select.canSubmit);
  const sending = useSelector(actor, select.sending);
  const submitting = useSelector(actor, (s) => s.matches({ bind: 'submitting' }));
  return {
    phone,
    code,
    codeLabel: countdown > 0 ? countdownLabel(countdown) : GET_CODE_LABEL,
    canSendCode,
    sending,
    canSubmit,
    submitting,
    filled: phone !== '' && code !== '',
    changePhone: (value: string) => actor.send({ type: 'ui.phone.change', value }),
    changeCode: (value: string) => actor.send({ type: 'ui.code.change', value }),
    sendCode: () => actor.send({ type: 'ui.sendCode' }),
    submit: () => actor.send({ type: 'ui.submit' }),
  };
}

type PasswordSnapshot = SnapshotFrom<typeof passwordChangeMachine>;
const selectPassword = {
  method: (s: PasswordSnapshot) => s.context.method,
  hasPassword: (s: PasswordSnapshot) => s.context.hasPassword,
  oldPassword: (s: PasswordSnapshot) => s.context.oldPassword,
  newPassword: (s: PasswordSnapshot) => s.context.newPassword,
  confirmPassword: (s: PasswordSnapshot) => s.context.confirmPassword,
  submitting: (s: PasswordSnapshot) => s.matches('submitting'),
  /** SPEC §5: the button looks disabled until the fields of the chosen method are filled. */
  filled: (s: PasswordSnapshot) =>
    (s.context.method === 'password' ? s.context.oldPassword !== '' : s.context.code !== '') && s.context.newPassword !== '' && s.context.confirmPassword !== '',
};

/** /editpassword: by the old password or a type-3 code; the new password twice. */
export function usePasswordChange(hasPassword: boolean) {
  const runtime = useRuntime();
  const navigate = useNavigate();
  const actor = useFeatureActor(passwordChangeMachine, {
    input: { hasPassword },
    implementations: {
      actors: {
        resendCode: resendCodeActor(runtime),
        changePassword: fromPromise<ApiOutcome, ChangePasswordInput>(({ input, signal }) => request(runtime.api, calls.accountSecurity.userChangePassword, input, { signal })),
      },
      actions: {
        showToast: (_, { message }) => showToast(message),
        changed: () => navigate('back'),
      },
    },
  });
  const method = useSelector(actor, selectPassword.method);
  const offersPassword = useSelector(actor, selectPassword.hasPassword);
  const oldPassword = useSelector(actor, selectPassword.oldPassword);
  const code = useSelector(actor, select.code);
  const newPassword = useSelector(actor, selectPassword.newPassword);
  const confirmPassword = useSelector(actor, selectPassword.confirmPassword);
  const countdown = useSelector(actor, select.countdown);
  const canSendCode = useSelector(actor, select.canSendCode);
  const sending = useSelector(actor, select.sending);
  const canSubmit = useSelector(actor, select.canSubmit);
  const submitting = useSelector(actor, selectPassword.submitting);
  const filled = useSelector(actor, selectPassword.filled);
  return {
    method,
    offersPassword,
    oldPassword,
    code,
    newPassword,
    confirmPassword,
    codeLabel: countdown > 0 ? countdownLabel(countdown) : GET_CODE_LABEL,
    canSendCode,
    sending,
    canSubmit,
    submitting,
    filled,
    chooseMethod: (next: 'password' | 'code') => actor.send({ type: 'ui.method', method: next }),
    changeOldPassword: (value: string) => actor.send({ type: 'ui.oldPassword.change', value }),
    changeCode: (value: string) => actor.send({ type: 'ui.code.change', value }),
    changeNewPassword: (value: string) => actor.send({ type: 'ui.newPassword.change', value }),
    changeConfirmPassword: (value: string) => actor.send({ type: 'ui.confirm.change', value }),
    sendCode: () => actor.send({ type: 'ui.sendCode' }),
    submit: () => actor.send({ type: 'ui.submit' }),
  };
}
