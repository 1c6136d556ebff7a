import type { PageProps } from '../../app/routes.ts';
import { GameDetailView } from './GameDetailPage.tsx';

/** /gamedetailfold: the game page with a compact, folded description. */
export default function GameDetailFoldPage(props: PageProps) {
  return <GameDetailView {...props} variant="fold" />;
}
