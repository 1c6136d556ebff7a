import { useRemoteData } from '../../app/use-remote-data.ts';
import { getSellGames } from '../../../api/protocol/calls/trade.ts';

/** getSellGames through the remote-data machine, decoded by its declared schema (a malformed answer is a load failure). */
export function useSellGames() {
  const remote = useRemoteData('sellGames', getSellGames);
  return { games: remote.data ?? null, loading: remote.loading, failed: remote.failed, error: remote.error, retry: remote.retry };
}
