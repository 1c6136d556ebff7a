import { PagedListView } from './PagedListView.tsx';
import { decodeTopics, type Topic } from './showcase.ts';
import { TOPIC_ROW_HEIGHT, TopicRow } from './TopicRow.tsx';
import { usePagedList } from './use-paged-games.ts';
import * as calls from '../../../api/protocol/call-refs.ts';

/** Every topic (专题), newest first, each opening /specialdetail. */
export function TopicList({ id, pullToRefresh }: { id: string; pullToRefresh?: boolean }) {
  const list = usePagedList<Topic>(id, calls.topic.getTopicList, {}, decodeTopics);
  return <PagedListView list={list} rowHeight={TOPIC_ROW_HEIGHT} getKey={(topic) => String(topic.id)} renderRow={(topic) => <TopicRow topic={topic} />} label="专题" pullToRefresh={pullToRefresh} />;
}
