import { hasPage } from '../../app/routes.ts';
import { useSignedIn } from '../../app/use-navigation.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { AccountRow, SignInPrompt } from '../../features/account-security/account-parts.tsx';
import { LogoutButton } from '../../features/account/LogoutButton.tsx';

/**
 * /accountsetting: the settings hub of the mine tab. Each entry shows once its page exists (other
 * pages of the account group arrive on their own); signed out, only what needs no account is
 * listed under a login prompt.
 */

interface SettingEntry {
  to: string;
  label: string;
  needsSession: boolean;
}

const GROUPS: ReadonlyArray<readonly SettingEntry[]> = [
  [
    { to: '/accountsettingshow', label: '个人资料', needsSession: true },
    { to: '/accountsafety', label: '账号与安全', needsSession: true },
    { to: '/realnamecertificateone', label: '实名认证', needsSession: true },
  ],
  [
    { to: '/systemsetting', label: '系统设置', needsSession: false },
    { to: '/accountdestoryone', label: '注销账号', needsSession: true },
    { to: '/aboutus', label: '关于我们', needsSession: false },
  ],
];

export default function AccountSettingPage() {
  const signedIn = useSignedIn();
  const groups = GROUPS.map((entries) => entries.filter((entry) => hasPage(entry.to) && (signedIn || !entry.needsSession))).filter((entries) => entries.length > 0);
  return (
    <div className="page account-setting">
      <PageHeader title="账号设置" />
      {!signedIn && <SignInPrompt text="登录后可管理个人资料与账号安全" />}
      {groups.map((entries) => (
        <nav key={entries[0]!.to} className="account-list" aria-label="设置">
          {entries.map((entry) => (
            <AccountRow key={entry.to} to={entry.to} label={entry.label} />
          ))}
        </nav>
      ))}
      {signedIn && <LogoutButton className="account-logout" />}
    </div>
  );
}
