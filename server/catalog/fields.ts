/**
 * Pages of list calls (PROTOCOL §10). The fields themselves are read and checked by each call's
 * declaration (api/protocol/call-spec.ts PAGE_FIELDS: page from 1, limit default 20, at most 50);
 * this turns the checked page and limit into the query's offset and the answer's shape.
 */
export interface Page {
  page: number;
  limit: number;
  offset: number;
}

export interface PageAnswer<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

/** The page of checked `page` and `limit` fields. */
export function pageOf(input: { page: number; limit: number }): Page {
  return { page: input.page, limit: input.limit, offset: (input.page - 1) * input.limit };
}

export function pageAnswer<T>(page: Page, list: readonly T[], total: number): PageAnswer<T> {
  // A copy: answers' lists are plain arrays (the declared answer's type), and cached pages are frozen.
  return { list: [...list], total, page: page.page, limit: page.limit };
}
