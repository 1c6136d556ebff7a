import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useState } from 'react';
import type { PageProps } from '../../app/routes.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import type { DownloadEntryActor, DownloadListActor } from '../../features/downloads/download-runtime.ts';
import { runEntryAction, useEntryActor, useEntryView } from '../../features/downloads/use-downloads.ts';
import { WithDownloadList } from '../../features/downloads/WithDownloadList.tsx';
import { gameIdsOf } from '../../components/game/game-ids.ts';
import '../../features/downloads/downloads.css';
import { EmptyState } from '../../components/list/ListStates.tsx';

/**
 * /msgedetinfor: one download's details (SPEC lists it with the download pages and shows no
 * content; docs/decisions.md): the game, package, version, sizes, state and its actions.
 * data: { platform_game_id }.
 */
export default function MsgeDetInforPage({ data }: PageProps) {
  const navigate = useNavigate();
  const platformGameId = gameIdsOf(data)?.platform_game_id;
  return (
    <div className="msgedet">
      <PageHeader title="下载详情" onBack={() => navigate('back')} />
      <WithDownloadList>{(list) => (platformGameId ? <EntryDetail list={list} platformGameId={platformGameId} /> : <Missing />)}</WithDownloadList>
    </div>
  );
}

function Missing() {
  return (
<EmptyState message="未找到该下载任务" action={{ label: '查看下载管理', to: '/downlist' }} />
  );
}

function EntryDetail({ list, platformGameId }: { list: DownloadListActor; platformGameId: number }) {
  const actor = useEntryActor(list, platformGameId);
  return actor ? <Facts actor={actor} /> : <Missing />;
}

function Facts({ actor }: { actor: DownloadEntryActor }) {
  const navigate = useNavigate();
  const view = useEntryView(actor);
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="msgedet__card" aria-label="下载详情">
      <h2 className="msgedet__title">{view.name}</h2>
      <dl className="msgedet__facts">
        <dt>状态</dt>
        <dd data-testid="detail-state">{view.statusText}</dd>
        <dt>进度</dt>
        <dd>
          {view.percent}%（{view.sizeText}）
        </dd>
        {view.speed !== null && (
          <>
            <dt>速度</dt>
            <dd>{view.speed}</dd>
          </>
        )}
        <dt>版本</dt>
        <dd>{view.version}</dd>
        <dt>包名</dt>
        <dd>{view.packageName}</dd>
      </dl>
      <div className="msgedet__actions">
        <button type="button" className="download-row__action" disabled={view.disabled} onClick={() => runEntryAction(view)}>
          {view.rowLabel}
        </button>
        <button type="button" className="download-row__delete" disabled={view.busy} onClick={() => setConfirming(true)}>
          删除
        </button>
      </div>
      <p>
        <button type="button" className="msgedet__game" onClick={() => navigate('/gamedetail', { game_id: view.gameId, platform_game_id: view.platformGameId })}>
          查看游戏详情
        </button>
      </p>
      <ConfirmDialog
        visible={confirming}
        content={`确定删除「${view.name}」的下载任务吗？`}
        cancelText="取消"
        confirmText="删除"
        danger
        maskClosable
        onConfirm={() => {
          setConfirming(false);
          actor.send({ type: 'ui.delete' });
          navigate('back');
        }}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
