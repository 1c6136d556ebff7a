import { shallowEqual, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { connectAgreementSheet, type AgreementSheetSnapshot } from '../../../machines/agreement-sheet.connect.ts';
import { connectLoginOverlay } from '../../../machines/login-overlay.connect.ts';
import type { LoginOverlaySnapshot } from '../../../machines/login-overlay.selectors.ts';
import { safeHtml } from '../../app/sanitize.ts';
import type { LoginOverlayActor } from './login-runtime.ts';

/**
 * The login overlay's view: connect() of the overlay and of its consent sheet child (two actors,
 * one selector each, compared shallowly), and the sheet's document HTML sanitised for the DOM.
 * Every value and rule lives in machines/login-overlay.connect.ts, where unit tests reach it.
 */
export function useLoginOverlay(overlay: LoginOverlayActor) {
  const view = useSelector(overlay, (snapshot: LoginOverlaySnapshot) => connectLoginOverlay(snapshot, overlay.send), shallowEqual);
  const sheetRef = view.agreementSheet;
  const sheet = useSelector(sheetRef, (snapshot: AgreementSheetSnapshot | undefined) => connectAgreementSheet(snapshot, sheetRef?.send), shallowEqual);
  const documentHtml = useMemo(() => (sheet.documentHtml ? safeHtml(sheet.documentHtml) : ''), [sheet.documentHtml]);
  return { ...view, ...sheet, documentHtml };
}

export type LoginOverlayView = ReturnType<typeof useLoginOverlay>;
