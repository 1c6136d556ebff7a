import { memo, useCallback, useMemo, useRef, useState, useSyncExternalStore, type ChangeEvent } from 'react';
import type { AnyStateMachine } from 'xstate';
import { stateValueText } from '../../app/diagram/chart.ts';
import { DiagramView as Diagram } from '../../app/diagram/DiagramView.tsx';
import type { EventLog } from '../../app/event-log.ts';
import { downloadEventLog } from '../../app/event-log-download.ts';
import { EVENT_LOG_MAX_BYTES, parseEventLogJson, type EventLogFile, type LogEntry, type StateValueJson } from '../../../api/protocol/event-log.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import './testview.css';

/**
 * /testview (SPEC §2 test pages): the QA window into the statecharts. Each running machine
 * with its diagram, current states highlighted; the live event log, newest first, filterable by
 * actor; export, import (validated) and clear. An imported log is shown instead of the live
 * one until '返回实时日志'. docs/qa-tools.md is the guide.
 */

const PAGE_SIZE = 200;
const REFRESH_MS = 200;

interface ActorRow {
  name: string;
  machineId: string | null;
  status: string;
  state: StateValueJson | null;
  machine: AnyStateMachine | null;
}

/** Re-renders at most every REFRESH_MS however fast events arrive. */
function useLogVersion(log: EventLog): number {
  const subscribe = useCallback(
    (notify: () => void) => {
      let timer: ReturnType<typeof setTimeout> | null = null;
      const unsubscribe = log.subscribe(() => {
        timer ??= setTimeout(() => {
          timer = null;
          notify();
        }, REFRESH_MS);
      });
      return () => {
        unsubscribe();
        if (timer !== null) clearTimeout(timer);
      };
    },
    [log],
  );
  return useSyncExternalStore(subscribe, log.version);
}

function ActorCard({ actor, selected, onSelect }: { actor: ActorRow; selected: boolean; onSelect: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <li className={`testview__actor${actor.status === 'active' ? '' : ' testview__actor--ended'}`}>
      <div className="testview__actor-head">
        <button type="button" className="testview__actor-name" aria-expanded={open} onClick={() => setOpen(!open)}>
          <span className="testview__caret" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          {actor.name}
        </button>
        <button type="button" className={`testview__chip${selected ? ' testview__chip--on' : ''}`} onClick={onSelect}>
          {selected ? '已筛选' : '筛选'}
        </button>
      </div>
      <div className="testview__actor-state">
        <span className="testview__status">{actor.status === 'active' ? '运行中' : actor.status}</span>
        <code>{actor.state === null ? '—' : stateValueText(actor.state)}</code>
      </div>
      {open &&
        (actor.machine ? <Diagram machine={actor.machine} state={actor.state} /> : <p className="testview__muted">无状态图：本页面没有运行该状态机 {actor.machineId}</p>)}
    </li>
  );
}

const EntryRow = memo(function EntryRow({ entry }: { entry: LogEntry }) {
  const [open, setOpen] = useState(false);
  const { type, ...payload } = entry.event;
  return (
    <li className="testview__entry">
      <button type="button" className="testview__entry-head" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span className="testview__seq">#{entry.seq}</span>
        <span className="testview__time">{(entry.t / 1000).toFixed(3)}s</span>
        <span className="testview__entry-actor">{entry.actor}</span>
        <span className="testview__entry-event">{type}</span>
        {entry.state !== undefined && <span className="testview__entry-state">→ {stateValueText(entry.state)}</span>}
      </button>
      {open && (
        <pre className="testview__payload">
          {JSON.stringify({ at: entry.at, source: entry.source, ...payload, ...(entry.redacted ? { redacted: entry.redacted } : {}) }, null, 1)}
        </pre>
      )}
    </li>
  );
});

export default function TestViewPage() {
  const { eventLog } = useRuntime();
  const version = useLogVersion(eventLog);
  const [imported, setImported] = useState<{ name: string; log: EventLogFile } | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  const [filter, setFilter] = useState('');
  const [limit, setLimit] = useState(PAGE_SIZE);
  const fileInput = useRef<HTMLInputElement>(null);

  const live = eventLog.actors();
  const machinesById = new Map<string, AnyStateMachine>();
  for (const actor of live) {
    const logic = (actor.ref as unknown as { logic?: AnyStateMachine }).logic;
    if (actor.machine && logic) machinesById.set(actor.machine, logic);
  }
  const actors: ActorRow[] = imported
    ? Object.entries(imported.log.actors).map(([name, summary]) => ({
        name,
        machineId: summary.machine,
        status: summary.status,
        state: summary.state,
        machine: summary.machine ? (machinesById.get(summary.machine) ?? null) : null,
      }))
    : live
        .filter((actor) => actor.machine !== null)
        .map((actor) => ({
          name: actor.name,
          machineId: actor.machine,
          status: actor.status,
          state: actor.state,
          machine: (actor.ref as unknown as { logic?: AnyStateMachine }).logic ?? null,
        }));

  const entries = imported ? imported.log.entries : eventLog.entries();
  const shown = useMemo(() => {
    const picked: LogEntry[] = [];
    for (let index = entries.length - 1; index >= 0 && picked.length < limit; index--) {
      const entry = entries[index]!;
      if (!filter || entry.actor === filter || entry.actor.startsWith(`${filter}/`)) picked.push(entry);
    }
    return picked;
    // The live log's array changes in place, so its version (not its identity) says it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- version is read through entries, which the rule cannot see
  }, [entries, filter, limit, version]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- as above: entries changes in place, version tells
  const actorNames = useMemo(() => [...new Set(entries.map((entry) => entry.actor))].sort(), [entries, version]);

  async function onImport(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > EVENT_LOG_MAX_BYTES) {
      setMessage({ kind: 'error', text: `导入失败：文件太大（${Math.round(file.size / 1024)} KB）` });
      return;
    }
    const result = parseEventLogJson(await file.text());
    if (!result.ok) {
      setMessage({ kind: 'error', text: `导入失败：${result.error}` });
      return;
    }
    setImported({ name: file.name, log: result.log });
    setFilter('');
    setLimit(PAGE_SIZE);
    setMessage({ kind: 'info', text: `已导入 ${file.name}：${result.log.entries.length} 条事件` });
  }

  function onClear() {
    if (!window.confirm('清空事件日志？')) return;
    eventLog.clear();
    setImported(null);
    setMessage({ kind: 'info', text: '日志已清空' });
  }

  return (
    <div className="page testview">
      <PageHeader title="测试视图" />
      <div className="testview__toolbar">
        <button type="button" className="testview__button" onClick={() => downloadEventLog(imported ? imported.log : eventLog.exportLog())}>
          导出日志
        </button>
        <button type="button" className="testview__button" onClick={() => fileInput.current?.click()}>
          导入日志
        </button>
        <button type="button" className="testview__button testview__button--danger" onClick={onClear}>
          清空日志
        </button>
        <input ref={fileInput} type="file" accept="application/json,.json" hidden onChange={onImport} aria-label="选择日志文件" />
      </div>
      {message && (
        <p className={`testview__message testview__message--${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      <p className="testview__summary">
        {imported ? (
          <>
            导入的日志 {imported.name} · {imported.log.entries.length} 条 ·{' '}
            <button type="button" className="testview__link" onClick={() => setImported(null)}>
              返回实时日志
            </button>
          </>
        ) : (
          <>实时日志 · {entries.length} 条（最多保留 5000 条）</>
        )}
      </p>

      <h2 className="testview__heading">状态机</h2>
      <ul className="testview__actors">
        {actors.map((actor) => (
          <ActorCard key={actor.name} actor={actor} selected={filter === actor.name} onSelect={() => setFilter(filter === actor.name ? '' : actor.name)} />
        ))}
        {actors.length === 0 && <li className="testview__muted">没有状态机</li>}
      </ul>

      <h2 className="testview__heading">事件（最新在前）</h2>
      <label className="testview__filter">
        执行者
        <select value={filter} onChange={(event) => setFilter(event.target.value)}>
          <option value="">全部</option>
          {actorNames.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <ol className="testview__entries">
        {shown.map((entry) => (
          <EntryRow key={entry.seq} entry={entry} />
        ))}
      </ol>
      {shown.length >= limit && (
        <button type="button" className="testview__more" onClick={() => setLimit(limit + PAGE_SIZE)}>
          显示更多
        </button>
      )}
    </div>
  );
}
