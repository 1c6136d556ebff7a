import type { ChangeEvent, ReactNode } from 'react';
import {
  charCount,
  COMMON_BACK_CATEGORIES,
  CONTACT_MAX,
  FEEDBACK_CATEGORY_TEXT,
  FEEDBACK_DAILY_LIMIT,
  FEEDBACK_IMAGES_MAX,
  FEEDBACK_LOG_RETENTION_DAYS,
  FEEDBACK_TEXT_MAX,
  FEEDBACK_TEXT_MIN,
  GAME_NAME_MAX,
  type FeedbackCategory,
} from '../../../api/protocol/help-rules.ts';
import { Checkbox } from '../../components/Checkbox.tsx';
import { usePicture, type Picture, type useFeedbackForm } from './use-feedback-form.ts';
import './feedback.css';

/** The feedback form's parts: category chips, the text with its counter, the pictures, contact, submit. */

type Form = ReturnType<typeof useFeedbackForm>;

const ACCEPT = 'image/jpeg,image/png,image/webp';

export function Section({ title, note, required, children }: { title: string; note?: string; required?: boolean; children: ReactNode }) {
  return (
    <section className="fb-section" aria-label={title}>
      <h2 className="fb-section__title">
        {required && <em aria-hidden="true">*</em>}
        {title}
        {note && <small>{note}</small>}
      </h2>
      {children}
    </section>
  );
}

export function CategoryChips({ form, categories = COMMON_BACK_CATEGORIES }: { form: Form; categories?: readonly FeedbackCategory[] }) {
  return (
    <div className="fb-chips" role="radiogroup" aria-label="反馈类型">
      {categories.map((category) => (
        <button key={category} type="button" role="radio" className="fb-chip" aria-checked={form.category === category} onClick={() => form.setCategory(category)}>
          {FEEDBACK_CATEGORY_TEXT[category]}
        </button>
      ))}
    </div>
  );
}

/** A text area with a live count of characters as the server counts them (code points). */
export function CountedText({ value, onChange, label, placeholder, min = 0 }: { value: string; onChange: (text: string) => void; label: string; placeholder: string; min?: number }) {
  const count = charCount(value.trim());
  return (
    <div className="fb-textarea">
      <textarea value={value} onChange={(event) => onChange(event.target.value)} aria-label={label} placeholder={placeholder} rows={5} />
      <span className={`fb-counter${count > FEEDBACK_TEXT_MAX || (count > 0 && count < min) ? ' fb-counter--over' : ''}`} aria-live="polite">
        {count}/{FEEDBACK_TEXT_MAX}
      </span>
    </div>
  );
}

function PictureTile({ picture, onRemove }: { picture: Picture; onRemove: () => void }) {
  const state = usePicture(picture.actor);
  return (
    <div className="fb-tile" data-testid="feedback-picture" data-stage={String(state.stage)}>
      <img className="fb-tile__img" src={picture.preview} alt="反馈图片" />
      {state.stage === 'failed' ? (
        <button type="button" className="fb-tile__veil fb-tile__veil--failed" onClick={state.retry} aria-label={`${state.error ?? '上传失败'}，点击重试`}>
          <span>上传失败</span>
          <span>点击重试</span>
        </button>
      ) : state.stage !== 'uploaded' ? (
        <div className="fb-tile__veil" role="progressbar" aria-label="上传进度" aria-valuemin={0} aria-valuemax={100} aria-valuenow={state.progress}>
          <span>{state.stage === 'ticket' ? '准备上传' : `${state.progress}%`}</span>
          <div className="fb-tile__bar">
            <span style={{ width: `${state.progress}%` }} />
          </div>
        </div>
      ) : null}
      <button type="button" className="fb-tile__remove" onClick={onRemove} aria-label="删除图片">
        ×
      </button>
    </div>
  );
}

export function Pictures({ form }: { form: Form }) {
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    form.addFiles(files);
  };
  return (
    <>
      <div className="fb-pictures">
        {form.pictures.map((picture) => (
          <PictureTile key={picture.id} picture={picture} onRemove={() => form.removePicture(picture.id)} />
        ))}
        {form.pictures.length < FEEDBACK_IMAGES_MAX && (
          <label className="fb-add">
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span>
              {form.pictures.length}/{FEEDBACK_IMAGES_MAX}
            </span>
            <input type="file" accept={ACCEPT} multiple onChange={pick} aria-label="添加图片" data-testid="feedback-picture-input" />
          </label>
        )}
      </div>
      <p className="fb-note">支持JPG、PNG、WebP格式，单张不超过5MB</p>
    </>
  );
}

export function ContactInput({ form }: { form: Form }) {
  return <input className="fb-input" value={form.contact} onChange={(event) => form.setContact(event.target.value)} aria-label="联系方式" placeholder="手机号 / QQ / 微信，方便我们联系您" maxLength={CONTACT_MAX} />;
}

export function GameNameInput({ form }: { form: Form }) {
  return <input className="fb-input" value={form.gameName} onChange={(event) => form.setGameName(event.target.value)} aria-label="游戏名称" placeholder="请输入游戏名称" maxLength={GAME_NAME_MAX} />;
}

/** The player's consent to send the app's event log with the feedback; unticked until they tick it. */
export function LogConsent({ form }: { form: Form }) {
  return (
    <section className="fb-section fb-log" aria-label="使用记录">
      <Checkbox checked={form.attachLog} onChange={form.setAttachLog}>
        附带本次使用记录，帮助我们定位问题
      </Checkbox>
      <p className="fb-log__note">记录只含操作步骤，不含密码、验证码、手机号和身份证号；仅客服可见，保存{FEEDBACK_LOG_RETENTION_DAYS}天</p>
    </section>
  );
}

export function SubmitButton({ form }: { form: Form }) {
  return (
    <>
      <button type="button" className="fb-submit" disabled={!form.ready} aria-busy={form.busy} onClick={() => void form.submit()}>
        {form.busy ? '提交中…' : '提交'}
      </button>
      <p className="fb-hint" role="status">
        {form.hint ?? `每个账号每天最多提交${FEEDBACK_DAILY_LIMIT}次反馈`}
      </p>
    </>
  );
}

export const TEXT_PLACEHOLDER = `请详细描述您遇到的问题或建议（${FEEDBACK_TEXT_MIN}-${FEEDBACK_TEXT_MAX}字），如游戏名称、订单号、出现问题的时间等`;
