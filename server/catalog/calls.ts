import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { CallDefinition } from '../calls.ts';
import type { Database } from '../db/schema.ts';
import { couponCalls } from './coupons.ts';
import { downloadCalls, registerGameFiles } from './game-files.ts';
import { gameCalls } from './games.ts';
import { giftCalls } from './gifts.ts';
import { showcaseCalls } from './showcase.ts';

/** Every call of the game catalogue, for allCalls(). */
export const catalogCalls: CallDefinition[] = [...gameCalls, ...downloadCalls, ...giftCalls, ...couponCalls, ...showcaseCalls];

/** GET routes of the catalogue: /art/…, /down/game/…, /play/h5/…. */
export function registerCatalogRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  registerGameFiles(app, db);
}
