import { copyWithToast } from '../../app/clipboard.ts';
import { Sheet } from '../../components/Sheet.tsx';

/** The claimed code, big, with '复制'. */
export function CodeSheet({ title, code, onClose }: { title: string; code: string; onClose: () => void }) {
  return (
    <Sheet open onClose={onClose} label="礼包码" className="code-sheet__panel">
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
    </Sheet>
  );
}
