import type { PageProps } from '../../app/routes.ts';
import { GameDetailView } from './GameDetailPage.tsx';

/** /gamedetailvip: the game page with the VIP and first-recharge info first. */
export default function GameDetailVipPage(props: PageProps) {
  return <GameDetailView {...props} variant="vip" />;
}
