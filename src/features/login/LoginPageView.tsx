import type { LoginOverlayActor } from './login-runtime.ts';
import { ConsentSheet, DocumentViewer, Panel } from './LoginOverlay.tsx';
import { useLoginOverlay } from './use-login-overlay.ts';
import './login-overlay.css';

/**
 * The overlay's panels as a full page (/login, /register, /findpassword, /resetpassword): the same
 * machine, the same panel components, the same consent sheet and document viewer; only the frame
 * differs. Shows nothing unless the overlay is open as a page.
 */
export default function LoginPageView({ overlay }: { overlay: LoginOverlayActor }) {
  const view = useLoginOverlay(overlay);
  const panel = view.isPageOpen ? view.panel : null;
  return (
    <>
      <div className="login-page" data-testid="login-page" data-state={view.isPageOpen ? 'open' : 'closed'}>
        <Panel panel={panel} view={view} />
      </div>
      {view.presentation === 'page' && (
        <>
          <ConsentSheet view={view} />
          <DocumentViewer view={view} />
        </>
      )}
    </>
  );
}
