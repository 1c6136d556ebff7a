import * as v from 'valibot';
import { answer, count, defineCall, int, page, PAGE_FIELDS, positive, url } from '../call-spec.ts';

/** 会员卡 (/api/card/…). */

/** A membership card on sale (the card pages). */
export const CardOnSale = v.object({
  id: positive,
  type: v.picklist(['hot', 'new', 'gold', 'carmine']),
  /** Shown on the card and its buy button: never blank. */
  name: v.pipe(v.string(), v.check((name) => name.trim() !== '', 'A blank name')),
  subtitle: v.string(),
  /** 元. */
  price: v.number(),
  price_cents: count,
  original_price: v.number(),
  original_price_cents: count,
  days: count,
  contents: v.array(v.string()),
  sold_count: count,
  image: url,
});
export type CardOnSale = v.InferOutput<typeof CardOnSale>;

const CARD_PAGE = '分页：list: [{ id, type, name, subtitle, price（元）, price_cents, original_price, original_price_cents, days, contents, sold_count, image }]';

function cardList(path: string, summary: string) {
  return defineCall({ path, auth: 'none', summary, fields: { ...PAGE_FIELDS }, answer: answer(page(CardOnSale), CARD_PAGE) });
}

export const getHotCard = cardList('/api/card/getHotCard', '热门会员卡');
export const getNewCard = cardList('/api/card/getNewCard', '新人会员卡');
export const getGoldCard = cardList('/api/card/getGoldCard', '黄金会员卡');
export const getCarmineCard = cardList('/api/card/getCarmineCard', '胭脂红卡');

export const getCarmineCardIndex = defineCall({
  path: '/api/card/getCarmineCardIndex',
  auth: 'none',
  summary: '胭脂红卡活动页',
  fields: {},
  answer: answer(
    v.object({ title: v.string(), subtitle: v.string(), banner: v.string(), card: CardOnSale, cards: v.array(CardOnSale), sold_total: int, privileges: v.array(v.string()) }),
    '{ title, subtitle, banner, card（第一张）, cards, sold_total, privileges }；没有卡时 code -1 暂无活动',
  ),
});
