import type { PageProps } from '../../app/routes.ts';
import { AuthPage } from './AuthPage.tsx';

/** /register: the login overlay's panel as a full page (src/pages/auth/AuthPage.tsx). */
export default function RegisterPage(props: PageProps) {
  return <AuthPage {...props} route="/register" />;
}
