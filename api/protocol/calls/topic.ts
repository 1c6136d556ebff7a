import { answer, defineCall, id, PAGE_FIELDS } from '../call-spec.ts';

/** 专题 (/api/topic/…). */

export const getTopicList = defineCall({
  path: '/api/topic/getTopicList',
  auth: 'none',
  summary: '专题列表',
  fields: { ...PAGE_FIELDS },
  answer: answer<unknown>('分页：list: [{ id, title, subtitle, description, banner, published_at, game_count, icons: [{ game_id, icon }]（前 4 个游戏） }]'),
});

export const getTopicDetail = defineCall({
  path: '/api/topic/getTopicDetail',
  auth: 'none',
  summary: '一个专题及其游戏（分页）',
  fields: { ...PAGE_FIELDS, id: id() },
  answer: answer<unknown>('{ id, title, subtitle, description, banner, published_at, list: [游戏条目 + blurb], total, page, limit }；不存在时 专题不存在'),
});
