import { decodeGameItems, type GameItem } from '../../components/game/game-item.ts';
import { GameListView } from './GameListView.tsx';
import { usePagedList, type ItemDecoder } from './use-paged-games.ts';
import * as calls from '../../../api/protocol/call-refs.ts';

const decodeAll: ItemDecoder<GameItem> = (list) => decodeGameItems(list);
const decodeOverseas: ItemDecoder<GameItem> = (list) => decodeGameItems(list).filter((game) => game.is_overseas);

/**
 * The games matching a keyword (name, pinyin initials, pinyin, tags), the matched text marked.
 * Nothing found: 告诉我们想玩的游戏 opens /suggestbcak with the keyword.
 */
export function SearchResults({ id, keyword, overseasOnly = false }: { id: string; keyword: string; overseasOnly?: boolean }) {
  const list = usePagedList<GameItem>(id, calls.game.getSearchGames, { keyword }, overseasOnly ? decodeOverseas : decodeAll);
  const ask = { label: '告诉我们想玩的游戏', to: '/suggestbcak', data: { keyword } };
  return <GameListView list={list} highlight={keyword} label="搜索结果" emptyMessage="没有找到相关游戏" emptyAction={ask} />;
}
