import type { ServerModule } from '../module.ts';
import { registerUploadRoutes } from './upload-routes.ts';

/** Players' uploads (avatars, feedback and listing images) into object storage; the calls that hand out tickets are their domains'. */
export const uploadsModule: ServerModule = {
  name: 'uploads',
  calls: () => [],
  routes: (app, deps) => registerUploadRoutes(app, { db: deps.db, kv: deps.kv, storage: deps.storage, config: deps.config, now: deps.now }),
};
