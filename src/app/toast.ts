/**
 * Toasts through antd-mobile's Toast, loaded on first use so the UI kit stays out of the entry
 * chunk; it is warmed up when the browser is idle after the first paint.
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

export function warmUpToast(): void {
  const idle = (window as Window & { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 1500));
  idle(() => void load());
}
