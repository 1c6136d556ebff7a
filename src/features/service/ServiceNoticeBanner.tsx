import { SERVICE_NOTICE_TITLE } from '../../../machines/service-poll.constants.ts';
import './service-notification.css';

export interface ServiceNoticeBannerProps {
  content: string;
  onOpen(): void;
  onDismiss(): void;
}

/** The '客服消息' banner itself (lazy chunk): tap opens /service, × hides it. */
export default function ServiceNoticeBanner({ content, onOpen, onDismiss }: ServiceNoticeBannerProps) {
  return (
    <div className="service-notice" role="status" aria-live="polite">
      <button type="button" className="service-notice__body" onClick={onOpen}>
        <span className="service-notice__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="22" height="22">
            <path d="M4 13v-1a8 8 0 0116 0v1" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            <rect x="3" y="12" width="4" height="7" rx="2" fill="currentColor" />
            <rect x="17" y="12" width="4" height="7" rx="2" fill="currentColor" />
            <path d="M19 19c0 1.5-2 2.5-5 2.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
        </span>
        <span className="service-notice__text">
          <strong className="service-notice__title">{SERVICE_NOTICE_TITLE}</strong>
          <span className="service-notice__content">{content}</span>
        </span>
      </button>
      <button type="button" className="service-notice__close" aria-label="关闭通知" onClick={onDismiss}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
