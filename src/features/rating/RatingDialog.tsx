import { STAR_MAX } from '../../../machines/constants.ts';
import { CenterDialog } from '../../components/CenterDialog.tsx';
import type { RatingActor } from './rating-runtime.ts';
import { useRating } from './use-rating.ts';
import './rating-dialog.css';

const STAR_VALUES = Array.from({ length: STAR_MAX }, (_, index) => index + 1);
/** What each star count means, under the stars (0: not rated yet). */
const STAR_LABELS = ['点击星星为游戏评分', '很不满意', '不满意', '一般', '满意', '非常满意'];
const UNKNOWN_GAME = '本次充值的游戏';

function StarIcon() {
  return (
    <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true">
      <path d="M12 2.6l2.9 5.9 6.5.9-4.7 4.6 1.1 6.5L12 17.4l-5.8 3.1 1.1-6.5L2.6 9.4l6.5-.9z" fill="currentColor" stroke="currentColor" strokeWidth="1" strokeLinejoin="round" />
    </svg>
  );
}

/** SPEC §2 "Rating dialog: game name, five tappable stars, submit, close" (lazy chunk). */
export default function RatingDialog({ rating }: { rating: RatingActor }) {
  const { stars, gameName, busy, canSubmit, rate, submit, close } = useRating(rating);
  return (
    <CenterDialog open onClose={busy ? () => {} : close} labelledBy="rating-dialog-title" className="rating-dialog">
      <button type="button" className="rating-dialog__close" aria-label="关闭" onClick={close} disabled={busy}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <h2 id="rating-dialog-title" className="rating-dialog__title">
        游戏评价
      </h2>
      <p className="rating-dialog__game">{gameName || UNKNOWN_GAME}</p>
      <p className="rating-dialog__hint">您对这款游戏的体验满意吗？</p>
      <div className="rating-dialog__stars" role="radiogroup" aria-label="评分">
        {STAR_VALUES.map((value) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={stars === value}
            aria-label={`${value}星`}
            className={value <= stars ? 'rating-dialog__star rating-dialog__star--on' : 'rating-dialog__star'}
            onClick={() => rate(value)}
            disabled={busy}
          >
            <StarIcon />
          </button>
        ))}
      </div>
      <p className="rating-dialog__label" aria-live="polite">
        {STAR_LABELS[stars]}
      </p>
      <button type="button" className="rating-dialog__submit" disabled={!canSubmit} onClick={submit}>
        {busy ? '提交中…' : '提交评价'}
      </button>
    </CenterDialog>
  );
}
