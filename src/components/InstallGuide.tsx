import type { GuidePlatform } from '../app/install-guide.ts';
import './install-guide.css';

/** The '添加到主屏幕' steps for each kind of browser (the first-visit sheet and /bookmarkguide). */

function ShareIcon() {
  return (
    <svg className="install-guide__glyph" viewBox="0 0 24 24" width="18" height="18" aria-label="分享图标" role="img">
      <path d="M12 3v12M7.5 7.5 12 3l4.5 4.5M6 11H5v10h14V11h-1" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const STEPS: Record<GuidePlatform, { intro?: string; steps: React.ReactNode[] }> = {
  'ios-safari': {
    steps: [
      <>
        点击浏览器底部的「分享」按钮 <ShareIcon />
      </>,
      <>在弹出的菜单中向下滑动，选择「添加到主屏幕」</>,
      <>点击右上角「添加」，桌面上就会出现乐玩游戏盒的图标</>,
    ],
  },
  'ios-other': {
    intro: '当前浏览器不支持添加到主屏幕，请先在 Safari 中打开本页：',
    steps: [
      <>点击浏览器菜单，选择「在 Safari 中打开」或复制链接到 Safari</>,
      <>
        在 Safari 底部点击「分享」按钮 <ShareIcon />
      </>,
      <>选择「添加到主屏幕」，再点击「添加」</>,
    ],
  },
  wechat: {
    intro: '微信内无法添加到主屏幕，请先用浏览器打开：',
    steps: [<>点击右上角「···」</>, <>选择「在浏览器打开」</>, <>在浏览器菜单中选择「添加到主屏幕」</>],
  },
  other: {
    steps: [<>点击浏览器的菜单按钮（通常是「⋮」或「≡」）</>, <>选择「安装应用」「添加到主屏幕」或「添加到桌面」</>, <>确认添加，桌面上就会出现乐玩游戏盒的图标</>],
  },
};

export function InstallGuide({ platform, withPitch = true }: { platform: GuidePlatform; withPitch?: boolean }) {
  const { intro, steps } = STEPS[platform];
  return (
    <div className="install-guide">
      {withPitch && (
        <div className="install-guide__app">
          <img src="/favicon.svg" alt="" width={48} height={48} />
          <p>把乐玩游戏盒添加到主屏幕，下次一点即开，像 App 一样使用</p>
        </div>
      )}
      {intro && <p className="install-guide__intro">{intro}</p>}
      <ol className="install-guide__steps">
        {steps.map((step, index) => (
          <li key={index}>{step}</li>
        ))}
      </ol>
    </div>
  );
}
