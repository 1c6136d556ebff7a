import * as v from 'valibot';
import { answer, choice, defineCall, id, optionalId, PAGE_FIELDS, int, instant, page } from '../call-spec.ts';
import { GameListItem } from './game.ts';

/** Favourites (getMyCollection, read on the /mine hub; a favourite button on game pages). */

export const COLLECTION_MSG = {
  collected: '收藏成功',
  uncollected: '已取消收藏',
  missingGame: '游戏不存在',
} as const;

/** 1: favourited, 0: not. */
export const Collected = v.picklist([0, 1]);
export type Collected = v.InferOutput<typeof Collected>;

export const CollectState = v.object({
  game_id: int,
  collected: Collected,
});
export type CollectState = v.InferOutput<typeof CollectState>;

export const collectGame = defineCall({
  path: '/api/user/collectGame',
  auth: 'required',
  summary: '收藏（collect 1）或取消收藏（collect 0）一个游戏；重复提交结果不变',
  fields: {
    game_id: id(),
    collect: choice(['0', '1'] as const),
    // The version the player was looking at; must be a version of the game.
    platform_game_id: optionalId(),
  },
  answer: answer(CollectState, '{ game_id, collected: 0 | 1 }; msg 收藏成功 / 已取消收藏'),
});

export const getCollectStatus = defineCall({
  path: '/api/user/getCollectStatus',
  auth: 'optional',
  summary: '一个游戏是否已被当前玩家收藏（未登录为 0）',
  fields: { game_id: id() },
  answer: answer(CollectState, '{ game_id, collected: 0 | 1 }'),
});

export const getMyCollection = defineCall({
  path: '/api/user/getMyCollection',
  auth: 'required',
  summary: '我的收藏：自己收藏的游戏，最近收藏的在前（PROTOCOL §10 列表）',
  fields: { ...PAGE_FIELDS },
  answer: answer(page(v.object({ ...GameListItem.entries, collected_at: instant })),
    '{ list: 游戏列表项（同其他游戏列表）+ collected_at, total, page, limit }',
  ),
});
