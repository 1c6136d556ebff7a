import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { PRIVACY_POLICY_CALL } from '../../app/privacy-consent.ts';
import { safeHtml } from '../../app/sanitize.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Sheet } from '../../components/Sheet.tsx';
import './privacy-guide.css';
import type { CallRef } from '../../../api/protocol/call-spec.ts';
import * as calls from '../../../api/protocol/call-refs.ts';

/**
 * 个人信息保护指引: the compact bottom sheet a Chinese app shows before it reads any
 * personal information. 同意 records the consent; 不同意 keeps the app in its basic mode (no
 * device identifier read or sent). The agreement and the policy open inside the sheet, from the
 * server (agreeH5 / userPrivacyH5), sanitised.
 */

type GuideDocument = 'agreement' | 'privacy';

const DOCUMENT_CALLS = {
  agreement: calls.down.agreeH5,
  privacy: PRIVACY_POLICY_CALL,
} satisfies Record<GuideDocument, CallRef>;
const DOCUMENT_TITLES: Record<GuideDocument, string> = { agreement: '用户协议', privacy: '隐私政策' };

export interface PrivacyGuideSheetProps {
  open: boolean;
  /** The player had agreed to an older version of the policy: say it changed. */
  updated?: boolean;
  onAgree(): void;
  onRefuse(): void;
}

export default function PrivacyGuideSheet({ open, updated = false, onAgree, onRefuse }: PrivacyGuideSheetProps) {
  const [reading, setReading] = useState<GuideDocument | null>(null);
  return (
    // The guide must be answered: no mask, and Escape only leaves a document being read.
    <Sheet
      open={open}
      onClose={() => setReading(null)}
      maskClosable={false}
      popupClassName="privacy-guide-popup"
      panelClassName={reading ? 'privacy-guide privacy-guide--reading' : 'privacy-guide'}
      className={reading ? 'privacy-guide__frame' : undefined}
      labelledBy={reading ? 'privacy-guide-doc-title' : 'privacy-guide-title'}
      testId={reading ? undefined : 'privacy-guide'}
    >
      {reading ? (
        <GuideDocumentView doc={reading} onBack={() => setReading(null)} />
      ) : (
        <>
          <h2 id="privacy-guide-title" className="privacy-guide__title">
            个人信息保护指引
          </h2>
          <div className="privacy-guide__text">
            {updated && <p className="privacy-guide__updated">我们更新了《隐私政策》。请阅读更新后的内容，同意后我们才会继续读取设备标识信息。</p>}
            <p>
              欢迎使用乐玩游戏盒！我们非常重视您的个人信息保护。使用前请仔细阅读
              <button type="button" className="privacy-guide__link" onClick={() => setReading('agreement')}>
                《用户协议》
              </button>
              和
              <button type="button" className="privacy-guide__link" onClick={() => setReading('privacy')}>
                《隐私政策》
              </button>
              。
            </p>
            <p>经您同意后，我们才会读取设备标识信息（IMEI、OAID、Android ID、MAC 地址等），用于下载统计、账号安全与防沉迷。</p>
            <p>如不同意，您仍可浏览和下载游戏，我们不会读取或上传您的设备标识。您可以随时在「系统设置」中更改。</p>
          </div>
          <Button block color="primary" shape="rounded" className="privacy-guide__agree" onClick={onAgree}>
            同意
          </Button>
          <Button block fill="none" className="privacy-guide__refuse" onClick={onRefuse}>
            不同意
          </Button>
        </>
      )}
    </Sheet>
  );
}

function GuideDocumentView({ doc, onBack }: { doc: GuideDocument; onBack: () => void }) {
  const document = useRemoteData('privacyDocument', DOCUMENT_CALLS[doc]);
  return (
    <>
      <header className="privacy-guide__bar">
        <button type="button" className="privacy-guide__back" aria-label="返回" onClick={onBack}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <h2 id="privacy-guide-doc-title" className="privacy-guide__doc-title">
          {document.data?.title || DOCUMENT_TITLES[doc]}
        </h2>
        <span className="privacy-guide__spacer" />
      </header>
      <div className="privacy-guide__body">
        {document.failed ? (
          <LoadFailed message={document.error} onRetry={document.retry} />
        ) : !document.data ? (
          <p className="privacy-guide__loading" role="status" aria-busy="true">
            加载中…
          </p>
        ) : (
          <article className="privacy-guide__article" dangerouslySetInnerHTML={{ __html: safeHtml(String(document.data.content ?? '')) }} />
        )}
      </div>
    </>
  );
}
