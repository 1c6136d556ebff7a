import { HomeHeader } from '../../features/games/HomeHeader.tsx';
import { OpenServerList } from '../../features/games/OpenServerList.tsx';
import '../../features/games/games.css';

/** 今日开服 (SPEC §2 /newserve): today's open servers under the home tabs. */
export default function NewServePage() {
  return (
    <div className="page games-page">
      <HomeHeader />
      <OpenServerList id="openServerListToday" date={null} />
    </div>
  );
}
