import { fromPromise } from 'xstate';
import { request } from '../../../api/typed-call.ts';
import type { PictureUploadInput, TicketInput, TicketOutcome, UploadResult } from '../../../machines/upload.types.ts';
import type { AppRuntime } from '../../app/runtime.ts';
import { uploadPicture } from './upload-picture.ts';
import * as calls from '../../../api/protocol/call-refs.ts';

/**
 * The upload machine's ticket and bytes wired to the server, the same for every picker (the
 * avatar adds its save): getUploadTos with the machine's purpose, then the picture redrawn to its
 * side; stopping the actor aborts the request in flight.
 */
export function uploadActors(runtime: Pick<AppRuntime, 'api' | 'session'>) {
  return {
    ticket: fromPromise<TicketOutcome, TicketInput>(({ input }) => request(runtime.api, calls.profile.getUploadTos, { purpose: input.purpose })),
    upload: fromPromise<UploadResult, PictureUploadInput>(({ input, signal }) => uploadPicture(runtime, input, { side: input.side, signal })),
  };
}
