import { useRuntime } from '../../app/runtime-context.tsx';

/** What a signed-out player sees on the real-name pages: a way to sign in, never a broken page. */
export function SignedOutPrompt() {
  const runtime = useRuntime();
  return (
    <section className="real-name__card real-name__signed-out">
      <p>登录后才能进行实名认证</p>
      <button type="button" className="real-name__button" onClick={() => runtime.openLogin()}>
        登录
      </button>
    </section>
  );
}
