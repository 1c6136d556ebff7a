import type { ApiOutcome } from '../api/outcome.ts';

/**
 * SPEC §3 "rating dialog flag and data": the game a pending recharge entry (RechargepingList)
 * names. Ids are kept as strings (storage holds numbers or strings); '' means missing, and a
 * submit without the ids answers '数据异常，请稍后再试' (SPEC §5).
 */
export interface RatingGame {
  game_name: string;
  game_id: string;
  platform_game_id: string;
  order_number: string;
}

export interface RatingContext {
  /** 0 until a star is tapped; 1–5 after (SPEC §4 "Star value 0-5"). */
  stars: number;
  game: RatingGame | null;
}

export type RatingEvent =
  | ({ type: 'rating.open' } & RatingGame)
  /** A paid top-up's receipt is on screen: the dialog waits for it to be read first. */
  | ({ type: 'rating.offer' } & RatingGame)
  /** The player moved to another page: the dialog belongs to the page it was offered on. */
  | { type: 'page.left' }
  | { type: 'ui.star'; value: number }
  | { type: 'ui.submit' }
  | { type: 'ui.close' };

/** subEvaluate's payload (SPEC §3 "Rating"): order_id carries the order number. */
export interface SubEvaluateInput {
  game_id: string;
  platform_game_id: string;
  order_id: string;
  score: number;
}

export type SubEvaluateOutcome = ApiOutcome<unknown>;

export interface RatingToastParams {
  message: string;
}

export interface RemovePendingParams {
  order_number: string;
}
