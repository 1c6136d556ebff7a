import { arr, isLocalPath, obj, str, type Raw } from './answer-fields.ts';
import { escapeXml } from './catalog/art.ts';

/**
 * A game page's first screen as HTML, for the boot skeleton the server puts into index.html when a
 * player lands on a shared game link (first-paint.ts). It is the markup the client's
 * GameDetailView renders for the same getGameDetail answer — the title bar, the game's header, its
 * licence lines and the screenshot strip — with the same classes, sizes and text, so that the
 * player sees the game (and its first screenshots, the page's largest paint) as soon as the HTML
 * and the images arrive rather than after the scripts have run, and so that nothing moves when
 * React replaces it. The server shares no code with the client but the wire protocol
 * (ARCHITECTURE.md), so the two are held to each other by a test:
 * src/pages/game-detail/GameDetailPage.test.tsx renders both for the same answers and compares them.
 */

export type GameFirstScreenVariant = 'default' | 'fold';

const TITLE: Record<GameFirstScreenVariant, string> = { default: '游戏详情', fold: '游戏详情' };
/** As the page: the first screen's screenshots load at once, the others when layout finds them. */
const SHOTS_ON_FIRST_SCREEN = 3;

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
/** Same-origin paths only (the art the server itself serves). */
const localPath = (value: unknown) => (isLocalPath(str(value)) ? str(value) : '');

/** The client's download count text (1.2万). */
function countText(n: number): string {
  return n >= 10_000 ? `${(n / 10_000).toFixed(1).replace(/\.0$/, '')}万` : String(n);
}

function pageHeader(title: string): string {
  return (
    '<header class="page-header"><button type="button" class="page-header__back" aria-label="返回">' +
    '<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"></path></svg>' +
    `</button><h1 class="page-header__title">${escapeXml(title)}</h1></header>`
  );
}

function header(game: Raw, platform: Raw): string {
  const discount = str(game.discount_text ?? platform.discount_text);
  const size = str(game.size_text ?? platform.size_text);
  const downloads = typeof game.download_text === 'string' ? game.download_text : countText(num(game.download_count));
  const tags = arr(game.tags)
    .filter((tag): tag is string => typeof tag === 'string')
    .map((tag) => `<li class="gd-tag">${escapeXml(tag)}</li>`)
    .join('');
  return (
    `<section class="gd-head" aria-label="游戏信息"><img class="gd-head__icon" src="${escapeXml(localPath(game.icon))}" alt="" width="72" height="72" decoding="async">` +
    `<div class="gd-head__info"><h1 class="gd-head__name">${escapeXml(str(game.name).trim())}${discount ? `<span class="gd-badge gd-badge--discount">${escapeXml(discount)}</span>` : ''}</h1>` +
    `<p class="gd-head__meta"><span class="gd-head__score">${num(game.score).toFixed(1)}分</span>${size ? `<span>${escapeXml(size)}</span>` : ''}<span>${escapeXml(downloads)}次下载</span></p>` +
    `<ul class="gd-head__tags" aria-label="标签">${tags}</ul></div></section>`
  );
}

function licence(game: Raw): string {
  const age = str(game.age_rating);
  const rows = (
    [
      ['版号', str(game.licence_no)],
      ['审批文号', str(game.approval_no)],
      ['开发商', str(game.developer)],
    ] as const
  )
    .filter(([, value]) => value)
    .map(([label, value]) => `<div><dt>${label}</dt><dd>${escapeXml(value)}</dd></div>`)
    .join('');
  return (
    '<section class="gd-licence" aria-label="版号信息">' +
    (age ? `<span class="gd-age" title="适龄提示" aria-label="适龄提示 ${escapeXml(age)}">${escapeXml(age)}</span>` : '') +
    `<dl class="gd-licence__list">${rows}</dl></section>`
  );
}

function screenshots(game: Raw): string {
  const shots = arr(game.screenshots)
    .map((shot) => ({ url: localPath(obj(shot).url), caption: str(obj(shot).caption) }))
    .filter((shot) => shot.url !== '');
  if (shots.length === 0) return '';
  const items = shots
    .map(
      (shot, index) =>
        `<li class="gd-shots__item"><button type="button" class="gd-shots__button" aria-label="查看截图 ${index + 1}">` +
        `<img class="gd-shots__image" src="${escapeXml(shot.url)}" alt="${escapeXml(shot.caption)}" width="135" height="240" loading="${index < SHOTS_ON_FIRST_SCREEN ? 'eager' : 'lazy'}" decoding="async"></button></li>`,
    )
    .join('');
  return `<section class="gd-section" aria-label="游戏截图"><ul class="gd-shots">${items}</ul></section>`;
}

/** The first screen for a getGameDetail answer's data; null for one without a game to show. */
export function gameFirstScreenHtml(data: unknown, variant: GameFirstScreenVariant): string | null {
  const game = obj(data);
  if (str(game.name).trim() === '') return null;
  return (
    `<div class="gd-page">${pageHeader(TITLE[variant])}` +
    `<div class="gd gd--${variant}" data-boot="game-detail">${header(game, obj(game.platform))}${licence(game)}${screenshots(game)}</div></div>`
  );
}
