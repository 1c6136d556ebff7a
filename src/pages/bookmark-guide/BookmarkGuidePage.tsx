import { useSyncExternalStore } from 'react';
import { guidePlatform, type GuidePlatform } from '../../app/install-guide.ts';
import { installState, onInstallState, promptInstall } from '../../app/offline/install-prompt.ts';
import { InstallGuide } from '../../components/InstallGuide.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

/** /bookmarkguide: the install guide as a page, this browser's steps first. */
const OTHER: Record<GuidePlatform, GuidePlatform> = { 'ios-safari': 'other', 'ios-other': 'other', wechat: 'ios-safari', other: 'ios-safari' };
const OTHER_TITLE: Record<GuidePlatform, string> = { 'ios-safari': 'iPhone / iPad（Safari）', 'ios-other': 'iPhone / iPad', wechat: '微信', other: '其他浏览器' };

/** Where the browser offers installing (beforeinstallprompt, src/app/offline/install-prompt.ts): its own dialog, one tap. */
function InstallOffer() {
  const state = useSyncExternalStore(onInstallState, installState);
  if (state === 'installed') {
    return (
      <section className="bookmark-guide__body" role="status">
        <p className="bookmark-guide__install-text">乐玩游戏盒已安装，可以从桌面打开</p>
      </section>
    );
  }
  if (state !== 'available') return null;
  return (
    <section className="bookmark-guide__body">
      <p className="bookmark-guide__install-text">当前浏览器支持直接安装乐玩游戏盒，安装后可从桌面一点即开</p>
      <button type="button" className="bookmark-guide__install" onClick={() => void promptInstall().catch((error: unknown) => console.warn('[install] prompt failed', error))}>
        安装
      </button>
    </section>
  );
}

export default function BookmarkGuidePage() {
  const platform = guidePlatform({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints ?? 0 });
  const other = OTHER[platform];
  return (
    <div className="page">
      <PageHeader title="添加到主屏幕" />
      <InstallOffer />
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
