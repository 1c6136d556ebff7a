import { Link } from '../../app/Link.tsx';
import { useCurrentPath } from '../../app/use-navigation.ts';
import './games.css';

/** The tabs of the home screen (SPEC §2 home family): each is its own kept-alive route. */
export const HOME_TABS: readonly { path: string; label: string }[] = [
  { path: '/', label: '推荐' },
  { path: '/newgame', label: '新游' },
  { path: '/ranking', label: '排行' },
  { path: '/routine', label: '开服表' },
  { path: '/homedown', label: 'BT' },
  { path: '/overseas', label: '海外' },
  { path: '/newserve', label: '今日开服' },
];

/** The search bar (→ /searchHistory) and the home tabs, on top of every home-family page. */
export function HomeHeader({ searchPath = '/searchHistory', placeholder = '搜索游戏名称 / 拼音首字母' }: { searchPath?: string; placeholder?: string }) {
  const current = useCurrentPath();
  return (
    <header className="home-header">
      <Link className="home-header__search" to={searchPath} role="search" aria-label={`搜索游戏：${placeholder}`}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M16 16l4 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span>{placeholder}</span>
      </Link>
      <nav className="home-tabs" aria-label="首页分类">
        {HOME_TABS.map((tab) => (
          <Link key={tab.path} to={tab.path} replace className={`home-tabs__tab${tab.path === current ? ' home-tabs__tab--active' : ''}`} aria-current={tab.path === current ? 'page' : undefined}>
            {tab.label}
          </Link>
        ))}
      </nav>
    </header>
  );
}

/** Scrolls the chosen tab into the strip's view (the open-server table starts on today, mid-strip). */
const revealActive = (button: HTMLButtonElement | null) => {
  // Only the strip scrolls (scrollIntoView would move the window too, and lose a kept-alive page's scroll).
  const strip = button?.parentElement;
  if (button && strip) strip.scrollLeft = button.offsetLeft - strip.offsetLeft - (strip.clientWidth - button.offsetWidth) / 2;
};

/** A row of tab buttons over one page's list (ranking sorts, open-server days, categories). */
export function TabStrip<K extends string>({ tabs, active, onSelect, label }: { tabs: readonly { key: K; label: string }[]; active: K; onSelect: (key: K) => void; label: string }) {
  return (
    <div className="tab-strip" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.key}
          ref={tab.key === active ? revealActive : undefined}
          type="button"
          role="tab"
          aria-selected={tab.key === active}
          className={`tab-strip__tab${tab.key === active ? ' tab-strip__tab--active' : ''}`}
          onClick={() => onSelect(tab.key)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
