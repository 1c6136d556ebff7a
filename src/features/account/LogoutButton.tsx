import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useLogout } from './use-mine.ts';

/** '退出登录' with its confirm dialog (the mine tab and /accountsetting). */
export function LogoutButton({ className }: { className: string }) {
  const logout = useLogout();
  return (
    <>
      <button type="button" className={className} onClick={logout.ask} disabled={logout.busy}>
        退出登录
      </button>
      <ConfirmDialog
        visible={logout.confirming}
        content="确定要退出登录吗？"
        cancelText="取消"
        confirmText="退出"
        danger
        maskClosable
        onConfirm={logout.confirm}
        onCancel={logout.cancel}
      />
    </>
  );
}
