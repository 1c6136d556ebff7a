import { shallowEqual, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ApiOutcome } from '../../../api/outcome.ts';
import * as calls from '../../../api/protocol/call-refs.ts';
import { request } from '../../../api/typed-call.ts';
import { browserDownloadMachine, type DownloadAddress } from '../../../machines/browser-download.machine.ts';
import { connectBrowserDownload } from '../../../machines/download-entry.connect.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { showToast } from '../../app/toast.ts';
import { useFeatureActor } from '../../app/use-feature-actor.ts';

/**
 * The browser's download of one game (outside the wrapper): the browser-download machine wired to
 * the server (getDownUrl for the address, recordDown for the count), the H5 page and the toasts;
 * its view model (machines/download-entry.connect.ts) read with one selector.
 */
export function useBrowserDownload(game: { platform_game_id: number; game_id: number }, isH5: boolean) {
  const runtime = useRuntime();
  const actor = useFeatureActor(browserDownloadMachine, {
    input: { platformGameId: game.platform_game_id, gameId: game.game_id, isH5 },
    implementations: {
      actors: {
        lookUpAddress: fromPromise(({ input }: { input: { platformGameId: number } }) =>
          // getDownUrl's answer is declared without a type yet: the machine reads it as an address
          request(runtime.api, calls.game.getDownUrl, { id: input.platformGameId }) as Promise<ApiOutcome<DownloadAddress>>,
        ),
      },
      actions: {
        openH5: (_, params) => runtime.navigate('/zaixianwan', { platform_game_id: params.platformGameId, game_id: params.gameId }),
        startBrowserDownload: (_, params) => {
          void request(runtime.api, calls.game.recordDown, { platform_game_id: params.platformGameId, game_id: params.gameId });
          window.location.assign(new URL(params.url, window.location.origin).href);
        },
        showToast: (_, params) => showToast(params.message, params.durationMs),
      },
    },
  });
  return useSelector(actor, (snapshot) => connectBrowserDownload(snapshot, actor.send), shallowEqual);
}
