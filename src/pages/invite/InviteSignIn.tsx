import { useRuntime } from '../../app/runtime-context.tsx';

/** Signed out on a page of one's own invitations: a login prompt (the route is not in SPEC's login list). */
export function InviteSignIn({ what }: { what: string }) {
  const runtime = useRuntime();
  return (
    <section className="invite-signin" aria-label="未登录">
      <p>登录后查看{what}</p>
      <button type="button" className="invite-button invite-button--solid" onClick={() => runtime.openLogin()}>
        登录
      </button>
    </section>
  );
}
