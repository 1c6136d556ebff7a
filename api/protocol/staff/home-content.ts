import * as v from 'valibot';
import { count, field, textOf, type Field } from '../call-spec.ts';
import { HOME_CONTENT_ROLES, HOT_WORD_MSG, hotWordProblem, PINNED_WORDS_MAX } from '../hot-words.ts';
import { defineStaffCall, staffAnswer } from '../staff-call-spec.ts';

/**
 * 首页内容 in the staff console (operators): the search page's 热门搜索 — pin a word (it comes
 * first, in the operator's order), unpin, remove, reorder. Every change is audited and shows on
 * the search page at once. Rules and messages: api/protocol/hot-words.ts.
 */

export const StaffHotWord = v.object({ word: v.string(), hits: count, pinned: v.nullable(count) });
export type StaffHotWord = v.InferOutput<typeof StaffHotWord>;

const HOT_WORDS_DOC = '{ list: [{ word, hits, pinned }] }（置顶的在前，按 pinned；其余按 hits，至多 100 个）';
const hotWordsAnswer = v.object({ list: v.array(StaffHotWord) });

function word(): Field<string, string> {
  return field({ type: 'string', required: true, rule: '1–12 个字，无换行', message: [HOT_WORD_MSG.required, HOT_WORD_MSG.tooLong, HOT_WORD_MSG.control] }, (value) => {
    const t = textOf(value);
    const problem = hotWordProblem(t);
    return problem ? { ok: false, message: problem } : { ok: true, value: t };
  });
}

function words(): Field<string[], string[]> {
  return field({ type: 'string[]', required: true, rule: `置顶的全部搜索词，按新的顺序（至多 ${PINNED_WORDS_MAX} 个）`, message: HOT_WORD_MSG.orderStale }, (value) => {
    if (!Array.isArray(value) || value.length > PINNED_WORDS_MAX || !value.every((w) => typeof w === 'string')) return { ok: false, message: HOT_WORD_MSG.orderStale };
    const list = value.map((w) => w.trim());
    return new Set(list).size === list.length ? { ok: true, value: list } : { ok: false, message: HOT_WORD_MSG.orderStale };
  });
}

export const hotWords = defineStaffCall({
  path: '/staff/api/home-content/hot-words',
  roles: HOME_CONTENT_ROLES,
  summary: '热门搜索词：置顶的（按顺序）与玩家搜得多的',
  fields: {},
  answer: staffAnswer(hotWordsAnswer, HOT_WORDS_DOC),
});

export const pinHotWord = defineStaffCall({
  path: '/staff/api/home-content/pin-hot-word',
  roles: HOME_CONTENT_ROLES,
  summary: '添加并置顶一个搜索词（已有的词保留其搜索次数），排在置顶的最后；审计 homeContent.pinHotWord',
  fields: { word: word() },
  answer: staffAnswer(hotWordsAnswer, `${HOT_WORDS_DOC}；拒绝：${HOT_WORD_MSG.alreadyPinned} / ${HOT_WORD_MSG.tooMany}`),
});

export const unpinHotWord = defineStaffCall({
  path: '/staff/api/home-content/unpin-hot-word',
  roles: HOME_CONTENT_ROLES,
  summary: '取消置顶（该词按搜索次数排名）；审计 homeContent.unpinHotWord',
  fields: { word: word() },
  answer: staffAnswer(hotWordsAnswer, `${HOT_WORDS_DOC}；拒绝：${HOT_WORD_MSG.missing}`),
});

export const removeHotWord = defineStaffCall({
  path: '/staff/api/home-content/remove-hot-word',
  roles: HOME_CONTENT_ROLES,
  summary: '删除一个搜索词（玩家再搜它时会重新计数）；审计 homeContent.removeHotWord',
  fields: { word: word() },
  answer: staffAnswer(hotWordsAnswer, `${HOT_WORDS_DOC}；拒绝：${HOT_WORD_MSG.missing}`),
});

export const orderHotWords = defineStaffCall({
  path: '/staff/api/home-content/order-hot-words',
  roles: HOME_CONTENT_ROLES,
  summary: '置顶词的新顺序（须恰为当前置顶的全部词）；审计 homeContent.orderHotWords',
  fields: { words: words() },
  answer: staffAnswer(hotWordsAnswer, `${HOT_WORDS_DOC}；拒绝：${HOT_WORD_MSG.orderStale}`),
});
