import { useEffect, useRef } from 'react';

/**
 * Keyboard focus for an overlay (a sheet or a dialog): when it opens, focus moves
 * into it (onto its root, which screen readers announce by its label; Tab then reaches its first
 * control); Tab and Shift+Tab cycle inside it; Escape calls `onEscape` (the overlay's own close
 * intent, so the state machine decides); when it closes, focus goes back to the element that had
 * it before (the opener). Overlays stack: only the top one handles keys, and closing it gives
 * focus back to what opened it, inside the overlay below.
 *
 * `getRoot` finds the overlay's element (antd-mobile renders Popup and Dialog content into a
 * portal, sometimes a frame after `open` turns true, so it is looked up until it is there).
 */

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

interface Trap {
  root: () => HTMLElement | null;
  escape: () => void;
}

const stack: Trap[] = [];

function focusables(root: HTMLElement): HTMLElement[] {
  // checkVisibility: not rendered (display: none here or above) is not focusable; where a DOM lacks it, all count.
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => (el.checkVisibility?.() ?? true) && !el.closest('[inert], [aria-hidden="true"]'));
}

function onKeyDown(event: KeyboardEvent) {
  const top = stack.at(-1);
  const root = top?.root();
  if (!top || !root) return;
  if (event.key === 'Escape') {
    event.preventDefault();
    top.escape();
    return;
  }
  if (event.key !== 'Tab') return;
  const items = focusables(root);
  const active = document.activeElement as HTMLElement | null;
  const index = active ? items.indexOf(active) : -1;
  event.preventDefault();
  if (items.length === 0) {
    root.focus();
    return;
  }
  const next = event.shiftKey ? (index <= 0 ? items.length - 1 : index - 1) : index === -1 || index === items.length - 1 ? 0 : index + 1;
  items[next]?.focus();
}

export function useFocusTrap(open: boolean, getRoot: () => HTMLElement | null, onEscape: () => void): void {
  const latest = useRef({ getRoot, onEscape });
  latest.current = { getRoot, onEscape };
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const trap: Trap = { root: () => latest.current.getRoot(), escape: () => latest.current.onEscape() };
    stack.push(trap);
    if (stack.length === 1) document.addEventListener('keydown', onKeyDown, true);
    let frame = 0;
    let tries = 0;
    const enter = () => {
      const root = trap.root();
      if (!root) {
        if (tries++ < 30) frame = requestAnimationFrame(enter);
        return;
      }
      if (root.contains(document.activeElement)) return;
      if (!root.hasAttribute('tabindex')) root.setAttribute('tabindex', '-1');
      root.focus({ preventScroll: true });
    };
    enter();
    return () => {
      cancelAnimationFrame(frame);
      stack.splice(stack.indexOf(trap), 1);
      if (stack.length === 0) document.removeEventListener('keydown', onKeyDown, true);
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [open]);
}
