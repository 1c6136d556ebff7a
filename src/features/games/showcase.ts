import type { RouteData } from '../../../machines/navigation.types.ts';
import { decodeGameItems, safeUrl, type GameItem } from '../../components/game/game-item.ts';

/** The home layout (docs/catalog.md getAppIndexContent) and topics, decoded. */

export interface AppLink {
  path: string;
  data: RouteData | null;
}

export interface Topic {
  id: number;
  title: string;
  subtitle: string;
  description: string;
  banner: string;
  game_count: number;
}

export type HomeSection =
  | { key: string; title: string; kind: 'games'; more: AppLink | null; games: GameItem[] }
  | { key: string; title: string; kind: 'topics'; more: AppLink | null; topics: Topic[] };

export interface HomeContent {
  banners: { image: string; title: string; link: AppLink | null }[];
  navs: { key: string; title: string; icon: string; link: AppLink | null }[];
  sections: HomeSection[];
}

type Raw = Record<string, unknown>;
const obj = (value: unknown): Raw => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Raw) : {});
const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const int = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0);

export function decodeLink(value: unknown): AppLink | null {
  const raw = obj(value);
  const path = str(raw.path);
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  const data = obj(raw.data);
  return { path, data: Object.keys(data).length ? data : null };
}

export function decodeTopics(list: unknown): Topic[] {
  return arr(list).flatMap((entry) => {
    const raw = obj(entry);
    const id = int(raw.id);
    const title = str(raw.title);
    return id > 0 && title ? [{ id, title, subtitle: str(raw.subtitle), description: str(raw.description), banner: safeUrl(raw.banner), game_count: int(raw.game_count) }] : [];
  });
}

export function decodeHomeContent(value: unknown): HomeContent {
  const raw = obj(value);
  return {
    banners: arr(raw.banners).flatMap((entry) => {
      const b = obj(entry);
      const image = safeUrl(b.image);
      return image ? [{ image, title: str(b.title), link: decodeLink(b.link) }] : [];
    }),
    navs: arr(raw.navs).flatMap((entry) => {
      const n = obj(entry);
      const title = str(n.title);
      return title ? [{ key: str(n.key) || title, title, icon: safeUrl(n.icon), link: decodeLink(n.link) }] : [];
    }),
    sections: arr(raw.sections).flatMap((entry): HomeSection[] => {
      const s = obj(entry);
      const key = str(s.key);
      const title = str(s.title);
      const more = decodeLink(s.more);
      if (!key || !title) return [];
      if (str(s.style) === 'topics') {
        const topics = decodeTopics(s.list);
        return topics.length ? [{ key, title, kind: 'topics', more, topics }] : [];
      }
      const games = decodeGameItems(s.list);
      return games.length ? [{ key, title, kind: 'games', more, games }] : [];
    }),
  };
}
