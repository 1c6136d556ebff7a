import type { ServerModule } from '../module.ts';
import { registerUploadRoutes } from './upload-routes.ts';

// What other domains use of uploads: tickets for their own uploads, media URLs, the image limits.
export { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES, UPLOAD_MSG } from './avatar-image.ts';
export { issueUploadTicket, mediaUrl, registerUploadEndpoint, UPLOAD_TICKET_TTL_MS, type UploadDeps, type UploadRefusal, uploadUrl } from './upload-routes.ts';

/** Players' uploads (avatars, feedback and listing images) into object storage; the calls that hand out tickets are their domains'. */
export const uploadsModule: ServerModule = {
  name: 'uploads',
  calls: () => [],
  routes: (app, deps) => registerUploadRoutes(app, { db: deps.db, kv: deps.kv, storage: deps.storage, config: deps.config, now: deps.now }),
};
