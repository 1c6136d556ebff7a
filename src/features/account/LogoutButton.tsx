import Dialog from 'antd-mobile/es/components/dialog';
import { useLogout } from './use-mine.ts';

/** '退出登录' with its confirm dialog (the mine tab and /accountsetting). */
export function LogoutButton({ className }: { className: string }) {
  const logout = useLogout();
  return (
    <>
      <button type="button" className={className} onClick={logout.ask} disabled={logout.busy}>
        退出登录
      </button>
      <Dialog
        visible={logout.confirming}
        content="确定要退出登录吗？"
        closeOnMaskClick
        onClose={logout.cancel}
        onAction={(action) => (action.key === 'confirm' ? logout.confirm() : logout.cancel())}
        actions={[
          [
            { key: 'cancel', text: '取消' },
            { key: 'confirm', text: '退出', bold: true, danger: true },
          ],
        ]}
      />
    </>
  );
}
