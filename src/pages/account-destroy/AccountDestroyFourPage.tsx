import { useNavigate } from '../../app/use-navigation.ts';
import { COOLING_OFF_DAYS } from './cancel-constants.ts';
import { CancelPage } from './cancel-parts.tsx';
import { formatChinaTime } from './use-account-cancel.ts';

/** /accountdestoryfour: the cooling-off until its date, what happens next, 撤销注销; or the account restored. */

function ResultIcon({ ok }: { ok: boolean }) {
  return (
    <svg width="64" height="64" viewBox="0 0 64 64" aria-hidden="true">
      <circle cx="32" cy="32" r="32" fill={ok ? '#e8f8ef' : '#fff1e8'} />
      {ok ? (
        <path d="m20 33 8 8 16-17" fill="none" stroke="#2fb36d" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      ) : (
        <>
          <circle cx="32" cy="32" r="15" fill="none" stroke="#ff7a1a" strokeWidth="3.5" />
          <path d="M32 24v9l6 4" fill="none" stroke="#ff7a1a" strokeWidth="3.5" strokeLinecap="round" />
        </>
      )}
    </svg>
  );
}

export default function AccountDestroyFourPage() {
  const navigate = useNavigate();
  return (
    <CancelPage page="coolingOff">
      {(view) =>
        view.step === 'revoked' ? (
          <>
            <div className="cancel-result">
              <ResultIcon ok />
              <p className="cancel-result__title">已撤销注销</p>
              <p className="cancel-warning__text">您的账号已恢复正常，可继续使用全部服务</p>
            </div>
            <div className="cancel-actions">
              <button type="button" className="cancel-button" onClick={() => navigate('/mine', null, { replace: true })}>
                返回我的
              </button>
            </div>
          </>
        ) : (
          <>
            <div className="cancel-result">
              <ResultIcon ok={false} />
              <p className="cancel-result__title">注销申请已提交，账号处于冷静期</p>
              {view.effectiveAt && <p className="cancel-result__date">将于 {formatChinaTime(view.effectiveAt)} 完成注销</p>}
            </div>
            <section className="cancel-card" aria-label="接下来">
              <h2>接下来会发生什么</h2>
              <ul>
                <li>{COOLING_OFF_DAYS}天冷静期内，您仍可登录，登录时可选择撤销注销。</li>
                <li>冷静期满后，注销自动完成：手机号解除绑定，昵称、头像、密码删除，所有设备退出登录。</li>
                <li>充值订单等依法保存的记录将匿名保留，不再与您的个人信息关联。</li>
              </ul>
            </section>
            <div className="cancel-actions">
              <button type="button" className="cancel-button cancel-button--ghost" onClick={view.revoke} disabled={view.revoking}>
                撤销注销
              </button>
            </div>
          </>
        )
      }
    </CancelPage>
  );
}
