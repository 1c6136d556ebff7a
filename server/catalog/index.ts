import { seedCatalog } from '../db/seed-catalog.ts';
import type { ServerModule } from '../module.ts';
import { createHolidaySource } from '../holidays/index.ts';
import { catalogCalls, registerCatalogRoutes } from './calls.ts';
import { collectionCalls } from './collections.ts';
import { contentCalls, registerAppPackageDownloads } from './content.ts';
import { playCalls, registerPlayPage } from './play.ts';
import { ratingCalls } from './rating.ts';
import { staffGiftCalls } from './staff-gifts.ts';

// What other domains use of the catalogue: game lists and pages of rows, game art URLs, coupon terms.
export { artUrl, escapeXml, shotUrl } from './art.ts';
export { conditionText, UNIVERSAL } from './coupons.ts';
export { pageAnswer, pageOf } from './fields.ts';
export { gamesByIds, iso } from './game-list.ts';

/** The games: lists, game pages, gifts and coupons, the showcase, downloads, collections, ratings, H5 play, the app's own version and about page. */
export const catalogModule: ServerModule = {
  name: 'catalog',
  calls: (services) => [...contentCalls, ...catalogCalls, ...ratingCalls, ...playCalls(services.holidays ?? createHolidaySource([])), ...collectionCalls],
  // The console's 礼包管理 (operators).
  staffCalls: () => staffGiftCalls,
  routes: (app, deps) => {
    registerAppPackageDownloads(app, deps.db);
    registerCatalogRoutes(app, deps.db);
    registerPlayPage(app, deps.db, deps.kv, deps.now);
  },
  // The game catalogue, once; its 开服表 and launch dates are relative to this first start.
  seed: (db) => seedCatalog(db),
};
