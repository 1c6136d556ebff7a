import { Activity, Component, lazy, Suspense, useEffect, useLayoutEffect, useMemo, useState, type ComponentType, type CSSProperties, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../machines/constants.ts';
import type { RouteData } from '../../machines/navigation.types.ts';
import { LoadFailed } from '../components/LoadFailed.tsx';
import { TabBar, tabBarHeight } from '../components/TabBar.tsx';
import { GlobalOverlays } from './GlobalOverlays.tsx';
import { pageKey } from './navigation-runtime.ts';
import { routeDataOf } from './route-data.ts';
import { startedPage } from './route-prefetch.ts';
import { startupSettled } from './startup.ts';
import { normalizePath, routeOf, type PageProps, type RouteDefinition } from './routes.ts';
import { useRuntime } from './runtime-context.tsx';
import { useViewEpoch } from './use-navigation.ts';
import './app.css';

/**
 * The app shell: the URL (wouter's location) picks the route; kept-alive pages stay mounted under
 * React 19's <Activity> (hidden, state and DOM intact) and get their window scroll back, other
 * pages unmount; the tab bar shows on top-level routes. Moves themselves go through the
 * navigation machine (runtime.navigate, <Link>), never straight to history.
 */

// The not-found treatment carries the route titles: its own chunk, out of the entry.
const NotFoundPage = lazy(() => import('../components/NotFoundPage.tsx'));
/** Kept-alive pages mounted at most; the least recently shown one is dropped first. */
const KEPT_PAGES_MAX = 8;

interface ShownPage {
  key: string;
  route: RouteDefinition | null;
  data: RouteData | null;
}

const lazyPages = new Map<string, ComponentType<PageProps>>();

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('chunk load timeout')), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

function pageOf(route: RouteDefinition): ComponentType<PageProps> | null {
  const load = route.page;
  if (!load) return null;
  let page = lazyPages.get(route.path);
  if (!page) {
    // The first page, loaded at start (route-prefetch.ts), renders without suspending.
    page = startedPage(route.path) ?? lazy(() => withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS));
    lazyPages.set(route.path, page);
  }
  return page;
}

/** Shows the global loading overlay while a page's code loads (after its delay, so fast loads never flash). */
function PageLoading() {
  const runtime = useRuntime();
  useEffect(() => {
    runtime.loading.send({ type: 'loading.begin' });
    return () => runtime.loading.send({ type: 'loading.end' });
  }, [runtime]);
  return <div className="page" aria-busy="true" />;
}

/** A page whose code failed to load (or that crashed) shows a retry instead of a blank app. */
class PageErrorBoundary extends Component<{ path: string; children: ReactNode }, { failed: boolean }> {
  constructor(props: { path: string; children: ReactNode }) {
    super(props);
    // In the constructor, not a class field: the ES2020 build lowers a field with four helpers into the entry chunk.
    this.state = { failed: false };
  }
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    const retry = () => {
      lazyPages.delete(this.props.path);
      this.setState({ failed: false });
    };
    return (
      <div className="page">
        <LoadFailed message="页面加载失败，请检查网络后重试" onRetry={retry} />
      </div>
    );
  }
}

function RouteView({ page }: { page: ShownPage }) {
  const Page = page.route ? pageOf(page.route) : null;
  return (
    <div className="route-view" data-route={page.route?.path ?? 'not-found'}>
      <PageErrorBoundary path={page.route?.path ?? ''}>
        <Suspense fallback={<PageLoading />}>{Page ? <Page data={page.data} /> : <NotFoundPage route={page.route} />}</Suspense>
      </PageErrorBoundary>
    </div>
  );
}

interface KeptPages {
  epoch: number;
  pages: ShownPage[];
  /** Keys, least recently shown first. */
  recency: string[];
}

/** Kept-alive pages in first-shown order (a stable order: moving DOM nodes would lose their state). */
function useKeptPages(shown: ShownPage, epoch: number): ShownPage[] {
  const [kept, setKept] = useState<KeptPages>({ epoch, pages: [], recency: [] });
  // A login's soft reload drops every kept page: each remounts and refetches when shown again.
  let next = kept.epoch === epoch ? kept : { epoch, pages: [], recency: [] };
  if (shown.route?.keepAlive && next.recency.at(-1) !== shown.key) {
    let pages = next.pages.some((page) => page.key === shown.key) ? next.pages : [...next.pages, shown];
    const recency = [...next.recency.filter((key) => key !== shown.key), shown.key];
    while (pages.length > KEPT_PAGES_MAX) pages = pages.filter((page) => page.key !== recency.shift());
    next = { epoch, pages, recency };
  }
  if (next !== kept) setKept(next);
  return next.pages;
}

export function App() {
  const runtime = useRuntime();
  const [pathname] = useLocation();
  const search = useSearch();
  const epoch = useViewEpoch();
  const path = normalizePath(pathname);
  const data = useMemo(() => routeDataOf(search), [search]);
  const route = routeOf(path);
  const key = pageKey({ path, data });
  const shown = useMemo<ShownPage>(() => ({ key, route, data }), [key, route, data]);
  const kept = useKeptPages(shown, epoch);

  // After the new page is on screen: the scroll the navigation machine asked for.
  useLayoutEffect(() => {
    const intent = runtime.scroll.take();
    if (intent) window.scrollTo(0, intent === 'restore' && route?.keepAlive ? runtime.scroll.saved(key) : 0);
    runtime.scroll.shown(key);
  }, [runtime, key, route]);

  useEffect(() => {
    let current = true;
    // The titles' chunk waits for start-up to settle: on a cold start it is not worth a request
    // ahead of the first page's own (later moves find start-up settled and load it at once).
    void startupSettled()
      .then(() => import('./route-titles.ts'))
      .then(({ documentTitleOf }) => current && (document.title = documentTitleOf(path)));
    return () => void (current = false);
  }, [path]);

  const tabbed = route?.topLevel === true;
  const style = { '--tab-bar-height': `${tabBarHeight(runtime.device, navigator.userAgent)}px` } as CSSProperties;
  return (
    <div className={tabbed ? 'app-shell app-shell--tabbed' : 'app-shell'} style={style}>
      {kept.map((page) => (
        <Activity key={`${epoch}|${page.key}`} mode={page.key === key ? 'visible' : 'hidden'}>
          <RouteView page={page} />
        </Activity>
      ))}
      {!route?.keepAlive && <RouteView key={`${epoch}|${key}`} page={shown} />}
      {tabbed && <TabBar route={route} />}
      <GlobalOverlays />
    </div>
  );
}
