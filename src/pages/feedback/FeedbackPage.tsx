import { FEEDBACK_TEXT_MIN } from '../../../api/protocol/help-rules.ts';
import { Link } from '../../app/Link.tsx';
import type { PageProps } from '../../app/routes.ts';
import { useCurrentPath, useNavigate } from '../../app/use-navigation.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { CategoryChips, ContactInput, CountedText, GameNameInput, LogConsent, Pictures, Section, SubmitButton, TEXT_PLACEHOLDER } from '../../features/feedback/FeedbackForm.tsx';
import { useFeedbackForm } from '../../features/feedback/use-feedback-form.ts';
import { searchWordOf } from '../../features/help/help-data.ts';
import '../../features/feedback/feedback.css';

/**
 * The feedback forms, one file for two routes (each route costs the entry chunk a loader), both
 * signed in (SPEC §2), both through userOpinion and then to /backrecord:
 *  - /commonback (意见反馈): a category chip, a 10–500 character description, up to four pictures
 *    (each uploading with its progress, retry and removal), an optional contact, and the consent
 *    to attach the app's event log (a bug report QA can replay);
 *  - /suggestbcak (求游戏, SPEC's "Search and feedback"): from a search that found nothing — the
 *    game's name prefilled from the route's `keyword`, an optional note, pictures and contact.
 */
export default function FeedbackPage({ data }: PageProps) {
  const path = useCurrentPath();
  return path === '/suggestbcak' ? <GameRequest keyword={searchWordOf(data)} /> : <CommonBack />;
}

function RecordLink() {
  return (
    <Link to="/backrecord" className="fb-header-link">
      反馈记录
    </Link>
  );
}

function CommonBack() {
  const navigate = useNavigate();
  const form = useFeedbackForm({ category: null });
  return (
    <div className="fb-page">
      <PageHeader title="意见反馈" onBack={() => navigate('back')} />
      <RecordLink />
      <Section title="反馈类型" required>
        <CategoryChips form={form} />
      </Section>
      <Section title="问题描述" required>
        <CountedText value={form.text} onChange={form.setText} label="问题描述" placeholder={TEXT_PLACEHOLDER} min={FEEDBACK_TEXT_MIN} />
      </Section>
      <Section title="上传图片" note="选填，最多4张">
        <Pictures form={form} />
      </Section>
      <Section title="联系方式" note="选填">
        <ContactInput form={form} />
      </Section>
      <LogConsent form={form} />
      <SubmitButton form={form} />
    </div>
  );
}

function GameRequest({ keyword }: { keyword: string }) {
  const navigate = useNavigate();
  const form = useFeedbackForm({ category: 'game_request', gameName: keyword });
  return (
    <div className="fb-page">
      <PageHeader title="求游戏" onBack={() => navigate('back')} />
      <RecordLink />
      <p className="fb-intro">没有找到想玩的游戏？告诉我们游戏名称，我们会尽快核实并争取上架，处理结果会在「反馈记录」中回复您。</p>
      <Section title="游戏名称" required>
        <GameNameInput form={form} />
      </Section>
      <Section title="补充说明" note="选填">
        <CountedText value={form.text} onChange={form.setText} label="补充说明" placeholder="如游戏平台、版本（安卓/BT/折扣）、在哪里看到的……" />
      </Section>
      <Section title="上传图片" note="选填，最多4张">
        <Pictures form={form} />
      </Section>
      <Section title="联系方式" note="选填">
        <ContactInput form={form} />
      </Section>
      <LogConsent form={form} />
      <SubmitButton form={form} />
    </div>
  );
}
