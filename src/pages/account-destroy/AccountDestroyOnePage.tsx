import { Link } from '../../app/Link.tsx';
import { COOLING_OFF_DAYS } from './cancel-constants.ts';
import { CancelPage } from './cancel-parts.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';

/** /accountdestoryone: what cancelling means, in short; read and agree → next. */

function WarningIcon() {
  return (
    <svg className="cancel-warning__icon" viewBox="0 0 56 56" aria-hidden="true">
      <circle cx="28" cy="28" r="28" fill="#fff1e8" />
      <path d="M28 14 44 42H12z" fill="#ff7a1a" />
      <rect x="26.5" y="23" width="3" height="11" rx="1.5" fill="#fff" />
      <circle cx="28" cy="38" r="1.8" fill="#fff" />
    </svg>
  );
}

export default function AccountDestroyOnePage() {
  return (
    <CancelPage page="rules">
      {(view) => (
        <>
          <div className="cancel-warning">
            <WarningIcon />
            <p className="cancel-warning__title">注销账号是不可恢复的操作</p>
            <p className="cancel-warning__text">请在操作前仔细阅读以下须知</p>
          </div>
          <section className="cancel-card" aria-label="注销须知">
            <ul>
              <li>注销后账号将无法登录，绑定的手机号将被解除，可用于注册新账号。</li>
              <li>昵称、头像、登录密码等个人信息将被删除，积分、代金券、礼包等权益将被清空且无法找回。</li>
              <li>充值订单、交易记录等依法需要保存的信息将在法定期限内匿名保留。</li>
              <li>提交申请后有{COOLING_OFF_DAYS}天冷静期，期间登录可撤销注销；冷静期满后注销自动完成。</li>
            </ul>
          </section>
          <div className="cancel-agree">
            <Checkbox checked={view.agreed} onChange={view.toggleAgreement}>
              我已阅读并同意<Link to="/accountdestoryrule">《账号注销协议》</Link>
            </Checkbox>
          </div>
          <div className="cancel-actions">
            <button type="button" className="cancel-button" onClick={view.next} disabled={!view.agreed}>
              下一步
            </button>
          </div>
        </>
      )}
    </CancelPage>
  );
}
