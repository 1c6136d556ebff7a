import { Link } from 'wouter';
import { PageHeader } from './PageHeader.tsx';

export default function NotFoundPage() {
  return (
    <div className="page">
      <PageHeader title="页面不存在" />
      <div className="not-found">
        <p className="not-found__title">您访问的页面不存在或暂未开放</p>
        <Link href="/aboutus" className="not-found__link">
          关于我们
        </Link>
      </div>
    </div>
  );
}
