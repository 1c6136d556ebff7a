import { guidePlatform, type GuidePlatform } from '../../app/install-guide.ts';
import { InstallGuide } from '../../components/InstallGuide.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

/** /bookmarkguide: the install guide as a page, this browser's steps first. */
const OTHER: Record<GuidePlatform, GuidePlatform> = { 'ios-safari': 'other', 'ios-other': 'other', wechat: 'ios-safari', other: 'ios-safari' };
const OTHER_TITLE: Record<GuidePlatform, string> = { 'ios-safari': 'iPhone / iPad（Safari）', 'ios-other': 'iPhone / iPad', wechat: '微信', other: '其他浏览器' };

export default function BookmarkGuidePage() {
  const platform = guidePlatform({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints ?? 0 });
  const other = OTHER[platform];
  return (
    <div className="page">
      <PageHeader title="添加到主屏幕" />
      <section className="bookmark-guide__body">
        <InstallGuide platform={platform} />
      </section>
      <section className="bookmark-guide__body">
        <h2 className="bookmark-guide__other">{OTHER_TITLE[other]}</h2>
        <InstallGuide platform={other} withPitch={false} />
      </section>
    </div>
  );
}
