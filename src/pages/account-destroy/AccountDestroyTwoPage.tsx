import { CancelPage } from './cancel-parts.tsx';

/** /accountdestorytwo: the server's conditions, each passed or why not; next only when all pass. */

export default function AccountDestroyTwoPage() {
  return (
    <CancelPage page="conditions">
      {(view) => (
        <>
          <section className="cancel-card">
            <h2>注销条件检测</h2>
            <p>为保障您的账号和财产安全，注销前需满足以下条件：</p>
          </section>
          {view.conditionsFailed ? (
            <div className="cancel-actions">
              <p role="alert">{view.error}</p>
              <button type="button" className="cancel-button cancel-button--ghost" onClick={view.retry}>
                重新检测
              </button>
            </div>
          ) : !view.conditionsListed ? (
            <div className="cancel-loading skeleton" aria-busy="true" aria-label="检测中" />
          ) : (
            <>
              <ul className="cancel-conditions" aria-label="注销条件">
                {view.conditions.map((condition) => (
                  <li key={condition.key} className={`cancel-condition${condition.passed ? '' : ' cancel-condition--failed'}`}>
                    <span className="cancel-condition__mark" aria-hidden="true">
                      {condition.passed ? '✓' : '✕'}
                    </span>
                    <div>
                      <p className="cancel-condition__title">{condition.title}</p>
                      {condition.passed ? <p className="cancel-condition__ok">已满足</p> : <p className="cancel-condition__reason">{condition.reason}</p>}
                    </div>
                  </li>
                ))}
              </ul>
              <div className="cancel-actions">
                <button type="button" className="cancel-button" onClick={view.next} disabled={!view.allPassed}>
                  下一步
                </button>
                {!view.allPassed && (
                  <button type="button" className="cancel-button cancel-button--ghost" onClick={view.retry}>
                    重新检测
                  </button>
                )}
              </div>
            </>
          )}
        </>
      )}
    </CancelPage>
  );
}
