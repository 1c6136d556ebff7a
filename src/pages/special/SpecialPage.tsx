import { PageHeader } from '../../components/PageHeader.tsx';
import { TopicList } from '../../features/games/TopicList.tsx';
import '../../features/games/games.css';

/** 专题 (SPEC §2 /special): the topics list. */
export default function SpecialPage() {
  return (
    <div className="page games-page">
      <PageHeader title="精选专题" />
      <TopicList id="topics" />
    </div>
  );
}
