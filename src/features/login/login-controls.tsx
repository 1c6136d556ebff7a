import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import SpinLoading from 'antd-mobile/es/components/spin-loading';
import { useState, type ReactNode } from 'react';
import { PHONE_LENGTH } from '../../../machines/constants.ts';
import type { AgreementDocument } from '../../../machines/agreement-sheet.machine.ts';

/** The overlay's building blocks: bar, fields, action button, agreement row and icons. */

const spinner = <SpinLoading color="currentColor" style={{ '--size': '18px' }} />;

export function PanelBar({ onBack, onClose, canBack = true, canClose = true }: { onBack?: () => void; onClose?: () => void; canBack?: boolean; canClose?: boolean }) {
  return (
    <div className="login-bar">
      {onBack ? (
        <button type="button" className="login-icon-button" aria-label="返回" onClick={onBack} disabled={!canBack}>
          <BackIcon />
        </button>
      ) : (
        <span className="login-icon-spacer" />
      )}
      {onClose ? (
        <button type="button" className="login-icon-button" aria-label="关闭" onClick={onClose} disabled={!canClose}>
          <CloseIcon />
        </button>
      ) : (
        <span className="login-icon-spacer" />
      )}
    </div>
  );
}

export function PanelTitle({ id, title, hint }: { id: string; title: string; hint?: ReactNode }) {
  return (
    <header className="login-heading">
      <h2 id={id} className="login-heading__title">
        {title}
      </h2>
      {hint && <p className="login-heading__hint">{hint}</p>}
    </header>
  );
}

function Field({ id, label, prefix, children, action }: { id: string; label: string; prefix?: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="login-field">
      <label className="login-visually-hidden" htmlFor={id}>
        {label}
      </label>
      {prefix && (
        <span className="login-field__prefix" aria-hidden="true">
          {prefix}
        </span>
      )}
      {children}
      {action}
    </div>
  );
}

interface TextFieldProps {
  id: string;
  value: string;
  onChange(value: string): void;
  disabled: boolean;
}

export function PhoneField({ id, value, onChange, disabled }: TextFieldProps) {
  return (
    <Field id={id} label="手机号" prefix="+86">
      <Input
        id={id}
        className="login-field__input"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={PHONE_LENGTH}
        placeholder="请输入手机号"
        value={value}
        onChange={onChange}
        disabled={disabled}
        clearable
      />
    </Field>
  );
}

export function CodeField({ id, value, onChange, disabled, maxLength, action }: TextFieldProps & { maxLength: number; action: ReactNode }) {
  return (
    <Field id={id} label="验证码" action={action}>
      <Input
        id={id}
        className="login-field__input"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={maxLength}
        placeholder="请输入验证码"
        value={value}
        onChange={onChange}
        disabled={disabled}
      />
    </Field>
  );
}

export function PasswordField({
  id,
  label,
  placeholder,
  autoComplete,
  maxLength,
  value,
  onChange,
  disabled,
}: TextFieldProps & { label: string; placeholder: string; autoComplete: 'current-password' | 'new-password'; maxLength?: number }) {
  const [shown, setShown] = useState(false);
  return (
    <Field
      id={id}
      label={label}
      action={
        <button type="button" className="login-icon-button" aria-label={shown ? '隐藏密码' : '显示密码'} aria-pressed={shown} aria-controls={id} onClick={() => setShown((was) => !was)}>
          <EyeIcon open={shown} />
        </button>
      }
    >
      <Input
        id={id}
        className="login-field__input"
        type={shown ? 'text' : 'password'}
        autoComplete={autoComplete}
        {...(maxLength ? { maxLength } : {})}
        placeholder={placeholder}
        value={value}
        onChange={onChange}
        disabled={disabled}
      />
    </Field>
  );
}

/** A panel's main button. `dimmed`: looks disabled while fields are empty, yet tapping explains what is missing. */
export function ActionButton({
  children,
  onClick,
  disabled,
  busy,
  busyText,
  dimmed = false,
}: {
  children: string;
  onClick(): void;
  disabled: boolean;
  busy: boolean;
  busyText: string;
  dimmed?: boolean;
}) {
  return (
    <Button
      block
      color="primary"
      shape="rounded"
      className={dimmed ? 'login-action login-action--dimmed' : 'login-action'}
      disabled={disabled}
      loading={busy}
      loadingText={busyText}
      loadingIcon={spinner}
      aria-busy={busy}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

/** The small text button beside a code field or the boxes: '获取验证码', '58s后重新获取', '重新获取'. */
export function CodeButton({ label, onClick, disabled, busy }: { label: string; onClick(): void; disabled: boolean; busy: boolean }) {
  return (
    <Button fill="none" size="small" className="login-code-button" disabled={disabled} loading={busy} loadingText="发送中" loadingIcon={spinner} aria-busy={busy} onClick={onClick}>
      {label}
    </Button>
  );
}

export function LinkButton({ children, onClick, disabled = false }: { children: string; onClick(): void; disabled?: boolean }) {
  return (
    <button type="button" className="login-link" onClick={onClick} disabled={disabled}>
      {children}
    </button>
  );
}

export function DocumentLinks({ onOpen }: { onOpen(doc: AgreementDocument): void }) {
  return (
    <>
      <button type="button" className="login-doc-link" onClick={() => onOpen('agreement')}>
        《用户协议》
      </button>
      <button type="button" className="login-doc-link" onClick={() => onOpen('privacy')}>
        《隐私政策》
      </button>
    </>
  );
}

export function AgreementRow({ agreed, onToggle, disabled, onOpen }: { agreed: boolean; onToggle(): void; disabled: boolean; onOpen(doc: AgreementDocument): void }) {
  return (
    <div className="login-agreement">
      <button
        type="button"
        role="checkbox"
        aria-checked={agreed}
        aria-label="我已阅读并同意《用户协议》和《隐私政策》"
        className="login-agreement__box"
        onClick={onToggle}
        disabled={disabled}
      >
        <span className={agreed ? 'login-agreement__tick login-agreement__tick--on' : 'login-agreement__tick'} aria-hidden="true">
          {agreed && <CheckIcon />}
        </span>
      </button>
      <p className="login-agreement__text">
        {/* The sentence toggles too, as a label would; the checkbox carries the accessible name. */}
        <span aria-hidden="true" onClick={disabled ? undefined : onToggle}>
          我已阅读并同意
        </span>
        <DocumentLinks onOpen={onOpen} />
      </p>
    </div>
  );
}

export function BusyNote({ children }: { children: string }) {
  return (
    <div className="login-busy" role="status">
      {spinner}
      <span>{children}</span>
    </div>
  );
}

const iconProps = { width: 22, height: 22, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;
const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export function BackIcon() {
  return (
    <svg {...iconProps}>
      <path d="M15 5l-7 7 7 7" {...stroke} />
    </svg>
  );
}

export function CloseIcon() {
  return (
    <svg {...iconProps}>
      <path d="M6 6l12 12M18 6L6 18" {...stroke} />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M5 12.5l4.5 4.5L19 7.5" {...stroke} strokeWidth={3} />
    </svg>
  );
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg {...iconProps}>
      <path d="M2 12s3.6-6.5 10-6.5S22 12 22 12s-3.6 6.5-10 6.5S2 12 2 12z" {...stroke} strokeWidth={1.6} />
      <circle cx="12" cy="12" r="3" {...stroke} strokeWidth={1.6} />
      {!open && <path d="M4 4l16 16" {...stroke} strokeWidth={1.6} />}
    </svg>
  );
}
