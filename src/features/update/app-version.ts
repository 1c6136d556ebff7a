import type { AppVersionInfo } from '../../../api/protocol/calls/down.ts';
import type { AppUpdate } from '../../../machines/update-dialog.types.ts';

/**
 * /down/appVersion's answer (decoded by request() with its declared schema) as the update dialog
 * needs it. A missing min_supported_code (an older server) falls back to force_update: forced means
 * "this version", else the running one (no forced update).
 */
export function appUpdateOf(info: AppVersionInfo, running: string): AppUpdate {
  return {
    versionName: info.version_name,
    versionCode: info.version_code,
    minSupported: info.min_supported_code ?? (info.force_update ? info.version_code : running),
    url: info.url,
    size: info.size,
    md5: info.md5.toLowerCase(),
    notes: info.notes,
  };
}
