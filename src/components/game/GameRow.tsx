import type { ReactNode } from 'react';
import { Link } from '../../app/Link.tsx';
import { LazyImage } from '../media/LazyImage.tsx';
import type { GameItem } from './game-item.ts';
import './game-row.css';

/** Every game row has this height (the virtual lists place rows by it; game-row.css agrees). */
export const GAME_ROW_HEIGHT = 88;
const ICON_PX = 60;
const MAX_BADGES = 2;

/** The badges of a game: its discount, BT, H5, then its first tags. */
export function badgesOf(game: GameItem): string[] {
  const badges: string[] = [];
  if (game.discount !== null && game.discount_text) badges.push(game.discount_text);
  if (game.is_bt) badges.push('BT');
  if (game.is_h5) badges.push('H5');
  for (const tag of game.tags) if (!badges.includes(tag)) badges.push(tag);
  return badges.slice(0, MAX_BADGES);
}

/** The name split around the first case-insensitive occurrence of `keyword`, for highlighting. */
export function splitMatch(name: string, keyword: string): [string, string, string] | null {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return null;
  const at = name.toLowerCase().indexOf(needle);
  return at < 0 ? null : [name.slice(0, at), name.slice(at, at + needle.length), name.slice(at + needle.length)];
}

function Name({ name, highlight }: { name: string; highlight?: string }) {
  const parts = highlight ? splitMatch(name, highlight) : null;
  if (!parts) return <>{name}</>;
  return (
    <>
      {parts[0]}
      <mark className="game-row__match">{parts[1]}</mark>
      {parts[2]}
    </>
  );
}

export interface GameRowProps {
  game: GameItem;
  /** Shown before the icon (rankings). */
  rank?: number;
  /** Text of the name to mark (search results). */
  highlight?: string;
  /** Replaces the one-line description (open servers, reservations). */
  note?: ReactNode;
  /** The row's button at the end (the list passes the download button: components know no feature). */
  action?: ReactNode;
}

/** One game of a list: icon, name, badges, size · downloads, a line of description, download button. Tap → game page. */
export function GameRow({ game, rank, highlight, note, action }: GameRowProps) {
  const meta = [game.size_text, game.download_text && `${game.download_text}下载`].filter(Boolean).join(' · ');
  return (
    <div className="game-row">
      {rank !== undefined && <span className={`game-row__rank game-row__rank--${rank <= 3 ? rank : 'n'}`}>{rank}</span>}
      <Link className="game-row__main" to="/gamedetail" data={{ game_id: game.game_id, platform_game_id: game.platform_game_id }}>
        <LazyImage className="game-row__icon" src={game.icon} alt={game.name} width={ICON_PX} height={ICON_PX} />
        <span className="game-row__text">
          <span className="game-row__title">
            <span className="game-row__name" data-clamp>
              <Name name={game.name} highlight={highlight} />
            </span>
            {badgesOf(game).map((badge) => (
              <span key={badge} className="game-row__badge">
                {badge}
              </span>
            ))}
          </span>
          <span className="game-row__meta">{meta}</span>
          <span className="game-row__desc" data-clamp>{note ?? game.short_desc}</span>
        </span>
      </Link>
      {action}
    </div>
  );
}
