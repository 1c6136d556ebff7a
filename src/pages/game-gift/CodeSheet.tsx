import { copyWithToast } from '../../app/clipboard.ts';

/** The claimed code, big, with '复制'. */
export function CodeSheet({ title, code, onClose }: { title: string; code: string; onClose: () => void }) {
  return (
    <div className="code-sheet" role="dialog" aria-modal="true" aria-label="礼包码">
      <button type="button" className="code-sheet__backdrop" aria-label="点击空白处关闭" onClick={onClose} />
      <div className="code-sheet__panel">
        <h2 className="code-sheet__title">{title}</h2>
        <p className="code-sheet__hint">礼包码</p>
        <output className="code-sheet__code" data-testid="gift-code">
          {code}
        </output>
        <button type="button" className="code-sheet__copy" onClick={() => void copyWithToast(code)}>
          复制
        </button>
        <button type="button" className="code-sheet__close" onClick={onClose}>
          关闭
        </button>
      </div>
    </div>
  );
}
