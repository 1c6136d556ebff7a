import { isDottedVersion } from '../../../api/protocol/versions.ts';
import type { AppUpdate } from '../../../machines/update-dialog.types.ts';

/**
 * /down/appVersion's answer as the update dialog needs it, or null when it is unusable: a version
 * that is not a dotted code, or a download URL that is neither an app path nor http(s). A missing
 * min_supported_code (an older server) falls back to force_update: forced means "this version".
 */
export function decodeAppVersion(value: unknown, running: string): AppUpdate | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const raw = value as Record<string, unknown>;
  if (!isDottedVersion(raw.version_code)) return null;
  const url = typeof raw.url === 'string' && (/^\/[^/\\]/.test(raw.url) || /^https?:\/\/[^\s]+$/i.test(raw.url)) && raw.url.length <= 500 ? raw.url : null;
  if (!url) return null;
  const minSupported = isDottedVersion(raw.min_supported_code) ? raw.min_supported_code : raw.force_update === true ? raw.version_code : running;
  const size = typeof raw.size === 'number' && Number.isSafeInteger(raw.size) && raw.size > 0 ? raw.size : 0;
  return {
    versionName: typeof raw.version_name === 'string' && raw.version_name.length <= 30 ? raw.version_name : raw.version_code,
    versionCode: raw.version_code,
    minSupported,
    url,
    size,
    md5: typeof raw.md5 === 'string' && /^[0-9a-f]{32}$/i.test(raw.md5) ? raw.md5.toLowerCase() : '',
    notes: typeof raw.notes === 'string' ? raw.notes.slice(0, 2000) : '',
  };
}
