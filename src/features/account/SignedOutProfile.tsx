import { useRuntime } from '../../app/runtime-context.tsx';
import './profile.css';

/** What the profile pages show signed out: a '登录' prompt that opens the login popup. */
export function SignedOutProfile() {
  const runtime = useRuntime();
  return (
    <div className="profile-signed-out">
      <p className="profile-signed-out__text">登录后可查看和编辑个人资料</p>
      <button type="button" className="profile-button" onClick={() => runtime.openLogin()}>
        登录
      </button>
    </div>
  );
}
