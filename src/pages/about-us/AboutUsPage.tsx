import { Link } from '../../app/Link.tsx';
import { PRODUCT } from '../../app/routes.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { safeHtml } from '../../app/sanitize.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import './about-us.css';
import * as downCalls from '../../../api/protocol/calls/down.ts';

type AboutItem = { id: number; slug: string; title: string; summary: string };

interface AboutUs {
  title: string;
  content: string;
  version: string;
  product?: string;
  company?: string;
  icp?: string;
  service_phone?: string;
  service_qq?: string;
  service_email?: string;
  service_hours?: string;
  /** The 关于我们 articles (/aboutdetail). */
  items: AboutItem[];
}

/** Where /aboutus leads: the product pages, the 关于我们 articles, help. */
function AboutLinks({ items: articles }: { items: AboutItem[] }) {
  const links = [
    { to: '/productintroduce', label: '产品介绍' },
    { to: `/${PRODUCT}guide`, label: '乐玩指南' },
    ...articles.map((article) => ({ to: '/aboutdetail', data: { id: article.id }, label: article.title })),
    { to: '/commonproblem', label: '常见问题' },
    { to: '/userrule', label: '用户协议与隐私政策' },
  ];
  return (
    <nav className="about-us__links" aria-label="了解更多">
      {links.map((link) => (
        <Link key={link.label} to={link.to} data={'data' in link ? link.data : null} className="about-us__link">
          <span>{link.label}</span>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="m9 5 7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </Link>
      ))}
    </nav>
  );
}

export default function AboutUsPage() {
  const about = useRemoteData('aboutUs', downCalls.getAboutUs);
  // The declaration checks title, content, version and items; the site's own entries (company,
  // icp …) pass as they are (a loose object), read here as optional text.
  const data = about.data as AboutUs | null;
  return (
    <div className="page about-us">
      <PageHeader title="关于我们" />
      {about.failed ? (
        <LoadFailed message={about.error} onRetry={about.retry} />
      ) : !data ? (
        <div className="about-us__skeleton" aria-busy="true" aria-label="加载中">
          <div className="about-us__logo skeleton" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--block" />
        </div>
      ) : (
        <article>
          <header className="about-us__hero">
            <img className="about-us__logo" src="/favicon.svg" alt="" width={72} height={72} />
            <h1 className="about-us__name">{data.product ?? data.title}</h1>
            <p className="about-us__version">当前版本 v{data.version}</p>
          </header>
          <section className="about-us__content" dangerouslySetInnerHTML={{ __html: safeHtml(data.content) }} />
          <AboutLinks items={data.items} />
          <ul className="about-us__contacts">
            {data.service_phone && (
              <li>
                <span>客服电话</span>
                <a href={`tel:${data.service_phone}`}>{data.service_phone}</a>
              </li>
            )}
            {data.service_qq && (
              <li>
                <span>客服 QQ</span>
                <span>{data.service_qq}</span>
              </li>
            )}
            {data.service_email && (
              <li>
                <span>邮箱</span>
                <a href={`mailto:${data.service_email}`}>{data.service_email}</a>
              </li>
            )}
            {data.service_hours && (
              <li>
                <span>服务时间</span>
                <span>{data.service_hours}</span>
              </li>
            )}
          </ul>
          <footer className="about-us__footer">
            {data.company && <p>{data.company}</p>}
            {data.icp && <p>{data.icp}</p>}
          </footer>
        </article>
      )}
    </div>
  );
}
