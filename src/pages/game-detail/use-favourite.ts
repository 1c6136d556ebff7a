import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { favouriteMachine, type CollectAnswer, type SaveInput } from '../../../machines/favourite.machine.ts';
import type { ApiOutcome } from '../../../api/outcome.ts';
import { request } from '../../../api/typed-call.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useFeatureActor } from '../../app/use-feature-actor.ts';
import { showToast } from '../../app/toast.ts';
import { useSignedIn } from '../../app/use-navigation.ts';
import * as calls from '../../../api/protocol/call-refs.ts';

/** The game page's favourite button (收藏 / 已收藏) through the favourite machine. */
export function useFavourite(gameId: number, platformGameId: number) {
  const runtime = useRuntime();
  const signedIn = useSignedIn();
  const actor = useFeatureActor(favouriteMachine, {
    implementations: {
      actors: {
        loadStatus: fromPromise<ApiOutcome<CollectAnswer>>(() => request(runtime.api, calls.collections.getCollectStatus, { game_id: gameId })),
        save: fromPromise<ApiOutcome<CollectAnswer>, SaveInput>(({ input }) =>
          request(runtime.api, calls.collections.collectGame, { game_id: gameId, collect: String(input.collect) as '0' | '1', platform_game_id: platformGameId }),
        ),
      },
      actions: {
        requestLogin: () => runtime.openLogin(),
        announce: (_, { message }) => message && showToast(message),
      },
    },
  });
  const collected = useSelector(actor, (s) => s.context.collected);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  return { collected, busy, label: collected ? '已收藏' : '收藏', toggle: () => actor.send({ type: 'ui.toggle', signedIn }) };
}
