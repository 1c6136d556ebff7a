import { hasPage } from '../../app/routes.ts';
import { useSignedIn } from '../../app/use-navigation.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { AccountRow, SignInPrompt } from '../../features/account-security/account-parts.tsx';
import { ACCOUNT_PATHS, useAccountInfo, useIdentityCard } from '../../features/account-security/use-account-security.ts';

/**
 * /accountsafety: what protects the account — login password (set or not), the phone (masked),
 * real name — and the way to cancel it. The real-name status shows only when its call answers.
 */

const REAL_NAME_PATH = '/realnamecertificateone';
const CANCEL_PATH = '/accountdestoryone';

/** Shown with the real-name pages (getIdentityCard comes with them); the status only once it answers. */
function RealNameRow() {
  const card = useIdentityCard();
  const data = card.data;
  const value = data ? (data.status === 1 ? `已认证 ${data.real_name}`.trim() : <span className="account-list__value--warn">未认证</span>) : undefined;
  return <AccountRow label="实名认证" to={REAL_NAME_PATH} value={value} />;
}

function SafetyRows() {
  const info = useAccountInfo();
  const user = info.data;
  if (info.failed) return <LoadFailed message={info.error} onRetry={info.retry} />;
  const loading = <span className="account-list__skeleton skeleton" aria-busy="true" aria-label="加载中" />;
  return (
    <>
      <nav className="account-list" aria-label="账号安全">
        <AccountRow
          label="登录密码"
          to={ACCOUNT_PATHS.editPassword}
          value={user ? user.has_password ? '已设置' : <span className="account-list__value--warn">未设置</span> : loading}
        />
        <AccountRow label="手机号" to={ACCOUNT_PATHS.phoneVerify} value={user ? user.phone : loading} />
        {hasPage(REAL_NAME_PATH) && <RealNameRow />}
      </nav>
      {hasPage(CANCEL_PATH) && (
        <nav className="account-list" aria-label="注销">
          <AccountRow label="注销账号" to={CANCEL_PATH} />
        </nav>
      )}
    </>
  );
}

export default function AccountSafetyPage() {
  const signedIn = useSignedIn();
  return (
    <div className="page account-safety">
      <PageHeader title="账号安全" />
      {signedIn ? <SafetyRows /> : <SignInPrompt text="登录后可查看账号安全设置" />}
    </div>
  );
}
