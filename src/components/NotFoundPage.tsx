import { Link } from '../app/Link.tsx';
import { titleOf } from '../app/route-titles.ts';
import type { RouteDefinition } from '../app/routes.ts';
import { PageHeader } from './PageHeader.tsx';

/**
 * An unknown path, or a route of SPEC §2 whose page is not built yet. Top-level routes (tabs) keep
 * their tab bar and have no back arrow; the links lead to pages that exist.
 */
export default function NotFoundPage({ route = null }: { route?: Pick<RouteDefinition, 'path' | 'topLevel'> | null }) {
  const title = (route && titleOf(route.path)) ?? '页面不存在';
  return (
    <div className="page">
      {route?.topLevel ? (
        <header className="page-header">
          <h1 className="page-header__title">{title}</h1>
        </header>
      ) : (
        <PageHeader title={title} />
      )}
      <div className="not-found">
        <p className="not-found__title">{route ? '页面暂未开放，敬请期待' : '您访问的页面不存在或暂未开放'}</p>
        <p className="not-found__links">
          {route?.path !== '/' && (
            <Link to="/" className="not-found__link">
              返回首页
            </Link>
          )}
          <Link to="/aboutus" className="not-found__link">
            关于我们
          </Link>
        </p>
      </div>
    </div>
  );
}
