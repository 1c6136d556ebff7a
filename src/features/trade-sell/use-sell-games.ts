import { useMemo } from 'react';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { decodeSellGames } from './trade-sell-data.ts';
import * as calls from '../../../api/protocol/call-refs.ts';

/** getSellGames through the remote-data machine, decoded (a malformed answer is a load failure). */
export function useSellGames() {
  const remote = useRemoteData('sellGames', calls.trade.getSellGames);
  const games = useMemo(() => (remote.data === null || remote.data === undefined ? null : decodeSellGames(remote.data)), [remote.data]);
  const malformed = !remote.loading && !remote.failed && remote.data !== null && remote.data !== undefined && games === null;
  return { games, loading: remote.loading, failed: remote.failed || malformed, error: malformed ? '数据格式错误，请稍后重试' : remote.error, retry: malformed ? remote.refresh : remote.retry };
}
