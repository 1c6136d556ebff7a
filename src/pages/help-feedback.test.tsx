import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { ApiOutcome } from '../../api/outcome.ts';
import { FEEDBACK_MSG } from '../../api/protocol/help-rules.ts';
import type { UploadInput, UploadResult } from '../../machines/upload.types.ts';
import { RuntimeProvider } from '../app/runtime-context.tsx';
import type { AppRuntime } from '../app/runtime.ts';
import { showToast } from '../app/toast.ts';
import { uploadBytes, uploadPicture } from '../features/uploads/upload-picture.ts';
import BackRecordPage from './feedback/BackRecordPage.tsx';
import FeedbackPage from './feedback/FeedbackPage.tsx';
import ArticlePage from './help/ArticlePage.tsx';
import CommonProblemDetailPage from './help/CommonProblemDetailPage.tsx';
import CommonProblemPage from './help/CommonProblemPage.tsx';

/**
 * The help and feedback pages against a stubbed api: what each page asks the server,
 * what it shows of the answer, and the feedback form's rules, pictures and submit.
 */

vi.mock('../features/uploads/upload-picture.ts', () => ({ SHRINK_TO_SIDE: { avatar: 1024, feedback: 1600 }, uploadPicture: vi.fn(), uploadBytes: vi.fn() }));

type Answer = (path: string, payload: Record<string, unknown>) => ApiOutcome | Promise<ApiOutcome>;
const ok = (data: unknown, msg = 'success'): ApiOutcome => ({ kind: 'ok', code: 1, msg, data });
/** What the stub runtime's event log exports (the real export is redacted as it records). */
const EXPORTED_LOG = { format: 'game-platform/event-log', version: 2, entries: [{ seq: 1 }] };
const T = '2026-06-01T02:03:04.000Z';
const sessionStub = createMachine({ id: 'sessionStub', initial: 'out', states: { out: { on: { in: 'in' } }, in: { tags: ['signedIn'] } } });

function renderPage(ui: ReactNode, answer: Answer, options: { signedIn?: boolean; path?: string } = {}) {
  const call = vi.fn(async (path: string, payload: Record<string, unknown> = {}) => answer(path, payload));
  const navigate = vi.fn();
  const openLogin = vi.fn();
  const session = createActor(sessionStub).start();
  if (options.signedIn ?? true) session.send({ type: 'in' });
  const navigation = createActor(createMachine({ id: 'navStub', context: { current: { path: options.path ?? '/' } } })).start();
  const runtime = { api: { call }, inspect: () => {}, session, navigation, navigate, openLogin, loading: { send: () => {} }, eventLog: { exportLog: () => EXPORTED_LOG } } as unknown as AppRuntime;
  render(<RuntimeProvider runtime={runtime}>{ui}</RuntimeProvider>);
  return { call, navigate, openLogin };
}

const FAQ = {
  categories: [
    { id: 1, name: '账号与登录', questions: [{ id: 11, title: '收不到短信验证码怎么办？', summary: '验证码为4位数字' }, { id: 12, title: '忘记登录密码怎么办？', summary: '点击忘记密码' }] },
    { id: 2, name: '充值与支付', questions: [{ id: 21, title: '乐玩币是什么？', summary: '1元=1乐玩币' }] },
    { id: 3, name: '空分类', questions: [] },
  ],
};

describe('/commonproblem', () => {
  it('shows the categories as tabs and their questions; the search looks through every question', async () => {
    renderPage(<CommonProblemPage />, () => ok(FAQ));
    const tabs = await screen.findByRole('tablist', { name: '问题分类' });
    // A category without questions is not shown.
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['账号与登录', '充值与支付']);
    expect(screen.getByRole('link', { name: /收不到短信验证码怎么办/ }).getAttribute('href')).toBe(`/commonproblemdetail?data=${encodeURIComponent('{"id":11}')}`);
    fireEvent.click(within(tabs).getByRole('tab', { name: '充值与支付' }));
    expect(screen.getByRole('link', { name: /乐玩币是什么/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /收不到短信/ })).toBeNull();
    fireEvent.change(screen.getByRole('searchbox', { name: '搜索问题' }), { target: { value: '密码' } });
    const results = screen.getByRole('list', { name: '搜索结果' });
    expect(within(results).getAllByRole('link').map((link) => link.textContent)).toEqual(['忘记登录密码怎么办？账号与登录 · 点击忘记密码']);
    expect(screen.getByText('密码', { selector: 'mark' })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: '搜索问题' }), { target: { value: '不存在的词' } });
    expect(screen.getByText('没有找到相关问题，换个关键词试试')).toBeTruthy();
    expect(screen.getByRole('link', { name: '意见反馈' }).getAttribute('href')).toBe('/commonback');
  });

  it('a failed load offers 重新加载; a malformed answer is no crash', async () => {
    const answers: ApiOutcome[] = [{ kind: 'error', reason: 'network', code: null, msg: '网络异常' }, ok({ categories: 'x' })];
    renderPage(<CommonProblemPage />, () => answers.shift() ?? ok(FAQ));
    fireEvent.click(await screen.findByRole('button', { name: '重新加载' }));
    // The malformed answer stays a skeleton-free, quiet page with the help box.
    expect(await screen.findByRole('region', { name: '更多帮助' })).toBeTruthy();
  });
});

describe('/commonproblemdetail', () => {
  const ARTICLE = {
    id: 11,
    kind: 'faq',
    slug: 'faq-sms-code',
    title: '收不到短信验证码怎么办？',
    summary: '',
    content: '<p onclick="alert(1)">验证码为<strong>4位数字</strong><img src=x onerror="alert(1)"><a href="/commonback">意见反馈</a></p><script>alert(1)</script>',
    cover: '',
    category: { id: 1, name: '账号与登录' },
    published_at: T,
    updated_at: T,
    related: [{ id: 12, title: '忘记登录密码怎么办？', summary: '' }],
  };

  it('renders the answer sanitised; an in-app link moves inside the app; 未解决 offers help', async () => {
    const { call, navigate } = renderPage(<CommonProblemDetailPage data={{ id: 11 }} />, () => ok(ARTICLE));
    const article = await screen.findByRole('article', { name: '收不到短信验证码怎么办？' });
    expect(call).toHaveBeenCalledWith('/api/user/getArticleInfo', { id: 11 });
    expect(article.innerHTML).not.toMatch(/onclick|onerror|<script/);
    expect(within(article).getByText('账号与登录')).toBeTruthy();
    fireEvent.click(within(article).getByRole('link', { name: '意见反馈' }));
    expect(navigate).toHaveBeenCalledWith('/commonback', null, undefined);
    expect(screen.getByRole('list', { name: '相关问题' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '已解决' }));
    expect(screen.getByText('感谢您的反馈！')).toBeTruthy();
  });

  it('未解决 offers 意见反馈 and 联系客服; no id in the route data says so', async () => {
    renderPage(<CommonProblemDetailPage data={{ id: 11 }} />, () => ok(ARTICLE));
    fireEvent.click(await screen.findByRole('button', { name: '未解决' }));
    expect(screen.getByRole('link', { name: '联系客服' }).getAttribute('href')).toBe('/service');
    renderPage(<CommonProblemDetailPage data={{ id: 'x' }} />, () => ok(ARTICLE));
    expect(screen.getByText('没有指定要查看的问题')).toBeTruthy();
  });
});

describe('the article pages', () => {
  const article = (fields: Record<string, unknown>) => ok({ id: 5, kind: 'guide', slug: 'guide', title: '新手指南', summary: '', content: '<h3>第一步：登录</h3>', cover: '', category: null, published_at: T, updated_at: T, related: [], ...fields });

  it('/lewanguide: the guide by slug, then 平台活动 paged newest first', async () => {
    const { call } = renderPage(<ArticlePage data={null} />, (path, payload) =>
      path === '/api/article/getArticleActivity'
        ? ok({ list: [{ id: 9, title: '首充加赠', summary: '第一笔', cover: '/art/banner/h9v1.svg', published_at: T }, { id: 0, title: '坏的' }], total: 1, page: payload.page, limit: 10 })
        : article({}),
      { path: '/lewanguide' },
    );
    expect(await screen.findByRole('article', { name: '新手指南' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '乐玩指南', level: 1 })).toBeTruthy();
    expect(call).toHaveBeenCalledWith('/api/user/getArticleInfo', { slug: 'guide' });
    const activities = await screen.findByRole('region', { name: '平台活动' });
    expect(within(activities).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([`/aboutdetail?data=${encodeURIComponent('{"id":9}')}`]);
    expect(call).toHaveBeenCalledWith('/api/article/getArticleActivity', { page: 1, limit: 10 });
  });

  it('/productintroduce by slug; /aboutdetail by id, titled by the article', async () => {
    const { call } = renderPage(<ArticlePage data={null} />, () => article({ kind: 'product', slug: 'product', title: '产品介绍' }), { path: '/productintroduce' });
    expect(await screen.findByRole('article', { name: '产品介绍' })).toBeTruthy();
    expect(call).toHaveBeenCalledWith('/api/user/getArticleInfo', { slug: 'product' });
    expect(screen.queryByRole('region', { name: '平台活动' })).toBeNull();
    renderPage(<ArticlePage data={{ id: 30 }} />, () => article({ id: 30, kind: 'about', title: '家长监护工程' }), { path: '/aboutdetail' });
    expect(await screen.findByRole('heading', { name: '家长监护工程', level: 1 })).toBeTruthy();
  });
});

describe('/commonback and /suggestbcak', () => {
  const upload = vi.mocked(uploadPicture);
  let uploads: Array<{ input: UploadInput; finish: (result: UploadResult) => void; signal: AbortSignal | undefined }> = [];

  beforeEach(() => {
    uploads = [];
    upload.mockImplementation((_runtime, input, options) => new Promise<UploadResult>((resolve) => uploads.push({ input, finish: resolve, signal: options?.signal })));
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
    vi.mocked(showToast).mockClear();
  });
  afterEach(() => upload.mockReset());

  const answer: Answer = (path) => {
    if (path === '/api/upload/getUploadTos') return ok({ url: '/upload/ticket', method: 'POST', expires_in: 300, max_bytes: 5_242_880, accept: ['image/png'] });
    if (path === '/api/user/userOpinion') return ok({ id: 77, status: 'pending' }, FEEDBACK_MSG.submitted);
    return ok(null);
  };
  const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

  it('keeps 提交 disabled until a category and 10 characters; uploads a picture with progress; submits once with its key and lands on /backrecord', async () => {
    const { call, navigate } = renderPage(<FeedbackPage data={null} />, answer, { path: '/commonback' });
    const submit = screen.getByRole('button', { name: '提交' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: '充值问题' }));
    fireEvent.change(screen.getByRole('textbox', { name: '问题描述' }), { target: { value: '太卡了' } });
    expect(screen.getByText('3/500')).toBeTruthy();
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: '问题描述' }), { target: { value: '充值了68元乐玩币没有到账😀' } });
    expect(screen.getByText('14/500')).toBeTruthy();
    expect(submit.disabled).toBe(false);

    fireEvent.change(screen.getByTestId('feedback-picture-input'), { target: { files: [png('a.png')] } });
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(call).toHaveBeenCalledWith('/api/upload/getUploadTos', { purpose: 'feedback' });
    expect(uploads[0]!.input.url).toBe('/upload/ticket');
    act(() => uploads[0]!.input.onProgress(42));
    expect(screen.getByRole('progressbar', { name: '上传进度' }).getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByText('42%')).toBeTruthy();
    expect(submit.disabled).toBe(true);
    expect(screen.getByText('图片上传中，请稍候')).toBeTruthy();
    await act(async () => uploads[0]!.finish({ ok: true, key: 'feedback/aaaa.webp', url: '/media/feedback/aaaa.webp' }));
    expect(screen.getByTestId('feedback-picture').getAttribute('data-stage')).toBe('uploaded');

    fireEvent.change(screen.getByRole('textbox', { name: '联系方式' }), { target: { value: 'QQ 123' } });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/backrecord', null, { replace: true }));
    const submits = call.mock.calls.filter(([path]) => path === '/api/user/userOpinion');
    expect(submits).toHaveLength(1);
    expect(submits[0]![1]).toEqual({ request_id: expect.stringMatching(/^[0-9a-f-]{36}$/), category: 'recharge', content: '充值了68元乐玩币没有到账😀', contact: 'QQ 123', images: ['feedback/aaaa.webp'] });
    expect(showToast).toHaveBeenCalledWith(FEEDBACK_MSG.submitted);
  });

  it('attaches the event log only with the player\'s consent (unticked at first): it goes up before the feedback, once, and the feedback names it; a failed upload keeps the form', async () => {
    const sendLog = vi.mocked(uploadBytes);
    sendLog.mockResolvedValueOnce({ ok: false, message: '网络异常，请检查网络' }).mockResolvedValue({ ok: true, key: 'event-logs/0123456789abcdef0123456789abcdef.json', url: '' });
    const { call, navigate } = renderPage(<FeedbackPage data={null} />, answer, { path: '/commonback' });
    const consent = screen.getByRole('checkbox', { name: '附带本次使用记录，帮助我们定位问题' }) as HTMLInputElement;
    expect(consent.checked).toBe(false);
    expect(screen.getByText('记录只含操作步骤，不含密码、验证码、手机号和身份证号；仅客服可见，保存30天')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '功能异常' }));
    fireEvent.change(screen.getByRole('textbox', { name: '问题描述' }), { target: { value: '下载到一半总是失败，换了网络也一样' } });
    fireEvent.click(consent);
    expect(consent.checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('网络异常，请检查网络'));
    expect(call).toHaveBeenCalledWith('/api/upload/getUploadTos', { purpose: 'event_log' });
    expect(call.mock.calls.filter(([path]) => path === '/api/user/userOpinion')).toHaveLength(0);
    const sent = sendLog.mock.calls[0]![1].file;
    expect(JSON.parse(await sent.text())).toEqual(EXPORTED_LOG);

    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/backrecord', null, { replace: true }));
    expect(sendLog).toHaveBeenCalledTimes(2);
    const submits = call.mock.calls.filter(([path]) => path === '/api/user/userOpinion');
    expect(submits).toHaveLength(1);
    expect(submits[0]![1]).toMatchObject({ category: 'bug', event_log: 'event-logs/0123456789abcdef0123456789abcdef.json' });
    sendLog.mockReset();
  });

  it('a failed upload offers 重试 (a new ticket); removing a picture mid-upload aborts it; a fifth picture is refused', async () => {
    const { call } = renderPage(<FeedbackPage data={null} />, answer, { path: '/commonback' });
    fireEvent.change(screen.getByTestId('feedback-picture-input'), { target: { files: [png('a.png'), png('b.png')] } });
    await waitFor(() => expect(uploads).toHaveLength(2));
    await act(async () => uploads[0]!.finish({ ok: false, message: '图片不能超过5MB' }));
    const [first, second] = screen.getAllByTestId('feedback-picture');
    expect(first!.getAttribute('data-stage')).toBe('failed');
    fireEvent.click(within(first!).getByRole('button', { name: '图片不能超过5MB，点击重试' }));
    await waitFor(() => expect(uploads).toHaveLength(3));
    expect(call.mock.calls.filter(([path]) => path === '/api/upload/getUploadTos')).toHaveLength(3);
    // The second one goes while uploading: its request is aborted.
    fireEvent.click(within(second!).getByRole('button', { name: '删除图片' }));
    expect(uploads[1]!.signal?.aborted).toBe(true);
    expect(screen.getAllByTestId('feedback-picture')).toHaveLength(1);
    fireEvent.change(screen.getByTestId('feedback-picture-input'), { target: { files: [png('c.png'), png('d.png'), png('e.png'), png('f.png')] } });
    expect(screen.getAllByTestId('feedback-picture')).toHaveLength(4);
    expect(showToast).toHaveBeenCalledWith(FEEDBACK_MSG.tooManyImages);
    expect(screen.queryByTestId('feedback-picture-input')).toBeNull();
  });

  it('a refused submit keeps the form (the session machine shows the message) and a retry sends the same request id', async () => {
    let refuse = true;
    const { call, navigate } = renderPage(
      <FeedbackPage data={null} />,
      (path, payload) => (path === '/api/user/userOpinion' && refuse ? { kind: 'error', reason: 'timeout', code: null, msg: '请求超时' } : answer(path, payload)),
      { path: '/commonback' },
    );
    fireEvent.click(screen.getByRole('radio', { name: '其他' }));
    fireEvent.change(screen.getByRole('textbox', { name: '问题描述' }), { target: { value: '希望增加夜间模式，晚上看着不刺眼' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('请求超时'));
    expect(navigate).not.toHaveBeenCalled();
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/backrecord', null, { replace: true }));
    const ids = call.mock.calls.filter(([path]) => path === '/api/user/userOpinion').map(([, payload]) => (payload as { request_id: string }).request_id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });

  it('/suggestbcak: the search word prefilled as the game; a note is optional', async () => {
    const { call } = renderPage(<FeedbackPage data={{ keyword: '  星穹幻想录\n' }} />, answer, { path: '/suggestbcak' });
    expect(screen.getByRole('heading', { name: '求游戏' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: '游戏名称' }) as HTMLInputElement).value).toBe('星穹幻想录');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith('/api/user/userOpinion', expect.objectContaining({ category: 'game_request', game_name: '星穹幻想录', content: '', images: [] })));
  });
});

describe('/backrecord', () => {
  const FEEDBACK = {
    id: 3,
    category: 'bug',
    category_text: '功能异常',
    content: '下载失败\n换网络也一样',
    game_name: '',
    contact: 'QQ 1',
    images: ['/media/feedback/a.webp', 'javascript:alert(1)'],
    status: 'replied',
    status_text: '已回复',
    created_at: T,
    replies: [{ id: 1, content: '您好，已修复', created_at: T }],
  };

  it('lists the own feedback with pictures and replies; signed out asks to log in', async () => {
    const { call } = renderPage(<BackRecordPage data={null} />, () => ok({ list: [FEEDBACK], total: 1, page: 1, limit: 10 }));
    const card = await screen.findByRole('article', { name: '功能异常反馈' });
    expect(call).toHaveBeenCalledWith('/api/user/myOpinionReply', { page: 1, limit: 10 });
    expect(within(card).getByText('已回复')).toBeTruthy();
    expect(within(card).getByRole('note', { name: '客服回复' }).textContent).toContain('您好，已修复');
    // An unsafe picture URL is dropped.
    expect(within(card).getAllByRole('button', { name: /查看图片/ })).toHaveLength(1);
    fireEvent.click(within(card).getByRole('button', { name: '查看图片 1' }));
    expect(screen.getByRole('button', { name: '关闭图片' })).toBeTruthy();
    const { openLogin } = renderPage(<BackRecordPage data={null} />, () => ok({ list: [], total: 0 }), { signedIn: false });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(openLogin).toHaveBeenCalled();
  });

  it('`{ id }` shows that one feedback, then 查看全部反馈', async () => {
    const { call, navigate } = renderPage(<BackRecordPage data={{ id: 3 }} />, () => ok({ list: [FEEDBACK], total: 1, page: 1, limit: 20 }));
    expect(await screen.findByRole('article', { name: '功能异常反馈' })).toBeTruthy();
    expect(call).toHaveBeenCalledWith('/api/user/myOpinionReply', { id: 3 });
    fireEvent.click(screen.getByRole('button', { name: '查看全部反馈' }));
    expect(navigate).toHaveBeenCalledWith('/backrecord', null, { replace: true });
  });
});
