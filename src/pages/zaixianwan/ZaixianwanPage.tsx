import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { PlayRefusal } from '../../../api/protocol/calls/real-name.ts';
import { playSessionMachine, type PlayEnd } from '../../../machines/play-session.machine.ts';
import { Link } from '../../app/Link.tsx';
import type { PageProps } from '../../app/routes.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useFeatureActor } from '../../app/use-feature-actor.ts';
import { useNavigate, useSignedIn } from '../../app/use-navigation.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { gameIdsOf } from '../../components/game/game-ids.ts';
import { MissingGame } from '../../components/game/MissingGame.tsx';
import './zaixianwan.css';
import * as calls from '../../../api/protocol/call-refs.ts';

/**
 * /zaixianwan: an H5 game played in the page. Play is a session the server grants
 * (/api/game/startPlay: real name, and for minors the 20:00–21:00 hour of Fri, Sat, Sun and
 * holidays); only the server's own H5 path with its ticket (/play/h5/<id>?ticket=…) is framed.
 * A minor's grant has a hard end (`until` with `end_message`): at that moment the frame goes and
 * the rule shows (machines/play-session.machine.ts), without waiting for a reload.
 */

const H5_PATH = /^\/play\/h5\/\d{1,15}\?ticket=[A-Za-z0-9_-]{32}$/;
const NOT_PLAYABLE = '该游戏暂不支持在线玩';
const REAL_NAME_PATH = '/realnamecertificateone';

/** The frame's address, or null when the answer is not a same-origin H5 path with a ticket. */
export function playableUrl(value: unknown): string | null {
  const url = typeof value === 'object' && value !== null ? (value as { url?: unknown }).url : null;
  return typeof url === 'string' && H5_PATH.test(url) ? url : null;
}

/** End messages are one sentence: a longer one is cut, never a reason to play on. */
const MAX_END_MESSAGE_LENGTH = 200;

/**
 * The grant's hard end, or null when it has none. A grant that says it ends (end_message) but
 * whose time does not read ends now: the page fails closed.
 */
export function playEndOf(value: unknown, now: number): PlayEnd | null {
  if (typeof value !== 'object' || value === null) return null;
  const { until, end_message: message } = value as { until?: unknown; end_message?: unknown };
  if (typeof message !== 'string' || message === '') return null;
  const at = typeof until === 'string' ? Date.parse(until) : NaN;
  return { at: Number.isFinite(at) ? at : now, message: message.slice(0, MAX_END_MESSAGE_LENGTH) };
}

/** Runs the countdown to the grant's hard end; the end once it has passed, else null. */
function useSessionEnd(grant: unknown): PlayEnd | null {
  // A new grant is an event the machine handles (play.grant below), not a restart.
  const actor = useFeatureActor(playSessionMachine);
  useEffect(() => {
    const now = Date.now();
    actor.send({ type: 'play.grant', end: playEndOf(grant, now), now });
  }, [actor, grant]);
  useEffect(() => {
    // A page that slept (phone locked, tab hidden) lost timer time: the wall clock decides on waking.
    const tell = () => {
      if (document.visibilityState === 'visible') actor.send({ type: 'play.clock', now: Date.now() });
    };
    document.addEventListener('visibilitychange', tell);
    window.addEventListener('pageshow', tell);
    return () => {
      document.removeEventListener('visibilitychange', tell);
      window.removeEventListener('pageshow', tell);
    };
  }, [actor]);
  return useSelector(actor, (snapshot) => (snapshot.hasTag('ended') ? snapshot.context.end : null));
}

function refusalOf(value: unknown): PlayRefusal | null {
  if (typeof value !== 'object' || value === null) return null;
  const { reason, message } = value as Partial<PlayRefusal>;
  return (reason === 'realName' || reason === 'hours' || reason === 'game') && typeof message === 'string' ? { reason, message } : null;
}

function Bar({ name, onRefresh }: { name: string; onRefresh?: () => void }) {
  const navigate = useNavigate();
  return (
    <header className="h5-play__bar">
      <button type="button" className="h5-play__button" aria-label="返回" onClick={() => navigate('back')}>
        ‹
      </button>
      <h1 className="h5-play__title">{name}</h1>
      {onRefresh ? (
        <button type="button" className="h5-play__button" aria-label="刷新" onClick={onRefresh}>
          ↻
        </button>
      ) : (
        <span className="h5-play__button" aria-hidden="true" />
      )}
    </header>
  );
}

function Refused({ refusal }: { refusal: PlayRefusal | null }) {
  return (
    <div className="h5-play__refused" role="alert">
      <p>{refusal?.message ?? NOT_PLAYABLE}</p>
      {refusal?.reason === 'realName' && (
        <Link to={REAL_NAME_PATH} className="h5-play__action">
          去实名认证
        </Link>
      )}
    </div>
  );
}

/** Signed in: ask for a play session; a refresh asks again (a fresh ticket). */
function Session({ name, platformGameId }: { name: string; platformGameId: number }) {
  const grant = useRemoteData('playGrant', calls.realName.startPlay, { platform_game_id: platformGameId });
  const url = useMemo(() => playableUrl(grant.data), [grant.data]);
  const ended = useSessionEnd(url ? grant.data : null);
  return (
    <>
      <Bar name={name} onRefresh={grant.refresh} />
      {grant.failed ? (
        <LoadFailed message={grant.error} onRetry={grant.retry} />
      ) : grant.loading ? (
        <div className="h5-play__loading skeleton" aria-busy="true" aria-label="加载中" />
      ) : ended ? (
        <Refused refusal={{ reason: 'hours', message: ended.message }} />
      ) : url ? (
        <iframe key={url} className="h5-play__frame" title={name} src={url} sandbox="allow-scripts allow-same-origin allow-forms" />
      ) : (
        <Refused refusal={refusalOf(grant.data)} />
      )}
    </>
  );
}

function SignedOut({ name }: { name: string }) {
  const runtime = useRuntime();
  return (
    <>
      <Bar name={name} />
      <div className="h5-play__refused">
        <p>登录并完成实名认证后即可在线玩</p>
        <button type="button" className="h5-play__action" onClick={() => runtime.openLogin()}>
          登录
        </button>
      </div>
    </>
  );
}

function Player({ platformGameId, gameId }: { platformGameId: number; gameId?: number }) {
  const signedIn = useSignedIn();
  const detail = useRemoteData('gameDetail', calls.game.getGameDetail, gameId ? { game_id: gameId, platform_game_id: platformGameId } : { platform_game_id: platformGameId });
  const name = detail.data && typeof (detail.data as { name?: unknown }).name === 'string' ? (detail.data as { name: string }).name : '在线玩';
  return <div className="h5-play">{signedIn ? <Session name={name} platformGameId={platformGameId} /> : <SignedOut name={name} />}</div>;
}

export default function ZaixianwanPage({ data }: PageProps) {
  const ids = gameIdsOf(data);
  return ids?.platform_game_id ? <Player platformGameId={ids.platform_game_id} gameId={ids.game_id} /> : <MissingGame title="在线玩" />;
}
