import Button from 'antd-mobile/es/components/button';
import SpinLoading from 'antd-mobile/es/components/spin-loading';
import { useState } from 'react';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Sheet } from '../../components/Sheet.tsx';
import type { LoginPanel } from '../../../machines/login-overlay.selectors.ts';
import { BackIcon, DocumentLinks } from './login-controls.tsx';
import { CodePanel, NewPasswordPanel, panelTitleId, PasswordPanel, RecoverPanel, RegisterPanel, SmsPanel } from './login-panels.tsx';
import type { LoginOverlayActor } from './login-runtime.ts';
import { useLoginOverlay, type LoginOverlayView } from './use-login-overlay.ts';
import './login-overlay.css';

/**
 * The login overlay (SPEC §2): a bottom sheet with five panels, the agreement consent sheet and
 * the in-overlay document viewer. Loaded lazily by LoginOverlayHost on the first open.
 */

/** While the sheet slides away the last panel stays in it, instead of an empty sheet. */
function useShownPanel(panel: LoginPanel | null): LoginPanel | null {
  const [last, setLast] = useState(panel);
  if (panel !== null && panel !== last) setLast(panel);
  return panel ?? last;
}

/** One panel of the overlay, in the sheet or on a page (the same components either way). */
export function Panel({ panel, view }: { panel: LoginPanel | null; view: LoginOverlayView }) {
  return (
    <>
      {panel === 1 && <SmsPanel view={view} />}
      {panel === 2 && <CodePanel view={view} />}
      {panel === 3 && <PasswordPanel view={view} />}
      {panel === 4 && <RecoverPanel view={view} />}
      {panel === 5 && <NewPasswordPanel view={view} />}
      {panel === 6 && <RegisterPanel view={view} />}
    </>
  );
}

export default function LoginOverlay({ overlay }: { overlay: LoginOverlayActor }) {
  const view = useLoginOverlay(overlay);
  const panel = useShownPanel(view.isSheetOpen ? view.panel : null);
  return (
    <>
      {/* Escape = the close button (the machine refuses it mid-request). */}
      <Sheet
        open={view.isSheetOpen}
        onClose={view.close}
        onEscape={() => view.canClose && view.close()}
        popupClassName="login-popup"
        panelClassName="login-sheet"
        className="login-sheet__content"
        labelledBy={panel ? panelTitleId(panel) : undefined}
        testId="login-overlay"
        dataState={view.isSheetOpen ? 'open' : 'closed'}
      >
        <Panel panel={panel} view={view} />
      </Sheet>
      {/* A page shows its own (LoginPageView): the sheets follow the panels. */}
      {view.presentation === 'sheet' && (
        <>
          <ConsentSheet view={view} />
          <DocumentViewer view={view} />
        </>
      )}
    </>
  );
}

/** SPEC §4: shown when the user acts without the box ticked; 'agree and continue' ticks it. */
export function ConsentSheet({ view }: { view: LoginOverlayView }) {
  const open = view.sheetMode === 'asking';
  return (
    <Sheet
      open={open}
      onClose={view.dismissAgreement}
      popupClassName="login-popup login-popup--consent"
      panelClassName="login-consent"
      labelledBy="login-consent-title"
      testId="login-consent"
      dataState={open ? 'open' : 'closed'}
    >
      <h2 id="login-consent-title" className="login-consent__title">
        用户协议与隐私政策
      </h2>
      <p className="login-consent__text">
        为保障您的合法权益，请阅读并同意
        <DocumentLinks onOpen={view.openDocument} />
        后继续登录。
      </p>
      <Button block color="primary" shape="rounded" className="login-action" onClick={view.acceptAgreement}>
        同意并继续
      </Button>
      <Button block fill="none" className="login-consent__cancel" onClick={view.dismissAgreement}>
        取消
      </Button>
    </Sheet>
  );
}

/** The user agreement / privacy policy, as the server has them (sanitised in the view model). */
export function DocumentViewer({ view }: { view: LoginOverlayView }) {
  const open = view.sheetMode === 'viewing';
  return (
    <Sheet
      open={open}
      onClose={view.closeDocument}
      popupClassName="login-popup login-popup--viewer"
      panelClassName="login-viewer"
      className="login-viewer__frame"
      labelledBy="login-viewer-title"
      testId="login-viewer"
      dataState={open ? 'open' : 'closed'}
    >
      <header className="login-viewer__bar">
        <button type="button" className="login-icon-button" aria-label="返回" onClick={view.closeDocument}>
          <BackIcon />
        </button>
        <h2 id="login-viewer-title" className="login-viewer__title">
          {view.documentTitle}
        </h2>
        <span className="login-icon-spacer" />
      </header>
      <div className="login-viewer__body">
        {view.documentStatus === 'failed' ? (
          <LoadFailed message={view.documentError} onRetry={view.retryDocument} />
        ) : view.documentStatus === 'loading' ? (
          <div className="login-viewer__loading" role="status" aria-busy="true">
            <SpinLoading color="primary" style={{ '--size': '28px' }} />
            <span>加载中…</span>
          </div>
        ) : (
          <article className="login-viewer__article" dangerouslySetInnerHTML={{ __html: view.documentHtml }} />
        )}
      </div>
    </Sheet>
  );
}
