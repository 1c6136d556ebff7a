import { useMemo, type MouseEvent } from 'react';
import { routeDataOf } from '../../app/route-data.ts';
import { routeOf } from '../../app/routes.ts';
import { safeHtml } from '../../app/sanitize.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import './help.css';

/**
 * An article's HTML: sanitised here again (src/app/sanitize.ts; the server sanitised it when it
 * was saved), and a tap on a link to one of the app's own routes moves inside the app (with the
 * login guard and the scroll rules) instead of loading the page anew.
 */
export function ArticleBody({ html, className = '' }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const clean = useMemo(() => safeHtml(html), [html]);
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest('a');
    const href = anchor?.getAttribute('href') ?? '';
    if (!href.startsWith('/') || href.startsWith('//')) return;
    const url = new URL(href, location.origin);
    if (!routeOf(url.pathname)) return;
    event.preventDefault();
    navigate(url.pathname, routeDataOf(url.search));
  };
  // sanitised above
  return <div className={`article-body ${className}`} onClick={onClick} dangerouslySetInnerHTML={{ __html: clean }} />;
}
