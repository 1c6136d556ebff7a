import { useState } from 'react';
import type { FeedbackView } from '../../../api/protocol/calls/feedback.ts';
import { formatShortTime } from '../money/money-data.ts';
import './feedback.css';

/** One feedback of /backrecord: category, time, status, what the player wrote and sent, the staff replies. */
export function FeedbackCard({ feedback }: { feedback: FeedbackView }) {
  const [viewing, setViewing] = useState<string | null>(null);
  return (
    <article className="fb-card" aria-label={`${feedback.category_text}反馈`} data-testid={`feedback-${feedback.id}`}>
      <div className="fb-card__head">
        <span className="fb-card__category">{feedback.category_text}</span>
        <time className="fb-card__time" dateTime={feedback.created_at}>
          {formatShortTime(feedback.created_at)}
        </time>
        <span className={`fb-status fb-status--${feedback.status}`}>{feedback.status_text}</span>
      </div>
      {feedback.game_name && <p className="fb-card__game">想玩：{feedback.game_name}</p>}
      {feedback.content && <p className="fb-card__content">{feedback.content}</p>}
      {feedback.images.length > 0 && (
        <div className="fb-card__pictures">
          {feedback.images.map((url, index) => (
            <button key={url} type="button" className="fb-card__picture" onClick={() => setViewing(url)} aria-label={`查看图片 ${index + 1}`}>
              <img src={url} alt="" loading="lazy" />
            </button>
          ))}
        </div>
      )}
      {feedback.contact && <p className="fb-card__contact">联系方式：{feedback.contact}</p>}
      {feedback.replies.map((reply) => (
        <div key={reply.id} className="fb-reply" role="note" aria-label="客服回复">
          <div className="fb-reply__who">
            <span>客服回复</span>
            <time dateTime={reply.created_at}>{formatShortTime(reply.created_at)}</time>
          </div>
          <p className="fb-reply__text">{reply.content}</p>
        </div>
      ))}
      {feedback.status === 'pending' && <p className="fb-card__waiting">我们已收到您的反馈，客服会尽快处理并在这里回复您</p>}
      {viewing && (
        <button type="button" className="fb-viewer" onClick={() => setViewing(null)} aria-label="关闭图片">
          <img src={viewing} alt="反馈图片" />
        </button>
      )}
    </article>
  );
}
