import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import Switch from 'antd-mobile/es/components/switch';
import type { ReactNode } from 'react';
import { Link } from '../../app/Link.tsx';
import { useMutedPreference } from '../../app/muted-preference.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { useWifiOnly } from '../../app/wifi-only.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
// Static: a lazy import from a page chunk would preload the entry's inlined stylesheet (see wifi-gate.ts).
import PrivacyGuideSheet from '../../features/privacy/PrivacyGuideSheet.tsx';
import type { DownloadListActor } from '../../features/downloads/download-runtime.ts';
import {
  useCacheClear,
  useDeletePackageSetting,
  useDownloadList,
  useInsideWrapper,
  usePrivacyConsent,
  useWrapperVersion,
} from './use-system-setting.ts';
import './system-setting.css';
import * as calls from '../../../api/protocol/call-refs.ts';


/** Help: where a player looks when something does not work. */
const HELP_LINKS = [
  { to: '/commonproblem', label: '常见问题' },
  { to: '/commonback', label: '意见反馈' },
] as const;

/**
 * 系统设置: cache (inside the wrapper), mute, Wi-Fi-only downloads, ispackage, the
 * privacy policy and the consent to it, the version. Signed in or not: every setting is the
 * device's, not the account's.
 */
export default function SystemSettingPage() {
  const inside = useInsideWrapper();
  return (
    <div className="page system-setting">
      <PageHeader title="系统设置" />
      <ul className="system-setting__group" aria-label="通用">
        {inside && <CacheRow />}
        <MuteRow />
        <WifiOnlyRow />
        {inside && <DeletePackageRow />}
      </ul>
      {!inside && <p className="system-setting__note">清除缓存、安装后删除安装包仅在乐玩游戏盒 App 内可用；在浏览器中，缓存由浏览器管理。</p>}
      <ul className="system-setting__group" aria-label="隐私">
        <li>
          <Link to="/userrule" className="system-setting__row system-setting__row--link">
            <span className="system-setting__label">隐私政策</span>
            <Chevron />
          </Link>
        </li>
        <ConsentRow />
      </ul>
      <ul className="system-setting__group" aria-label="帮助与反馈">
        {HELP_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="system-setting__row system-setting__row--link">
              <span className="system-setting__label">{link.label}</span>
              <Chevron />
            </Link>
          </li>
        ))}
      </ul>
      <ul className="system-setting__group" aria-label="关于">
        <VersionRow />
      </ul>
    </div>
  );
}

function Row({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <li className="system-setting__row">
      <span className="system-setting__text">
        <span className="system-setting__label">{label}</span>
        {hint && <span className="system-setting__hint">{hint}</span>}
      </span>
      {children}
    </li>
  );
}

function CacheRow() {
  const cache = useCacheClear();
  return (
    <li>
      <button
        type="button"
        className="system-setting__row system-setting__row--link"
        data-testid="cache-row"
        aria-busy={cache.busy}
        disabled={cache.busy}
        onClick={cache.failed ? cache.retry : cache.ask}
      >
        <span className="system-setting__label">清除缓存</span>
        <span className="system-setting__value" data-testid="cache-size">
          {cache.clearing ? '正在清除…' : cache.busy ? '计算中…' : cache.failed ? `${cache.error ?? ''}，点击重试` : cache.size}
        </span>
        <Chevron />
      </button>
      <ConfirmDialog
        visible={cache.confirming}
        className="system-setting__confirm"
        label="清除缓存"
        content="确定清除缓存吗？已安装游戏留下的安装包将被删除"
        cancelText="取消"
        confirmText="清除"
        maskClosable
        onConfirm={cache.confirm}
        onCancel={cache.cancel}
      />
    </li>
  );
}

function MuteRow() {
  const [muted, setMuted] = useMutedPreference();
  return (
    <Row label="视频静音" hint="所有视频默认静音播放">
      <Switch checked={muted} onChange={setMuted} aria-label="视频静音" />
    </Row>
  );
}

function WifiOnlyRow() {
  const [on, setOn] = useWifiOnly();
  return (
    <Row label="仅Wi-Fi下载" hint="使用移动网络时，下载前先询问">
      <Switch checked={on} onChange={setOn} aria-label="仅Wi-Fi下载" />
    </Row>
  );
}

function DeletePackageRow() {
  const list = useDownloadList();
  // The list's chunk is still loading: the row appears with it.
  if (!list) return null;
  return <DeletePackageSwitch list={list} />;
}

function DeletePackageSwitch({ list }: { list: DownloadListActor }) {
  const [on, setOn] = useDeletePackageSetting(list);
  return (
    <Row label="安装后删除安装包" hint="安装完成后删除下载的安装包，节省空间">
      <Switch checked={on} onChange={setOn} aria-label="安装后删除安装包" />
    </Row>
  );
}

function ConsentRow() {
  const consent = usePrivacyConsent();
  return (
    <>
      <Row label="同意隐私政策" hint={consent.granted ? '已同意：可读取设备标识（IMEI、OAID 等）' : '未同意：不读取设备标识，仅使用基本功能'}>
        <Switch checked={consent.granted} onChange={consent.toggle} aria-label="同意隐私政策" />
      </Row>
      <ConfirmDialog
        visible={consent.withdrawOpen}
        title="撤回隐私政策同意"
        content="撤回后，我们将不再读取和上传您的设备标识信息（IMEI、OAID、Android ID、MAC 地址等），已读取的信息将被清除。您仍可使用基本功能。"
        cancelText="取消"
        confirmText="撤回"
        danger
        maskClosable
        onConfirm={consent.withdraw}
        onCancel={consent.keep}
      />
      {consent.guideOpen && <PrivacyGuideSheet open onAgree={consent.agree} onRefuse={consent.refuse} />}
    </>
  );
}

function VersionRow() {
  const version = useWrapperVersion();
  return version ? <VersionValue version={version} /> : <PublishedVersion />;
}

/** Outside the wrapper: the version the platform publishes (getAboutUs, as /aboutus shows it). */
function PublishedVersion() {
  const about = useRemoteData('aboutUs', calls.down.getAboutUs);
  // getAboutUs's answer is declared without a type yet (answer<unknown>): the page reads it as { version?: string }
  return <VersionValue version={(about.data as { version?: string } | null)?.version ?? null} />;
}

function VersionValue({ version }: { version: string | null }) {
  return (
    <Row label="当前版本">
      <span className="system-setting__value" data-testid="app-version">
        {version ? `v${version}` : '…'}
      </span>
    </Row>
  );
}

function Chevron() {
  return (
    <svg className="system-setting__chevron" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
