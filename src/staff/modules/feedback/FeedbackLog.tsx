import { lazy, Suspense, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Toast from 'antd-mobile/es/components/toast';
import * as staffCalls from '../../../../api/protocol/staff-refs.ts';
import { decodeEventLog, type EventLogFile } from '../../../../api/protocol/event-log.ts';
import { STAFF_CODE } from '../../../../api/protocol/staff-codes.ts';
import { downloadEventLog } from '../../../app/event-log-download.ts';
import { useStaffClient } from '../../runtime-context.tsx';

// The steps view draws the machines' diagrams: its code (every machine, the layout) loads on first use.
const EventLogSteps = lazy(() => import('./EventLogSteps.tsx'));

/**
 * The event log a player attached to a feedback: 按步查看 steps through it on the state diagrams,
 * 下载日志 saves it as the file `npm run replay` reads. Each reading is audited by the server.
 */
export function FeedbackLog({ feedbackId, size }: { feedbackId: number; size: number }) {
  const client = useStaffClient();
  const [log, setLog] = useState<EventLogFile | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);

  const fetchLog = async (): Promise<EventLogFile | null> => {
    if (log) return log;
    setLoading(true);
    const answer = await client.call(staffCalls.feedback.eventLog, { id: feedbackId });
    setLoading(false);
    if (answer.code !== STAFF_CODE.ok) {
      if (answer.code !== STAFF_CODE.notSignedIn) Toast.show({ content: answer.msg });
      return null;
    }
    const read = decodeEventLog(answer.data.log);
    if (!read.ok) {
      Toast.show({ content: `日志无法读取：${read.error}` });
      return null;
    }
    setLog(read.log);
    return read.log;
  };

  const view = async () => {
    if (await fetchLog()) setOpen(true);
  };
  const save = async () => {
    const file = await fetchLog();
    if (file) downloadEventLog(file, `feedback-${feedbackId}-event-log.json`);
  };

  return (
    <div className="content-log" aria-label="使用记录">
      <div className="content-log__head">
        <span>
          玩家附带了使用记录（{formatSize(size)}{log ? `，${log.entries.length} 条事件` : ''}）
        </span>
        <Button size="small" loading={loading && !open} onClick={() => void view()}>
          按步查看
        </Button>
        <Button size="small" onClick={() => void save()}>
          下载日志
        </Button>
      </div>
      <p className="staff-muted content-log__note">下载的文件可用 npm run replay 重放（docs/qa-tools.md）。</p>
      {open && log ? (
        <Suspense fallback={<div className="staff-muted">加载中…</div>}>
          <EventLogSteps log={log} />
        </Suspense>
      ) : null}
    </div>
  );
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
