import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { createActor, type ActorRefFrom } from 'xstate';
import { request } from '../../../api/typed-call.ts';
import {
  checkContact,
  checkFeedbackText,
  checkGameName,
  FEEDBACK_IMAGES_MAX,
  FEEDBACK_MSG,
  type FeedbackCategory,
} from '../../../api/protocol/help-rules.ts';
import { uploadMachine } from '../../../machines/upload.machine.ts';
import { withLoading } from '../../app/loading.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { showToast } from '../../app/toast.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { uploadActors } from '../uploads/upload-actors.ts';
import { SHRINK_TO_SIDE } from '../uploads/upload-picture.ts';
import { uploadEventLog } from './attach-log.ts';
import * as calls from '../../../api/protocol/call-refs.ts';

/**
 * The feedback form (/commonback, /suggestbcak): the fields, up to four pictures each uploading
 * through its own upload actor (progress, retry, removal), and the submit (userOpinion)
 * with one request id per form, so a retried or doubled tap makes one feedback. The rules are the
 * server's (api/protocol/help-rules.ts): the button stays disabled until they hold and every
 * picture is up; after the submit the player lands on /backrecord. With the player's consent
 * (附带使用记录, unticked by default) the app's redacted event log goes up first (attach-log.ts),
 * once per form: a retried submit names the same upload.
 */

export type PictureActor = ActorRefFrom<typeof uploadMachine>;

export interface Picture {
  id: number;
  actor: PictureActor;
  /** An object URL of the chosen file, for the thumbnail. */
  preview: string;
}

const SUBMIT_FAILED = '提交失败，请稍后重试';
export const PICTURES_BUSY = '图片上传中，请稍候';
export const PICTURES_FAILED = '有图片上传失败，请重试或删除';

let nextPicture = 0;

/** What the submit button says about the pictures, or null when they are all up. */
export function picturesProblem(pictures: readonly { actor: PictureActor }[]): string | null {
  const states = pictures.map((picture) => picture.actor.getSnapshot());
  if (states.some((state) => state.matches('failed'))) return PICTURES_FAILED;
  if (states.some((state) => !state.matches('uploaded'))) return PICTURES_BUSY;
  return null;
}

export function useFeedbackForm(options: { category: FeedbackCategory | null; gameName?: string }) {
  const runtime = useRuntime();
  const navigate = useNavigate();
  const [category, setCategory] = useState<FeedbackCategory | null>(options.category);
  const [text, setText] = useState('');
  const [contact, setContact] = useState('');
  const [gameName, setGameName] = useState(options.gameName ?? '');
  const [pictures, setPictures] = useState<Picture[]>([]);
  const [attachLog, setAttachLog] = useState(false);
  const [busy, setBusy] = useState(false);
  const logKey = useRef<string | null>(null);
  // Re-render when any picture's upload moves (progress, done, failed).
  const [, bump] = useReducer((n: number) => n + 1, 0);
  const requestId = useRef<string>(crypto.randomUUID());
  const inFlight = useRef(false);
  const live = useRef<Picture[]>([]);
  live.current = pictures;

  const machine = useMemo(() => uploadMachine.provide({ actors: uploadActors(runtime) }), [runtime]);

  const addFiles = useCallback(
    (files: readonly Blob[]) => {
      const room = FEEDBACK_IMAGES_MAX - live.current.length;
      if (files.length > room) showToast(FEEDBACK_MSG.tooManyImages);
      const added = files.slice(0, Math.max(0, room)).map((file) => {
        const actor = createActor(machine, { input: { purpose: 'feedback', side: SHRINK_TO_SIDE.feedback, save: false, file }, inspect: runtime.inspect });
        actor.subscribe(() => bump());
        actor.start();
        return { id: ++nextPicture, actor, preview: URL.createObjectURL(file) };
      });
      if (added.length > 0) setPictures((current) => [...current, ...added]);
    },
    [machine, runtime],
  );

  const removePicture = useCallback((id: number) => {
    const picture = live.current.find((p) => p.id === id);
    if (!picture) return;
    // Stopping the actor aborts its request in flight.
    picture.actor.stop();
    URL.revokeObjectURL(picture.preview);
    setPictures((current) => current.filter((p) => p.id !== id));
  }, []);

  // Leaving the page stops what is still uploading and frees the previews.
  useEffect(
    () => () => {
      for (const picture of live.current) {
        picture.actor.stop();
        URL.revokeObjectURL(picture.preview);
      }
    },
    [],
  );

  const check = useMemo(() => {
    if (category === null) return { ok: false as const, message: FEEDBACK_MSG.badCategory };
    const name = checkGameName(gameName, category);
    if (!name.ok) return name;
    const body = checkFeedbackText(text, category);
    if (!body.ok) return body;
    const reach = checkContact(contact);
    if (!reach.ok) return reach;
    return { ok: true as const };
  }, [category, gameName, text, contact]);
  const pictureProblem = picturesProblem(pictures);

  const submit = useCallback(async () => {
    if (inFlight.current || category === null) return;
    if (!check.ok) return showToast(check.message);
    if (pictureProblem) return showToast(pictureProblem);
    inFlight.current = true;
    setBusy(true);
    try {
      const images = live.current.map((picture) => picture.actor.getSnapshot().context.key).filter((key): key is string => key !== null);
      const outcome = await withLoading(runtime.loading, async () => {
        if (attachLog && logKey.current === null) {
          const attached = await uploadEventLog(runtime);
          if (!attached.ok) return { kind: 'error' as const, msg: attached.message };
          logKey.current = attached.key;
        }
        const eventLog = attachLog ? { event_log: logKey.current } : {};
        return request(runtime.api, calls.feedback.userOpinion, { request_id: requestId.current, category, content: text, contact, images, ...eventLog, ...(category === 'game_request' ? { game_name: gameName } : {}) });
      });
      if (outcome.kind === 'ok') {
        showToast(outcome.msg || FEEDBACK_MSG.submitted);
        navigate('/backrecord', null, { replace: true });
      } else if (outcome.kind === 'error') showToast(outcome.msg || SUBMIT_FAILED);
      // 'toast' refusals are shown by the session machine (SPEC §8); the form stays as it is.
    } catch {
      showToast(SUBMIT_FAILED);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, [category, check, pictureProblem, runtime, text, contact, gameName, attachLog, navigate]);

  return {
    category,
    setCategory,
    text,
    setText,
    contact,
    setContact,
    gameName,
    setGameName,
    pictures,
    addFiles,
    removePicture,
    /** Whether the app's event log goes with the feedback (the player's consent). */
    attachLog,
    setAttachLog,
    busy,
    /** Whether the submit button is live: the rules hold and every picture is up. */
    ready: check.ok && pictureProblem === null && !busy,
    /** Why not, for the hint under the button. */
    hint: !check.ok ? null : pictureProblem,
    submit,
  };
}

/** One picture's state for its tile. */
export function usePicture(actor: PictureActor) {
  return {
    stage: useSelector(actor, (snapshot) => snapshot.value),
    progress: useSelector(actor, (snapshot) => snapshot.context.progress),
    error: useSelector(actor, (snapshot) => snapshot.context.error),
    url: useSelector(actor, (snapshot) => snapshot.context.url),
    retry: () => actor.send({ type: 'ui.retry' }),
  };
}
