/** The money services' glyphs: small stroked icons (24 px box) on a tinted chip. */
const PATHS = {
  coin: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM9 8l3 4 3-4M12 12v5M9 13h6',
  game: 'M6 8h12a4 4 0 0 1 0 8c-1.5 0-2.5-1-3-2H9c-.5 1-1.5 2-3 2a4 4 0 0 1 0-8zM7 11v3M5.5 12.5h3M16 12h.01M18 13h.01',
  card: 'M3 6h18v12H3zM3 10h18M7 15h4',
  record: 'M6 3h12v18H6zM9 8h6M9 12h6M9 16h4',
  guide: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7M12 17h.01',
  crown: 'M3 8l4 4 5-7 5 7 4-4-2 11H5zM5 19h14',
  gift: 'M4 10h16v10H4zM3 7h18v3H3zM12 7v13M12 7c-2-3-6-3-5 0M12 7c2-3 6-3 5 0',
  coupon: 'M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4zM10 7v10',
  wallet: 'M3 7h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H3zM3 7l12-3v3M16 13h2',
} as const;

export type MoneyIcon = keyof typeof PATHS;

export function MoneyGlyph({ icon }: { icon: MoneyIcon }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path d={PATHS[icon]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
