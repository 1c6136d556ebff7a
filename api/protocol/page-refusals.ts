import * as realName from './refs/real-name.ts';

/**
 * The calls declared with `pageShowsRefusal` (call-spec.ts), as the client knows them: by path,
 * without carrying their declarations into the players' bundle (as call-refs.ts does).
 * page-refusals.test.ts fails until this list and the declarations agree.
 */
export const PAGE_SHOWN_REFUSALS: ReadonlySet<string> = new Set<string>([realName.startPlay]);
