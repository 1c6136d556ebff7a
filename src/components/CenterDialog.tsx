import CenterPopup from 'antd-mobile/es/components/center-popup';
import { useRef, type ReactNode } from 'react';
import { useFocusTrap } from './use-focus-trap.ts';
import './center-dialog.css';

/**
 * The one centred dialog, Sheet's sibling: antd-mobile's CenterPopup (mask, fade, scroll lock,
 * portal) around a labelled `role="dialog"` that keeps the keyboard inside while open
 * (use-focus-trap). Escape calls `onClose`, the dialog's own close intent; a tap on the mask
 * does too only with `maskClosable` (an offer or a forced update must be answered with its
 * buttons). The caller styles the inside with `className`; the dialog gives it the white panel
 * with rounded corners, 24 px from the screen's sides at most; `fullScreen` gives it the whole
 * screen on black instead (a picture viewer).
 */
export interface CenterDialogProps {
  open: boolean;
  onClose(): void;
  /** The dialog's accessible name, when no heading inside names it. */
  label?: string;
  /** The id of the heading inside that names the dialog. */
  labelledBy?: string;
  className?: string;
  testId?: string;
  /** A tap on the mask closes it (as the bottom sheet's does). */
  maskClosable?: boolean;
  /** State for tests and styles (`data-state` on the dialog). */
  dataState?: string;
  /** The whole screen on black, no panel: a picture viewer. */
  fullScreen?: boolean;
  children: ReactNode;
}

export function CenterDialog({ open, onClose, label, labelledBy, className, testId, maskClosable = false, dataState, fullScreen = false, children }: CenterDialogProps) {
  const root = useRef<HTMLDivElement>(null);
  useFocusTrap(open, () => root.current, onClose);
  return (
    <CenterPopup visible={open} onMaskClick={maskClosable ? onClose : undefined} className={fullScreen ? 'app-dialog app-dialog--full' : 'app-dialog'} bodyClassName="app-dialog__body" destroyOnClose>
      <div ref={root} className={className} role="dialog" aria-modal="true" aria-label={label} aria-labelledby={labelledBy} data-testid={testId} data-state={dataState}>
        {children}
      </div>
    </CenterPopup>
  );
}
