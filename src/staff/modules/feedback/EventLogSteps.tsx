import { useMemo, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { findMachineEntry, machineFor } from '../../../../machines/registry.ts';
import type { EventLogFile } from '../../../../api/protocol/event-log.ts';
import { stateValueText } from '../../../app/diagram/chart.ts';
import { DiagramView } from '../../../app/diagram/DiagramView.tsx';
import { stepOf } from './event-log-steps.ts';

/**
 * An attached event log, one event at a time: who received it, the event and its payload (as
 * redacted on the phone), and the receiver's diagram with the state it went to in orange. The
 * machines are this build's (machines/registry.ts); a machine the build no longer has shows no diagram.
 */
export default function EventLogSteps({ log }: { log: EventLogFile }) {
  const [index, setIndex] = useState(0);
  const total = log.entries.length;
  const step = stepOf(log, index);
  const machine = useMemo(() => {
    if (!step?.entry.machine) return null;
    const found = findMachineEntry(step.entry.machine);
    return found ? machineFor(found, step.entry.machine) : null;
  }, [step?.entry.machine]);

  if (!step) return <div className="staff-muted">日志里没有事件</div>;
  const { entry, payload } = step;
  const go = (next: number) => setIndex(Math.min(total - 1, Math.max(0, next)));
  return (
    <section className="content-steps" aria-label="按步查看">
      <div className="content-steps__bar">
        <Button size="small" disabled={index === 0} onClick={() => go(index - 1)}>
          上一步
        </Button>
        <input type="range" min={1} max={total} value={index + 1} aria-label="步骤" onChange={(event) => go(Number(event.target.value) - 1)} />
        <Button size="small" disabled={index === total - 1} onClick={() => go(index + 1)}>
          下一步
        </Button>
        <span className="content-steps__count">
          第 {index + 1} / {total} 步
        </span>
      </div>
      <dl className="content-facts">
        <dt>事件</dt>
        <dd>
          #{entry.seq} · {(entry.t / 1000).toFixed(3)}s · <code>{entry.event.type}</code>
        </dd>
        <dt>接收者</dt>
        <dd>{entry.actor}</dd>
        <dt>之后的状态</dt>
        <dd>
          <code>{entry.state === undefined ? '—' : stateValueText(entry.state)}</code>
        </dd>
      </dl>
      {payload ? <pre className="content-body content-steps__payload">{payload}</pre> : null}
      {machine ? <DiagramView machine={machine} state={entry.state ?? null} /> : <div className="staff-muted">{entry.machine ? `本版本没有状态机 ${entry.machine}` : '该接收者不是状态机（调用或回调）'}</div>}
    </section>
  );
}
