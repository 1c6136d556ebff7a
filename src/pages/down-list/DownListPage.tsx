import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useCallback, useState } from 'react';
import { useNavigate } from '../../app/use-navigation.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { BenchProfiler } from '../../features/downloads/bench-probe.tsx';
import { WithDownloadList } from '../../features/downloads/WithDownloadList.tsx';
import { DownloadRow } from '../../features/downloads/DownloadRow.tsx';
import type { DownloadEntryActor, DownloadListActor } from '../../features/downloads/download-runtime.ts';
import { useDeletePackage, useDownloadOrder, useEntryActor } from '../../features/downloads/use-downloads.ts';
import '../../features/downloads/downloads.css';
import { EmptyState } from '../../components/list/ListStates.tsx';

/**
 * /downlist, the download manager (SPEC §2 "Download", §4 "Download state"): every entry with its
 * progress, speed and action (pause / continue / install / open / retry), delete, and the
 * 安装后删除安装包 preference (ispackage). The list lives inside the native wrapper only.
 */
export default function DownListPage() {
  const navigate = useNavigate();
  return (
    <div className="down-list">
      <PageHeader title="下载管理" onBack={() => navigate('back')} />
      <WithDownloadList>{(list) => <DownloadManager list={list} />}</WithDownloadList>
    </div>
  );
}

function DownloadManager({ list }: { list: DownloadListActor }) {
  const navigate = useNavigate();
  const order = useDownloadOrder(list);
  const deletePackage = useDeletePackage(list);
  const [pending, setPending] = useState<{ actor: DownloadEntryActor; name: string } | null>(null);
  const askDelete = useCallback((actor: DownloadEntryActor, name: string) => setPending({ actor, name }), []);
  const openDetail = useCallback((platformGameId: number) => navigate('/msgedetinfor', { platform_game_id: platformGameId }), [navigate]);
  return (
    <>
      <label className="down-list__setting">
        <span>
          安装后删除安装包
          <p className="down-list__hint">安装成功后自动删除安装包，节省手机空间</p>
        </span>
        <input
          type="checkbox"
          role="switch"
          className="down-list__switch"
          checked={deletePackage}
          onChange={(event) => list.send({ type: 'ui.setDeletePackage', value: event.target.checked })}
        />
      </label>
      {order.length === 0 ? (
        <EmptyState message="暂无下载任务" action={{ label: '去首页看看', to: '/' }} />
      ) : (
        <BenchProfiler>
          <ul className="down-list__list" aria-label="下载任务">
            {order.map((platformGameId) => (
              <ListedRow key={platformGameId} list={list} platformGameId={platformGameId} onDelete={askDelete} onOpenDetail={openDetail} />
            ))}
          </ul>
        </BenchProfiler>
      )}
      <ConfirmDialog
        visible={pending !== null}
        content={pending ? `确定删除「${pending.name}」的下载任务吗？` : ''}
        cancelText="取消"
        confirmText="删除"
        danger
        maskClosable
        onConfirm={() => {
          pending?.actor.send({ type: 'ui.delete' });
          setPending(null);
        }}
        onCancel={() => setPending(null)}
      />
    </>
  );
}

function ListedRow({
  list,
  platformGameId,
  onDelete,
  onOpenDetail,
}: {
  list: DownloadListActor;
  platformGameId: number;
  onDelete: (actor: DownloadEntryActor, name: string) => void;
  onOpenDetail: (platformGameId: number) => void;
}) {
  const actor = useEntryActor(list, platformGameId);
  return actor ? <DownloadRow entry={actor} onDelete={onDelete} onOpenDetail={onOpenDetail} /> : null;
}
