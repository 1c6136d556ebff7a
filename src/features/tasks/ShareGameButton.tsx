import { useEffect } from 'react';
import type { RouteData } from '../../../machines/navigation.types.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useSignedIn } from '../../app/use-navigation.ts';
import * as calls from '../../../api/protocol/call-refs.ts';
import { request } from '../../../api/typed-call.ts';

/** 分享 on /gamedetail: the share module loads on the first tap (./share-game.ts). Signed out it asks for the login. */
export function ShareGameButton({ game }: { game: { game_id: number; name: string; icon: string } }) {
  const runtime = useRuntime();
  const signedIn = useSignedIn();
  const share = () => {
    if (!signedIn) return runtime.openLogin();
    void import('./share-game.ts').then((module) => module.shareGame(runtime, game));
  };
  return (
    <button type="button" className="gd-share" onClick={share} style={{ border: 0, background: 'none', color: 'var(--app-brand, #b84a00)', fontSize: 14, padding: '0 10px' }}>
      分享
    </button>
  );
}

const SHARE_CODE = /^[A-Za-z0-9]{8}$/;

/** A game page opened from a share link (`share` in its data): the signed-in visitor's client reports the visit, once per page. */
export function useShareVisit(data: RouteData | null, gameId: number | undefined) {
  const runtime = useRuntime();
  const signedIn = useSignedIn();
  const code = typeof data?.share === 'string' && SHARE_CODE.test(data.share) ? data.share : null;
  useEffect(() => {
    if (!code || !gameId || !signedIn) return;
    void request(runtime.api, calls.tasks.reportShareVisit, { code, game_id: gameId });
  }, [runtime, code, gameId, signedIn]);
}
