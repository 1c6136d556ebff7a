import { useState } from 'react';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { Link } from '../../app/Link.tsx';
import { GameListView } from '../../features/games/GameListView.tsx';
import { TabStrip } from '../../features/games/HomeHeader.tsx';
import { usePagedGames } from '../../features/games/use-paged-games.ts';
import '../../features/games/games.css';
import * as calls from '../../../api/protocol/call-refs.ts';

interface Category {
  key: string;
  label: string;
}

const ALL = 'all';
const MAX_CATEGORIES = 50;

function decodeCategories(value: unknown): Category[] {
  const list = typeof value === 'object' && value !== null ? (value as { list?: unknown }).list : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    const raw = entry as Record<string, unknown>;
    return typeof raw.name === 'string' && (typeof raw.id === 'number' || typeof raw.slug === 'string') ? [{ key: String(raw.slug || raw.id), label: raw.name }] : [];
  });
}

const SHORTCUTS: readonly { path: string; label: string }[] = [
  { path: '/lastweek', label: '上周新游' },
  { path: '/tswk', label: '本周BT' },
  { path: '/hotbt', label: '热门BT' },
  { path: '/h5', label: 'H5游戏' },
  { path: '/zeropointone', label: '0.1折' },
  { path: '/dnewgame', label: '新游' },
  { path: '/dnewserve', label: '新服' },
  { path: '/special', label: '专题' },
];

function CategoryGames({ category }: { category: string }) {
  const list = usePagedGames('categoryGames', calls.game.getGameList, category === ALL ? {} : { category });
  return <GameListView list={list} label="分类游戏" />;
}

/** 发现 (SPEC §2 /about tab): list shortcuts, category tabs, the games of the chosen category. */
export default function DiscoverPage() {
  const categories = useRemoteData('categories', calls.game.getCategories, { limit: MAX_CATEGORIES });
  const [category, setCategory] = useState(ALL);
  const tabs = [{ key: ALL, label: '全部' }, ...decodeCategories(categories.data)];
  return (
    <div className="page games-page">
      <header className="home-header">
        <Link className="home-header__search" to="/searchHistory" role="search" aria-label="搜索游戏：搜索游戏名称 / 拼音首字母">
          <span>搜索游戏名称 / 拼音首字母</span>
        </Link>
      </header>
      <nav className="tab-strip" aria-label="发现">
        {SHORTCUTS.map((shortcut) => (
          <Link key={shortcut.path} className="tab-strip__tab tab-strip__link" to={shortcut.path}>
            {shortcut.label}
          </Link>
        ))}
      </nav>
      <TabStrip label="游戏分类" tabs={tabs} active={category} onSelect={setCategory} />
      <CategoryGames category={category} />
    </div>
  );
}
