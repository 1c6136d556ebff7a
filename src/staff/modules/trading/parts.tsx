import { useEffect, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { checkReason, TRADE_REASON_MAX } from '../../../../api/protocol/trade-rules.ts';
import { chars, ErrorLine } from '../../content/parts.tsx';

/** Pieces both tabs of 账号交易 use: the note / reason form and the screenshot viewer. */

/**
 * A required note (驳回原因, 裁定说明): 1–200 characters as the server counts them, checked with
 * the server's own checkReason (TRADE_MSG texts) before `onSubmit` gets the trimmed text.
 */
export function NoteForm({ label, hint, name, submitText, danger, busy, onSubmit, onCancel }: { label: string; hint: string; name: string; submitText: string; danger?: boolean; busy: boolean; onSubmit: (note: string) => void; onCancel: () => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const submit = () => {
    const checked = checkReason(value);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError('');
    onSubmit(checked.value);
  };
  const length = chars(value.trim());
  return (
    <form
      className="trading-note"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label className="staff-field">
        <span>{hint}</span>
        <textarea className="content-textarea" name={name} value={value} rows={3} onChange={(event) => setValue(event.target.value)} />
      </label>
      <div className="trading-note-foot">
        <span className={length > TRADE_REASON_MAX ? 'staff-error-text' : 'staff-muted'}>
          {length}/{TRADE_REASON_MAX}
        </span>
        <Button size="small" color={danger ? 'danger' : 'primary'} disabled={busy} type="submit">
          {submitText}
        </Button>
        <Button size="small" disabled={busy} onClick={onCancel}>
          取消
        </Button>
      </div>
      <ErrorLine message={error} />
    </form>
  );
}

/** A screenshot shown whole over the page; a click or Escape closes it. */
export function ScreenshotViewer({ src, label, onClose }: { src: string; label: string; onClose: () => void }) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="content-viewer" role="dialog" aria-label="查看截图" onClick={onClose}>
      <img src={src} alt={label} />
      <button type="button" className="content-viewer-close" aria-label="关闭截图" onClick={onClose}>
        ×
      </button>
    </div>
  );
}
