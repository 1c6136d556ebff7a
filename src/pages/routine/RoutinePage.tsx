import { useState } from 'react';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { chinaDay } from '../../features/games/game-extras.ts';
import { HomeHeader, TabStrip } from '../../features/games/HomeHeader.tsx';
import { OpenServerList } from '../../features/games/OpenServerList.tsx';
import '../../features/games/games.css';
import * as calls from '../../../api/protocol/call-refs.ts';

interface OpenServerDays {
  today: string;
  days: string[];
}

const isDays = (value: unknown): value is OpenServerDays =>
  typeof value === 'object' && value !== null && Array.isArray((value as OpenServerDays).days) && typeof (value as OpenServerDays).today === 'string';

/** 开服表 (SPEC §2 /routine): day tabs over the open servers of each day. */
export default function RoutinePage() {
  const calendar = useRemoteData('openServerDays', calls.game.getOpenServers, { limit: 1 });
  const [chosen, setChosen] = useState<string | null>(null);
  const days = isDays(calendar.data) ? calendar.data : null;
  const date = chosen ?? days?.today ?? null;
  return (
    <div className="page games-page">
      <HomeHeader />
      {calendar.failed ? (
        <LoadFailed message={calendar.error} onRetry={calendar.retry} />
      ) : days && date ? (
        <>
          <TabStrip label="开服日期" active={date} onSelect={setChosen} tabs={days.days.map((day) => ({ key: day, label: day === days.today ? '今天' : chinaDay(day) }))} />
          <OpenServerList id="openServerList" date={date} />
        </>
      ) : (
        <div className="skeleton tab-strip" aria-busy="true" aria-label="加载中" />
      )}
    </div>
  );
}
