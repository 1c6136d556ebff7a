import Popup from 'antd-mobile/es/components/popup';
import { useRef, type ReactNode } from 'react';
import { useFocusTrap } from './use-focus-trap.ts';
import './sheet.css';

/**
 * The one bottom sheet: antd-mobile's Popup (mask, slide, scroll lock, portal) around a labelled
 * `role="dialog"` that keeps the keyboard inside while open (use-focus-trap). Tapping the mask
 * and Escape both call `onClose`, the sheet's own close intent (a sheet that must be answered
 * turns the mask off; one whose Escape is guarded gives `onEscape`). The caller styles the inside
 * with `className`; the sheet gives it the white panel with rounded top corners.
 */
export interface SheetProps {
  open: boolean;
  onClose(): void;
  /** Escape's intent when it differs from the mask's. */
  onEscape?(): void;
  /** A tap on the mask calls onClose (default); false: the sheet must be answered with its buttons. */
  maskClosable?: boolean;
  /** The dialog's accessible name, when no heading inside names it. */
  label?: string;
  /** The id of the heading inside that names the dialog. */
  labelledBy?: string;
  className?: string;
  /** Classes of the popup (its z-index, colour variables) and of the panel (its height), beside the house ones. */
  popupClassName?: string;
  panelClassName?: string;
  testId?: string;
  /** State for tests and styles (`data-state` on the dialog). */
  dataState?: string;
  children: ReactNode;
}

export function Sheet({ open, onClose, onEscape, maskClosable = true, label, labelledBy, className, popupClassName, panelClassName, testId, dataState, children }: SheetProps) {
  const root = useRef<HTMLDivElement>(null);
  useFocusTrap(open, () => root.current, onEscape ?? onClose);
  return (
    <Popup visible={open} onMaskClick={maskClosable ? onClose : undefined} className={popupClassName} bodyClassName={panelClassName ? `app-sheet ${panelClassName}` : 'app-sheet'} destroyOnClose>
      <div ref={root} className={className} role="dialog" aria-modal="true" aria-label={label} aria-labelledby={labelledBy} data-testid={testId} data-state={dataState}>
        {children}
      </div>
    </Popup>
  );
}
