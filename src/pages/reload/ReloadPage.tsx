import { useEffect } from 'react';
import { lastRoute } from '../../app/last-route.ts';
import { hrefOf } from '../../app/route-data.ts';
import { HOME_PATH } from '../../../machines/navigation.types.ts';

/**
 * /reload (SPEC §2 auth group): a real page reload that lands on the last route
 * (RouterHistoryAfter). The last route never holds /reload (or an auth page), so it cannot loop;
 * without one it lands on home.
 */
export function reloadTarget(storage: Pick<Storage, 'getItem'>): string {
  const last = lastRoute(storage);
  return last ? hrefOf(last) : HOME_PATH;
}

export default function ReloadPage() {
  useEffect(() => {
    window.location.replace(reloadTarget(window.localStorage));
  }, []);
  return (
    <div className="page" role="status" aria-busy="true" style={{ padding: '120px 0', textAlign: 'center', color: '#6e6e6e', fontSize: 14 }}>
      正在刷新…
    </div>
  );
}
