/**
 * 热门搜索 as operators keep it (docs/staff-console.md "首页内容"): words an operator pins come first
 * on the search page, in the operator's order; the others follow by how often players searched
 * them. No imports: the console takes these without schema code.
 */

/** Who keeps 首页内容 besides admin (the staff calls and the console module read this). */
export const HOME_CONTENT_ROLES = ['operator'] as const;

export const HOT_WORD_MAX = 12;
/** Pinned words: the search page shows 10 words, a few spare for the next week. */
export const PINNED_WORDS_MAX = 20;

export const HOT_WORD_MSG = {
  required: '请填写搜索词',
  tooLong: `搜索词不能超过${HOT_WORD_MAX}个字`,
  control: '搜索词不能包含换行或控制字符',
  missing: '该搜索词不存在或已被删除',
  alreadyPinned: '该搜索词已置顶',
  tooMany: `置顶的搜索词最多${PINNED_WORDS_MAX}个`,
  orderStale: '置顶的搜索词已变化，请刷新后再排序',
  added: '已置顶该搜索词',
  removed: '已删除该搜索词',
  unpinned: '已取消置顶',
  ordered: '置顶顺序已保存',
} as const;

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** The word's problem, or null when it may be pinned (counted in characters). */
export function hotWordProblem(word: string): string | null {
  if (word === '') return HOT_WORD_MSG.required;
  if (CONTROL.test(word)) return HOT_WORD_MSG.control;
  if ([...word].length > HOT_WORD_MAX) return HOT_WORD_MSG.tooLong;
  return null;
}
