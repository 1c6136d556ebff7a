import type { Kysely, Transaction } from 'kysely';
import {
  TRADE_COOLING_OFF_MS,
  TRADE_FEE_MIN_CENTS,
  TRADE_FEE_RATE_BP,
  TRADE_LISTING_TTL_DAYS,
  TRADE_MAX_PRICE_CENTS,
  TRADE_MIN_AGE_DAYS,
  TRADE_MIN_PRICE_CENTS,
  TRADE_MIN_TOPUP_CENTS,
  TRADE_RESERVE_MS,
  type FeeRule,
} from '../../api/protocol/trade-rules.ts';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The numbers of trade_settings (migration 0021): what the server enforces now. */
export interface TradeSettings {
  min_age_days: number;
  min_topup_cents: number;
  min_price_cents: number;
  max_price_cents: number;
  fee: FeeRule;
  reserve_ms: number;
  cooling_off_ms: number;
  listing_ttl_days: number;
}

/** The defaults (trade-rules.ts), the same numbers migration 0021 writes. */
export const DEFAULT_TRADE_SETTINGS: TradeSettings = {
  min_age_days: TRADE_MIN_AGE_DAYS,
  min_topup_cents: TRADE_MIN_TOPUP_CENTS,
  min_price_cents: TRADE_MIN_PRICE_CENTS,
  max_price_cents: TRADE_MAX_PRICE_CENTS,
  fee: { rate_bp: TRADE_FEE_RATE_BP, min_cents: TRADE_FEE_MIN_CENTS },
  reserve_ms: TRADE_RESERVE_MS,
  cooling_off_ms: TRADE_COOLING_OFF_MS,
  listing_ttl_days: TRADE_LISTING_TTL_DAYS,
};

export async function tradeSettings(db: Db): Promise<TradeSettings> {
  const row = await db.selectFrom('trade_settings').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!row) return DEFAULT_TRADE_SETTINGS;
  return {
    min_age_days: row.min_age_days,
    min_topup_cents: row.min_topup_cents,
    min_price_cents: row.min_price_cents,
    max_price_cents: row.max_price_cents,
    fee: { rate_bp: row.fee_rate_bp, min_cents: row.fee_min_cents },
    reserve_ms: row.reserve_ms,
    cooling_off_ms: Number(row.cooling_off_ms),
    listing_ttl_days: row.listing_ttl_days,
  };
}
