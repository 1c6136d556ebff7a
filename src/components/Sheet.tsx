import Popup from 'antd-mobile/es/components/popup';
import { useRef, type ReactNode } from 'react';
import { useFocusTrap } from './use-focus-trap.ts';
import './sheet.css';

/**
 * The one bottom sheet: antd-mobile's Popup (mask, slide, scroll lock, portal) around a labelled
 * `role="dialog"` that keeps the keyboard inside while open (use-focus-trap). Tapping the mask
 * and Escape both call `onClose`, the sheet's own close intent. The caller styles the inside
 * with `className`; the sheet gives it the white panel with rounded top corners.
 */
export interface SheetProps {
  open: boolean;
  onClose(): void;
  /** The dialog's accessible name, when no heading inside names it. */
  label?: string;
  /** The id of the heading inside that names the dialog. */
  labelledBy?: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}

export function Sheet({ open, onClose, label, labelledBy, className, testId, children }: SheetProps) {
  const root = useRef<HTMLDivElement>(null);
  useFocusTrap(open, () => root.current, onClose);
  return (
    <Popup visible={open} onMaskClick={onClose} bodyClassName="app-sheet" destroyOnClose>
      <div ref={root} className={className} role="dialog" aria-modal="true" aria-label={label} aria-labelledby={labelledBy} data-testid={testId}>
        {children}
      </div>
    </Popup>
  );
}
