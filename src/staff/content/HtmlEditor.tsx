import { useEffect, useState } from 'react';
import type { preview as articlePreview } from '../../../api/protocol/staff/articles.ts';
import type { preview as noticePreview } from '../../../api/protocol/staff/notices.ts';
import { STAFF_CODE } from '../../../api/protocol/staff-codes.ts';
import { useStaffClient } from '../runtime-context.tsx';
import { HtmlView, useSettled } from './parts.tsx';

/** The preview call's declaration: its answer is read by its schema. */
type PreviewCall = typeof noticePreview | typeof articlePreview;

/**
 * An HTML body: the textarea as written, and beside it (below on a phone) the preview of what the
 * server will store — its own sanitiser's output, asked once typing pauses — shown through the
 * console's sanitiser as well. What the preview shows is what players get.
 *
 * `value` and `onChange` may be left to an antd Form.Item, which hands them to its control.
 */
export function HtmlEditor({ label, value = '', onChange, previewCall, placeholder, rows = 12 }: { label: string; value?: string; onChange?: (value: string) => void; previewCall: PreviewCall; placeholder?: string; rows?: number }) {
  const client = useStaffClient();
  const settled = useSettled(value, 350);
  const [preview, setPreview] = useState<{ html: string; length: number; max: number; error: string } | null>(null);

  useEffect(() => {
    if (settled.trim() === '') {
      setPreview(null);
      return;
    }
    let live = true;
    void client.call(previewCall, { html: settled }).then((answer) => {
      if (!live) return;
      const data = answer.code === STAFF_CODE.ok ? answer.data : null;
      if (data) setPreview({ html: data.html, length: data.length, max: data.max, error: '' });
      else if (answer.code !== STAFF_CODE.notSignedIn) setPreview((current) => ({ html: current?.html ?? '', length: current?.length ?? 0, max: current?.max ?? 0, error: answer.msg || '预览失败' }));
    });
    return () => {
      live = false;
    };
  }, [client, settled, previewCall]);

  const stale = settled !== value;
  return (
    <div className="content-editor">
      <label className="staff-field content-editor-source">
        <span>{label}（HTML）</span>
        <textarea className="content-textarea content-code" name="html" rows={rows} value={value} placeholder={placeholder} spellCheck={false} onChange={(event) => onChange?.(event.target.value)} />
        <span className="staff-muted content-hint">可用：h2–h4、p、br、ul/ol/li、strong、em、a、img、table；脚本、样式、事件属性和外链框架会被移除。</span>
      </label>
      <section className="content-preview" aria-label="预览">
        <div className="content-preview-head">
          <span>预览（服务器清洗后，玩家看到的内容）</span>
          {preview && !preview.error ? (
            <span className={preview.length > preview.max ? 'content-over' : 'staff-muted'}>
              {preview.length} / {preview.max} 字符
            </span>
          ) : null}
        </div>
        {preview?.error ? <div className="staff-error">{preview.error}</div> : null}
        {value.trim() === '' ? (
          <div className="staff-muted content-preview-empty">输入正文后在这里预览</div>
        ) : preview ? (
          <div className={stale ? 'content-preview-body stale' : 'content-preview-body'}>
            {preview.html === '' ? <div className="staff-warn">清洗后没有可显示的内容</div> : <HtmlView html={preview.html} label="预览内容" />}
          </div>
        ) : (
          <div className="staff-muted content-preview-empty">预览生成中…</div>
        )}
      </section>
    </div>
  );
}
