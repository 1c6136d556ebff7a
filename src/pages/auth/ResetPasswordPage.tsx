import type { PageProps } from '../../app/routes.ts';
import { AuthPage } from './AuthPage.tsx';

/** /resetpassword: the login overlay's panel as a full page (src/pages/auth/AuthPage.tsx). */
export default function ResetPasswordPage(props: PageProps) {
  return <AuthPage {...props} route="/resetpassword" />;
}
