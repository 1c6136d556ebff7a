// The legacy build's entry (vite.legacy.config.ts): the same app, its syntax lowered to Chromium 66.
import '../main.tsx';
