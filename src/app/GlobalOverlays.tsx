/** Overlays that live above every page (login, rating, notifications, loading); one line each. */
export function GlobalOverlays() {
  return <>{/* OVERLAYS: each feature adds its component on its own line below */}</>;
}
