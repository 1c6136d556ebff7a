import { useRef, type ChangeEvent, type ReactNode } from 'react';
import { SEX_LABELS } from '../../../api/protocol/profile-rules.ts';
import { Link } from '../../app/Link.tsx';
import { useNavigate, useSignedIn } from '../../app/use-navigation.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useUserInfo, type UserInfo } from '../../features/account/use-mine.ts';
import { SignedOutProfile } from '../../features/account/SignedOutProfile.tsx';
import { useAvatarUpload } from './use-avatar-upload.ts';
import '../../features/account/profile.css';

/**
 * /accountsettingshow: the profile as shown (avatar, nickname, sex, birthday, masked phone) with
 * its edit entries: the avatar opens the picture chooser and uploads (ticket → bytes → headerImgEdit),
 * the nickname goes to /editnickname, sex and birthday to /editdata.
 */

function Chevron() {
  return (
    <svg className="profile-row__chevron" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path d="m9 5 7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function Row({ label, to, children }: { label: string; to?: string; children: ReactNode }) {
  const content = (
    <>
      <span className="profile-row__label">{label}</span>
      <span className="profile-row__value">{children}</span>
      {to && <Chevron />}
    </>
  );
  return to ? (
    <Link to={to} className="profile-row profile-row--link">
      {content}
    </Link>
  ) : (
    <div className="profile-row">{content}</div>
  );
}

function AvatarRow({ avatar }: { avatar: string }) {
  const upload = useAvatarUpload();
  const input = useRef<HTMLInputElement>(null);
  const choose = () => input.current?.click();
  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same picture again is a new choice
    if (file) upload.pick(file);
  };
  const status = upload.stage === 'ticket' ? '准备上传…' : upload.stage === 'uploading' ? `上传中 ${upload.progress}%` : upload.stage === 'saving' ? '保存中…' : null;
  return (
    <>
      <button type="button" className="profile-row profile-row--link profile-row--avatar" onClick={choose} disabled={upload.busy} aria-label="更换头像">
        <span className="profile-row__label">头像</span>
        <span className="profile-row__value">
          {status && (
            <span className="profile-avatar__status" role="status">
              <span className="profile-spinner" aria-hidden="true" />
              {status}
            </span>
          )}
          <img className="profile-avatar" src={avatar} alt="头像" width={48} height={48} />
        </span>
        <Chevron />
      </button>
      <input ref={input} className="profile-avatar__input" type="file" accept="image/*" onChange={chosen} data-testid="avatar-input" tabIndex={-1} aria-hidden="true" />
      {upload.error && (
        <div className="profile-avatar__error" role="alert">
          <span>{upload.error}</span>
          <button type="button" className="profile-link-button" onClick={upload.retry}>
            重试
          </button>
          <button type="button" className="profile-link-button profile-link-button--muted" onClick={upload.dismiss}>
            取消
          </button>
        </div>
      )}
    </>
  );
}

function Profile({ user }: { user: UserInfo }) {
  return (
    <>
      <section className="profile-card" aria-label="个人资料">
        <AvatarRow avatar={user.avatar} />
        <Row label="昵称" to="/editnickname">
          {user.nickname}
        </Row>
        <Row label="性别" to="/editdata">
          {user.sex === 0 ? <span className="profile-row__unset">未设置</span> : SEX_LABELS[user.sex]}
        </Row>
        <Row label="生日" to="/editdata">
          {user.birthday ?? <span className="profile-row__unset">未设置</span>}
        </Row>
      </section>
      <section className="profile-card" aria-label="账号">
        <Row label="手机号">{user.phone}</Row>
      </section>
    </>
  );
}

function SignedInProfile() {
  const info = useUserInfo();
  if (info.failed) return <LoadFailed message={info.error} onRetry={info.retry} />;
  if (!info.data) {
    return (
      <div className="profile-card profile-card--loading" aria-busy="true" aria-label="加载中">
        <div className="skeleton skeleton--block" />
      </div>
    );
  }
  return <Profile user={info.data} />;
}

export default function AccountSettingShowPage() {
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  return (
    <div className="page profile-page">
      <PageHeader title="个人资料" onBack={() => navigate('back')} />
      {signedIn ? <SignedInProfile /> : <SignedOutProfile />}
    </div>
  );
}
