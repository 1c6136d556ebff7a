import { confirm } from '../../components/ConfirmDialog.tsx';
import { readyImperativeRender } from '../../app/toast.ts';
import { currentWifiOnly, mustAskBeforeDownload, readNetworkType } from '../../app/wifi-only.ts';

/** The question 仅Wi-Fi下载 asks on a mobile network. */
export const WIFI_ONLY_CONFIRM = {
  title: '当前为非Wi-Fi网络',
  content: '已开启仅Wi-Fi下载，继续下载将消耗移动数据流量',
  confirmText: '继续下载',
  cancelText: '取消',
} as const;

/**
 * Resolves true when the download may start: at once without the switch or off a mobile network,
 * else after the player answers 继续下载 (false on 取消). The confirm is imported statically: a dynamic
 * import from this (non-entry) chunk would list the entry's stylesheet among its preloads, and
 * that one is inlined into index.html (vite.config.ts), so the preload fails.
 */
export async function confirmDownloadNetwork(host: Record<string, unknown> = window as unknown as Record<string, unknown>): Promise<boolean> {
  if (!mustAskBeforeDownload(currentWifiOnly(), readNetworkType(host))) return true;
  await readyImperativeRender();
  return confirm(WIFI_ONLY_CONFIRM);
}
