import { DEV_SECRETS, type WireSecrets } from '../../api/protocol/wire.ts';

/** Build-time settings (VITE_*). The signing secrets ship in the app by design (PROTOCOL §4). */
export const secrets: WireSecrets = {
  apiSignSecret: import.meta.env.VITE_API_SIGN_SECRET || DEV_SECRETS.apiSignSecret,
  loginSignSecret: import.meta.env.VITE_LOGIN_SIGN_SECRET || DEV_SECRETS.loginSignSecret,
  pointSignSecret: import.meta.env.VITE_POINT_SIGN_SECRET || DEV_SECRETS.pointSignSecret,
  aesKey: import.meta.env.VITE_API_AES_KEY || DEV_SECRETS.aesKey,
};

/** Same origin by default (PROTOCOL §1). */
export const apiBase: string = import.meta.env.VITE_API_BASE || window.location.origin;

/** PROTOCOL §3: request encryption is on unless the build turns it off. */
export const encryptRequests: boolean = import.meta.env.VITE_API_PLAIN !== 'true';
