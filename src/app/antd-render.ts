import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot } from 'react-dom/client';

let registered = false;

/**
 * antd-mobile's imperative APIs (Toast.show, Dialog.show …) render through this on React 19
 * (STACK.md). Loaded with the first imperative component, so it stays out of the entry chunk.
 */
export function registerAntdRender(): void {
  if (registered) return;
  registered = true;
  unstableSetRender((node, container) => {
    const root = createRoot(container as Element);
    root.render(node);
    return async () => root.unmount();
  });
}
