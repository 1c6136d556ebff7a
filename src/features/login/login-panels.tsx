import NumberKeyboard from 'antd-mobile/es/components/number-keyboard';
import PasscodeInput, { type PasscodeInputRef } from 'antd-mobile/es/components/passcode-input';
import { useEffect, useRef } from 'react';
import { CODE_LENGTH, PASSWORD_MAX_LENGTH } from '../../../machines/constants.ts';
import { LOGIN_MESSAGES } from '../../../machines/login-overlay.constants.ts';
import { ActionButton, AgreementRow, BusyNote, CodeButton, CodeField, LinkButton, PanelBar, PanelTitle, PasswordField, PhoneField } from './login-controls.tsx';
import type { LoginOverlayView } from './use-login-overlay.ts';

/** SPEC §2's five panels. Each renders the view model and calls its intents; no rule lives here. */

interface PanelProps {
  view: LoginOverlayView;
}

export const panelTitleId = (panel: number) => `login-title-${panel}`;

/** Panel 1: SMS-code login, phone entry. */
export function SmsPanel({ view }: PanelProps) {
  return (
    <section className="login-panel" data-panel="1" data-testid="login-panel-1" aria-labelledby={panelTitleId(1)}>
      <PanelBar onClose={view.close} canClose={view.canClose} />
      <PanelTitle id={panelTitleId(1)} title="验证码登录" hint="未注册的手机号验证后将自动注册" />
      <PhoneField id="login-sms-phone" value={view.phone} onChange={view.changePhone} disabled={!view.canEditPhone} />
      <ActionButton onClick={view.sendCode} disabled={!view.canSendCode} busy={view.sendingCode} busyText="发送中">
        获取验证码
      </ActionButton>
      <AgreementRow agreed={view.agreed} onToggle={view.toggleAgreement} disabled={!view.canToggleAgreement} onOpen={view.openDocument} />
      <footer className="login-footer">
        <LinkButton onClick={view.toPassword} disabled={!view.canSwitchToPassword}>
          密码登录
        </LinkButton>
      </footer>
    </section>
  );
}

/** Panel 2: the four code boxes with their number keyboard; the 4th digit submits (in the machine). */
export function CodePanel({ view }: PanelProps) {
  const boxes = useRef<PasscodeInputRef>(null);
  // The keyboard shows while the boxes have focus: on while the panel is up, off as the overlay closes.
  const active = view.isOpen && view.panel === 2;
  useEffect(() => {
    if (active) boxes.current?.focus();
    else boxes.current?.blur();
  }, [active]);
  return (
    <section className="login-panel" data-panel="2" data-testid="login-panel-2" aria-labelledby={panelTitleId(2)}>
      <PanelBar onBack={view.back} canBack={view.canGoBack} />
      <PanelTitle id={panelTitleId(2)} title="输入验证码" hint={`验证码已发送至 +86 ${view.codeSentTo}`} />
      <PasscodeInput
        ref={boxes}
        className="login-boxes"
        length={CODE_LENGTH}
        plain
        seperated
        value={view.code}
        onChange={view.changeCode}
        keyboard={<NumberKeyboard className="login-keyboard" />}
        aria-label="验证码输入框"
      />
      <div className="login-code-row">
        {view.submittingCode ? <BusyNote>登录中</BusyNote> : <span />}
        <CodeButton label={view.resendCodeLabel} onClick={view.resendCode} disabled={!view.canResendCode} busy={view.resendingCode} />
      </div>
    </section>
  );
}

/** Panel 3: password login. */
export function PasswordPanel({ view }: PanelProps) {
  return (
    <section className="login-panel" data-panel="3" data-testid="login-panel-3" aria-labelledby={panelTitleId(3)}>
      <PanelBar onClose={view.close} canClose={view.canClose} />
      <PanelTitle id={panelTitleId(3)} title="密码登录" />
      <PhoneField id="login-password-phone" value={view.phone} onChange={view.changePhone} disabled={!view.canEditPhone} />
      <PasswordField
        id="login-password"
        label="密码"
        placeholder="请输入密码"
        autoComplete="current-password"
        value={view.password}
        onChange={view.changePassword}
        disabled={!view.canEditPassword}
      />
      <div className="login-forgot">
        <LinkButton onClick={view.forgot} disabled={!view.canForgot}>
          忘记密码？
        </LinkButton>
      </div>
      <ActionButton onClick={view.passwordLogin} disabled={!view.canPasswordLogin} busy={view.loggingIn} busyText="登录中">
        登录
      </ActionButton>
      <AgreementRow agreed={view.agreed} onToggle={view.toggleAgreement} disabled={!view.canToggleAgreement} onOpen={view.openDocument} />
      <footer className="login-footer">
        <LinkButton onClick={view.toSms} disabled={!view.canSwitchToSms}>
          验证码登录
        </LinkButton>
      </footer>
    </section>
  );
}

/** Panel 4: recover password, phone and code. */
export function RecoverPanel({ view }: PanelProps) {
  return (
    <section className="login-panel" data-panel="4" data-testid="login-panel-4" aria-labelledby={panelTitleId(4)}>
      <PanelBar onBack={view.back} canBack={view.canGoBack} />
      <PanelTitle id={panelTitleId(4)} title="找回密码" hint="验证手机号后即可设置新密码" />
      <PhoneField id="login-recover-phone" value={view.recoverPhone} onChange={view.changeRecoverPhone} disabled={!view.canEditRecover} />
      <CodeField
        id="login-recover-code"
        maxLength={CODE_LENGTH}
        value={view.recoverCode}
        onChange={view.changeRecoverCode}
        disabled={!view.canEditRecover}
        action={<CodeButton label={view.recoverCodeLabel} onClick={view.sendRecoverCode} disabled={!view.canSendRecoverCode} busy={view.sendingRecoverCode} />}
      />
      <ActionButton onClick={view.recoverNext} disabled={!view.canRecoverNext} busy={view.verifying} busyText="验证中">
        下一步
      </ActionButton>
    </section>
  );
}

/** Panel 6, the /register page: phone, code (60 s resend), password, agreement → 注册. */
export function RegisterPanel({ view }: PanelProps) {
  return (
    <section className="login-panel" data-panel="6" data-testid="login-panel-6" aria-labelledby={panelTitleId(6)}>
      <PanelBar onClose={view.close} canClose={view.canClose} />
      <PanelTitle id={panelTitleId(6)} title="注册账号" hint="注册后可使用手机号和密码登录" />
      <PhoneField id="login-register-phone" value={view.phone} onChange={view.changePhone} disabled={!view.canEditRegister} />
      <CodeField
        id="login-register-code"
        maxLength={CODE_LENGTH}
        value={view.registerCode}
        onChange={view.changeRegisterCode}
        disabled={!view.canEditRegister}
        action={<CodeButton label={view.registerCodeLabel} onClick={view.sendRegisterCode} disabled={!view.canSendRegisterCode} busy={view.sendingRegisterCode} />}
      />
      <PasswordField
        id="login-register-password"
        label="密码"
        placeholder={LOGIN_MESSAGES.newPasswordInvalid}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        value={view.registerPassword}
        onChange={view.changeRegisterPassword}
        disabled={!view.canEditRegister}
      />
      <ActionButton onClick={view.submitRegister} disabled={!view.canRegister} busy={view.registering} busyText="注册中">
        注册
      </ActionButton>
      <AgreementRow agreed={view.agreed} onToggle={view.toggleAgreement} disabled={!view.canToggleAgreement} onOpen={view.openDocument} />
      <footer className="login-footer">
        <LinkButton onClick={view.toSms} disabled={!view.canSwitchToSms}>
          已有账号，去登录
        </LinkButton>
      </footer>
    </section>
  );
}

/** Panel 5: set a new password. */
export function NewPasswordPanel({ view }: PanelProps) {
  return (
    <section className="login-panel" data-panel="5" data-testid="login-panel-5" aria-labelledby={panelTitleId(5)}>
      <PanelBar onBack={view.back} canBack={view.canGoBack} />
      <PanelTitle id={panelTitleId(5)} title="设置新密码" hint="密码为6-15位数字与字母组合" />
      <PasswordField
        id="login-new-password"
        label="新密码"
        placeholder={LOGIN_MESSAGES.newPasswordInvalid}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        value={view.newPassword}
        onChange={view.changeNewPassword}
        disabled={!view.canEditReset}
      />
      <PasswordField
        id="login-confirm-password"
        label="确认新密码"
        placeholder={LOGIN_MESSAGES.confirmPasswordInvalid}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        value={view.confirmPassword}
        onChange={view.changeConfirmPassword}
        disabled={!view.canEditReset}
      />
      <ActionButton onClick={view.submitReset} disabled={!view.canReset} busy={view.resetting} busyText="提交中">
        确定
      </ActionButton>
    </section>
  );
}
