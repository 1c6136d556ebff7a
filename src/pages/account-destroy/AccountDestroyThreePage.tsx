import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { CancelPage } from './cancel-parts.tsx';

/** /accountdestorythree: a type-5 code to the account's phone (60 s resend), 4 digits, 确认注销 asks once more. */

export const CONFIRM_TEXT = '注销后账号将无法恢复，确定要注销吗？';

export default function AccountDestroyThreePage() {
  return (
    <CancelPage page="code">
      {(view) => (
        <>
          <section className="cancel-code">
            <p className="cancel-code__to">{view.codeSent ? `验证码已发送至 ${view.phone}` : `将向您绑定的手机号 ${view.phone} 发送验证码`}</p>
            <div className="cancel-code__row">
              <input
                className="cancel-code__input"
                aria-label="验证码"
                placeholder="请输入验证码"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={4}
                value={view.code}
                onChange={(e) => view.changeCode(e.target.value)}
                disabled={view.submitting}
              />
              <button type="button" className="cancel-code__send" onClick={view.sendCode} disabled={!view.canSendCode}>
                {view.countdown > 0 ? `${view.countdown}s后重新获取` : view.codeSent ? '重新获取' : '获取验证码'}
              </button>
            </div>
          </section>
          <div className="cancel-actions">
            <button type="button" className="cancel-button cancel-button--danger" onClick={view.submit} disabled={view.code.length === 0 || view.submitting}>
              确认注销
            </button>
          </div>
          <ConfirmDialog
            visible={view.confirming}
            title="确认注销"
            content={CONFIRM_TEXT}
            cancelText="取消"
            confirmText="确认注销"
            danger
            maskClosable
            onConfirm={view.confirm}
            onCancel={view.cancel}
          />
        </>
      )}
    </CancelPage>
  );
}
