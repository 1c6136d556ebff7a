import type { PageProps } from '../../app/routes.ts';
import { AuthPage } from './AuthPage.tsx';

/** /findpassword: the login overlay's panel as a full page (src/pages/auth/AuthPage.tsx). */
export default function FindPasswordPage(props: PageProps) {
  return <AuthPage {...props} route="/findpassword" />;
}
