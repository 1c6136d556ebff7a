import { PageHeader } from '../../components/PageHeader.tsx';
import { OpenServerList } from '../../features/games/OpenServerList.tsx';
import '../../features/games/games.css';

/** 新服 (SPEC §2 /dnewserve): today's open servers, from the discovery page. */
export default function DNewServePage() {
  return (
    <div className="page games-page">
      <PageHeader title="今日开服" />
      <OpenServerList id="openServerListToday" date={null} />
    </div>
  );
}
