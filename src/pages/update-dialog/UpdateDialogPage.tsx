import { useSelector } from '@xstate/react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { updateKindOf } from '../../../machines/update-dialog.types.ts';
import { runningVersion } from '../../../api/protocol/versions.ts';
import type { PageProps } from '../../app/routes.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useNavigate } from '../../app/use-navigation.ts';
import { CenterDialog } from '../../components/CenterDialog.tsx';
import { updateActorFor, type UpdateActor } from '../../features/update/update-runtime.ts';
import '../../features/messages/messages.css';

/**
 * /updatedialog (版本更新): the update dialog as a page, over a dimmed screen. It
 * checks again when opened (a dismissed optional version is shown all the same: the player asked)
 * and shares the app's one update actor with the start-up check inside the wrapper, so a download
 * in progress shows its progress here. A forced update has no way out (the runtime brings the
 * player back here); 以后再说 remembers the optional version.
 */

type Snapshot = ReturnType<UpdateActor['getSnapshot']>;
const selectState = (snapshot: Snapshot) => (typeof snapshot.value === 'string' ? snapshot.value : 'idle');
const selectLatest = (snapshot: Snapshot) => snapshot.context.latest;
const selectProgress = (snapshot: Snapshot) => snapshot.context.progress;
const selectError = (snapshot: Snapshot) => snapshot.context.error;
const selectForced = (snapshot: Snapshot) => snapshot.context.latest !== null && updateKindOf(snapshot.context.running, snapshot.context.latest) === 'forced';

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)}MB`;
}

export default function UpdateDialogPage(_: PageProps) {
  const runtime = useRuntime();
  const navigate = useNavigate();
  const actor = useMemo(() => updateActorFor(runtime), [runtime]);
  const state = useSelector(actor, selectState);
  const latest = useSelector(actor, selectLatest);
  const progress = useSelector(actor, selectProgress);
  const error = useSelector(actor, selectError);
  const forced = useSelector(actor, selectForced);
  const current = runningVersion(runtime.device);

  useEffect(() => {
    const snapshot = actor.getSnapshot();
    if (snapshot.matches('idle') || snapshot.matches('none') || snapshot.matches('failed') || snapshot.matches('dismissed') || snapshot.matches('opened')) {
      actor.send({ type: 'ui.check', respectDismissed: false });
    }
  }, [actor]);

  const close = () => (window.history.length > 1 ? navigate('back') : navigate('/', null, { replace: true }));
  const dismiss = () => {
    actor.send({ type: 'ui.dismiss' });
    close();
  };
  const update = () => actor.send({ type: 'ui.update' });
  const percent = progress && progress.total > 0 ? Math.min(100, Math.floor((progress.cur / progress.total) * 100)) : 0;

  let body: ReactNode;
  let actions: ReactNode;
  // Escape does what the way out on screen does; with none (checking, downloading, forced), it does nothing.
  let escape: () => void = () => {};
  if (state === 'checking' || state === 'idle') {
    body = <p className="popup-dialog__note" aria-busy="true">正在检查更新…</p>;
    actions = null;
  } else if (state === 'none') {
    body = <p className="popup-dialog__note">当前已是最新版本（v{current}）</p>;
    actions = <button type="button" className="popup-dialog__button" onClick={close}>知道了</button>;
    escape = close;
  } else if (state === 'failed') {
    body = <p className="popup-dialog__note" role="alert">{error}</p>;
    actions = (
      <>
        <button type="button" className="popup-dialog__button popup-dialog__button--ghost" onClick={close}>关闭</button>
        <button type="button" className="popup-dialog__button" onClick={() => actor.send({ type: 'ui.retry' })}>重试</button>
      </>
    );
    escape = close;
  } else if (state === 'downloading') {
    body = (
      <>
        <p className="popup-dialog__note">正在下载新版本 {percent}%{progress ? `（${megabytes(progress.cur)}/${megabytes(progress.total)}）` : ''}</p>
        <div className="popup-dialog__progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label="下载进度">
          <div className="popup-dialog__progress-bar" style={{ width: `${percent}%` }} />
        </div>
      </>
    );
    actions = null;
  } else if (state === 'downloadFailed') {
    body = <p className="popup-dialog__note" role="alert">{error}</p>;
    actions = (
      <>
        {!forced && <button type="button" className="popup-dialog__button popup-dialog__button--ghost" onClick={dismiss}>以后再说</button>}
        <button type="button" className="popup-dialog__button" onClick={() => actor.send({ type: 'ui.retry' })}>重新下载</button>
      </>
    );
    if (!forced) escape = dismiss;
  } else if (state === 'installing') {
    body = <p className="popup-dialog__note">安装包已下载，请在安装界面完成安装</p>;
    actions = (
      <>
        {!forced && <button type="button" className="popup-dialog__button popup-dialog__button--ghost" onClick={() => { actor.send({ type: 'ui.dismiss' }); close(); }}>关闭</button>}
        <button type="button" className="popup-dialog__button" onClick={update}>重新安装</button>
      </>
    );
    if (!forced) escape = dismiss;
  } else if (state === 'opened') {
    body = <p className="popup-dialog__note">已在浏览器中开始下载安装包，下载完成后请点击安装</p>;
    actions = <button type="button" className="popup-dialog__button" onClick={() => { actor.send({ type: 'ui.dismiss' }); close(); }}>知道了</button>;
    escape = dismiss;
  } else {
    // optional, forced (and dismissed, just before the page goes back)
    body = (
      <>
        {latest && <p className="popup-dialog__note">新版本 v{latest.versionName}{latest.size ? ` · ${megabytes(latest.size)}` : ''} · 当前 v{current}</p>}
        {state === 'forced' && <p className="popup-dialog__note" role="alert">当前版本过低，请更新后继续使用</p>}
        {latest?.notes && <p className="popup-dialog__notes">{latest.notes}</p>}
      </>
    );
    actions = (
      <>
        {state === 'optional' && <button type="button" className="popup-dialog__button popup-dialog__button--ghost" onClick={dismiss}>以后再说</button>}
        <button type="button" className="popup-dialog__button" onClick={update}>立即更新</button>
      </>
    );
    if (state === 'optional') escape = dismiss;
  }

  return (
    <div className="page">
      <CenterDialog open onClose={escape} label="版本更新" dataState={state} className="popup-dialog__box">
      <div className="popup-dialog__head">
        <span className="popup-dialog__badge">版本更新</span>
        <h2 className="popup-dialog__title">{state === 'none' ? '已是最新版本' : state === 'forced' ? '需要更新到新版本' : latest ? '发现新版本' : '检查更新'}</h2>
      </div>
      <div className="popup-dialog__body">{body}</div>
      {actions && <div className="popup-dialog__actions">{actions}</div>}
      </CenterDialog>
    </div>
  );
}
