import { warmUp } from './warm-up.ts';

/**
 * Toasts through antd-mobile's Toast, loaded on first use so the UI kit stays out of the entry
 * chunk; its files are fetched ahead once start-up has settled and the browser is idle (src/app/warm-up.ts).
 */
type ToastModule = typeof import('antd-mobile/es/components/toast');

let loading: Promise<ToastModule> | null = null;
const load = () =>
  (loading ??= Promise.all([import('antd-mobile/es/components/toast'), import('./antd-render.ts')]).then(([toast, render]) => {
    render.registerAntdRender();
    return toast;
  }));

export function showToast(message: string, durationMs = 2000): void {
  void load().then((module) => module.default.show({ content: message, duration: durationMs }));
}

/**
 * antd-mobile's imperative render for React 19, registered through this entry module's own
 * dynamic import (a non-entry chunk importing antd-render.ts would pull it out of its warm-up chunk).
 */
export function readyImperativeRender(): Promise<void> {
  return load().then(() => undefined);
}

export function warmUpToast(): void {
  warmUp('toast');
}
