/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_SIGN_SECRET?: string;
  readonly VITE_LOGIN_SIGN_SECRET?: string;
  readonly VITE_POINT_SIGN_SECRET?: string;
  readonly VITE_API_AES_KEY?: string;
  readonly VITE_API_BASE?: string;
  readonly VITE_API_PLAIN?: string;
  /** "legacy" in the legacy build (vite.legacy.config.ts); unset in the modern one. */
  readonly VITE_BUNDLE?: string;
}
