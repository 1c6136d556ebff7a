import type { DeviceInfo } from '../../api/device.ts';
import { isAndroid } from '../../bridge/device-info.ts';
import { BACK_TO_TOP_THRESHOLD_PX, HIDDEN_CIRCLE_MEDIA_ID, NAV_BAR_HEIGHT_PX } from '../../machines/constants.ts';
import { Link } from '../app/Link.tsx';
import type { RouteDefinition } from '../app/routes.ts';
import { useRuntime } from '../app/runtime-context.tsx';
import { useScrolledPast } from '../app/use-navigation.ts';
import './tab-bar.css';

/** SPEC §2 "Bottom tab bar": four tabs, shown only on top-level routes (the route table decides). */

/** Android's bar (SPEC gives only the non-Android 85 px): Material's bottom-navigation height. */
export const ANDROID_TAB_BAR_HEIGHT_PX = 56;
const HOME_TAB = '/';

type IconName = 'home' | 'discover' | 'circle' | 'mine' | 'top';
const Icon = ({ name }: { name: IconName }) => <span className={`tab-bar__icon tab-bar__icon--${name}`} aria-hidden="true" />;

export interface Tab {
  path: string;
  label: string;
  icon: IconName;
}

export const TABS: readonly Tab[] = [
  { path: HOME_TAB, label: '推荐', icon: 'home' },
  { path: '/about', label: '发现', icon: 'discover' },
  { path: '/circle', label: '游戏圈', icon: 'circle' },
  { path: '/mine', label: '我的', icon: 'mine' },
];

/** SPEC §9: media_id 98 hides the circle tab. */
export function visibleTabs(device: DeviceInfo | null): readonly Tab[] {
  const hideCircle = device?.media_id !== undefined && String(device.media_id) === String(HIDDEN_CIRCLE_MEDIA_ID);
  return hideCircle ? TABS.filter((tab) => tab.path !== '/circle') : TABS;
}

/** The tab a route lights: the home family lights recommend. */
export function activeTabOf(route: Pick<RouteDefinition, 'path' | 'homeFamily'>): string {
  return route.homeFamily ? HOME_TAB : route.path;
}

/** SPEC §9: 85 px outside Android; the safe area is added by the stylesheet. */
export function tabBarHeight(device: DeviceInfo | null, userAgent: string): number {
  return isAndroid(device, userAgent) ? ANDROID_TAB_BAR_HEIGHT_PX : NAV_BAR_HEIGHT_PX;
}

function scrollToTop() {
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
}

export function TabBar({ route }: { route: Pick<RouteDefinition, 'path' | 'homeFamily'> }) {
  const runtime = useRuntime();
  const scrolledPast = useScrolledPast(BACK_TO_TOP_THRESHOLD_PX);
  const active = activeTabOf(route);
  // SPEC §2: on the home tab the first item becomes back-to-top once scrolled past 500 px.
  const backToTop = active === HOME_TAB && scrolledPast;
  return (
    <nav className="tab-bar" aria-label="底部导航">
      {visibleTabs(runtime.device).map((tab) => {
        const isActive = tab.path === active;
        if (tab.path === HOME_TAB && backToTop) {
          return (
            <button key="top" type="button" className="tab-bar__item tab-bar__item--active" aria-label="回到顶部" onClick={scrollToTop}>
              <Icon name="top" />
              <span className="tab-bar__label">回顶部</span>
            </button>
          );
        }
        return (
          <Link
            key={tab.path}
            to={tab.path}
            className={isActive ? 'tab-bar__item tab-bar__item--active' : 'tab-bar__item'}
            aria-current={isActive ? 'page' : undefined}
          >
            <Icon name={tab.icon} />
            <span className="tab-bar__label">{tab.label}</span>
          </Link>
        );
      })}
    </nav>
  );
}
