import { Button } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { safeHtml } from '../../app/sanitize.ts';
import { chinaTime } from '../format.ts';

/** Shared pieces of the content modules (意见反馈, 公告, 站内广播, 帮助文章). */

/** The pager of the lists not yet on usePagedTable's antd Table (意见反馈, 交易管理). */
export function Pager({ page, total, limit, onPage }: { page: number; total: number; limit: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <div className="staff-pager">
      <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        上一页
      </Button>
      <span>
        第 {Math.min(page, pages)} / {pages} 页，共 {total} 条
      </span>
      <Button size="small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        下一页
      </Button>
    </div>
  );
}

/** A row of filter chips (a radio group). */
export function Chips<T extends string>({ label, options, value, onChange }: { label: string; options: ReadonlyArray<{ value: T; label: ReactNode }>; value: T; onChange: (value: T) => void }) {
  return (
    <div className="content-chips" role="radiogroup" aria-label={label}>
      {options.map((option) => (
        <button key={option.value} type="button" role="radio" aria-checked={option.value === value} className={option.value === value ? 'content-chip active' : 'content-chip'} onClick={() => onChange(option.value)}>
          {option.label}
        </button>
      ))}
    </div>
  );
}

export function ErrorLine({ message }: { message: string }) {
  return message ? (
    <div className="staff-error" role="alert">
      {message}
    </div>
  ) : null;
}

export function When({ iso }: { iso: string | null }) {
  return <time dateTime={iso ?? undefined}>{chinaTime(iso)}</time>;
}

/**
 * The console's page policy loads pictures from this site (and the media origin) only, so a
 * picture from elsewhere in a notice or article is shown as its address instead of being loaded
 * (no request leaves for a third party, no policy error). It works on the sanitised content as
 * inert nodes (src/app/sanitize.ts), before anything is in the page.
 */
export function replaceOutsidePictures(content: DocumentFragment): void {
  for (const img of Array.from(content.querySelectorAll('img'))) {
    const src = img.getAttribute('src') ?? '';
    let outside = true;
    try {
      outside = new URL(src, window.location.href).origin !== window.location.origin;
    } catch {
      outside = true;
    }
    if (!outside) continue;
    const note = document.createElement('span');
    note.className = 'content-outside-img';
    note.textContent = `［外部图片，预览不加载：${src}］`;
    img.replaceWith(note);
  }
}

/** Server-sanitised HTML, sanitised again here (DOMPurify, the 'app-html' Trusted Types policy) before it is shown. */
export function HtmlView({ html, label }: { html: string; label: string }) {
  return <div className="content-html" aria-label={label} dangerouslySetInnerHTML={{ __html: safeHtml(html, { rewrite: replaceOutsidePictures }) }} />;
}

/** Characters as the server counts a text's limit (code points). */
export const chars = (text: string) => Array.from(text).length;

/** A picture shown whole over the page; a click or Escape closes it. */
export function PictureViewer({ src, onClose }: { src: string; onClose: () => void }) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="content-viewer" role="dialog" aria-label="查看图片" onClick={onClose}>
      <img src={src} alt="反馈图片" />
      <button type="button" className="content-viewer-close" aria-label="关闭图片" onClick={onClose}>
        ×
      </button>
    </div>
  );
}

/** Remembers a value for `ms` after it last changed (the preview waits for typing to pause). */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
