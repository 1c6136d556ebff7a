import type { ReactNode } from 'react';
import type { EmptyAction } from '../../components/list/ListStates.tsx';
import { GAME_ROW_HEIGHT, GameRow } from '../../components/game/GameRow.tsx';
import { DownloadButton } from '../downloads/DownloadButton.tsx';
import type { GameItem } from '../../components/game/game-item.ts';
import { PagedListView } from './PagedListView.tsx';
import type { PagedList } from './use-paged-games.ts';

export const gameKey = (game: GameItem) => `${game.game_id}:${game.platform_game_id}`;

export interface GameListViewProps<T extends GameItem> {
  list: PagedList<T>;
  ranked?: boolean;
  highlight?: string;
  noteOf?: (game: T) => ReactNode;
  keyOf?: (game: T) => string;
  emptyMessage?: string;
  emptyAction?: EmptyAction;
  label?: string;
  pullToRefresh?: boolean;
}

/** A paged list of games in GameRows. */
export function GameListView<T extends GameItem>({ list, ranked, highlight, noteOf, keyOf = gameKey, emptyMessage, emptyAction, label, pullToRefresh }: GameListViewProps<T>) {
  return (
    <PagedListView
      list={list}
      rowHeight={GAME_ROW_HEIGHT}
      getKey={keyOf}
      label={label}
      emptyMessage={emptyMessage}
      emptyAction={emptyAction}
      pullToRefresh={pullToRefresh}
      renderRow={(game, index) => <GameRow game={game} rank={ranked ? index + 1 : undefined} highlight={highlight} note={noteOf?.(game)} action={<DownloadButton game={game} />} />}
    />
  );
}
