import * as v from 'valibot';
import { answer, defineCall, id, instant, int, page, PAGE_FIELDS } from '../call-spec.ts';
import { GameListItem } from './game.ts';

/** 专题 (/api/topic/…). */

const Topic = v.object({ id: int, title: v.string(), subtitle: v.string(), description: v.string(), banner: v.string(), published_at: instant });

/** A topic in a list (the topic list, the home page): with its game count and the first 4 games' icons. */
export const TopicCard = v.object({ ...Topic.entries, game_count: int, icons: v.array(v.object({ game_id: int, icon: v.string() })) });

export const getTopicList = defineCall({
  path: '/api/topic/getTopicList',
  auth: 'none',
  summary: '专题列表',
  fields: { ...PAGE_FIELDS },
  answer: answer(
    page(TopicCard),
    '分页：list: [{ id, title, subtitle, description, banner, published_at, game_count, icons: [{ game_id, icon }]（前 4 个游戏） }]',
  ),
});

export const getTopicDetail = defineCall({
  path: '/api/topic/getTopicDetail',
  auth: 'none',
  summary: '一个专题及其游戏（分页）',
  fields: { ...PAGE_FIELDS, id: id() },
  answer: answer(
    page(v.object({ ...GameListItem.entries, blurb: v.string() }), Topic.entries),
    '{ id, title, subtitle, description, banner, published_at, list: [游戏条目 + blurb], total, page, limit }；不存在时 专题不存在',
  ),
});
