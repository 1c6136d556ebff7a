import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { ApiOutcome } from '../../../api/outcome.ts';
import { LISTING_STATUS_TEXT, TRADE_MSG } from '../../../api/protocol/trade-rules.ts';
import type { UploadInput, UploadResult } from '../../../machines/upload.types.ts';
import { sampleListing } from '../../../model-tests/listing-lifecycle.paths.ts';
import { RuntimeProvider } from '../../app/runtime-context.tsx';
import type { AppRuntime } from '../../app/runtime.ts';
import { uploadPicture } from '../../features/uploads/upload-picture.ts';
import SelectGamePlatformPage, { NO_SUB_ACCOUNTS } from './SelectGamePlatformPage.tsx';
import SelectPlatformGamePage from './SelectPlatformGamePage.tsx';
import SellAccountPage, { ListingRow } from './SellAccountPage.tsx';
import SellGoodsInfoPage from './SellGoodsInfoPage.tsx';
import SellInstructPage from './SellInstructPage.tsx';
import SubmitApplicationPage, { AGREE_FIRST } from './SubmitApplicationPage.tsx';
import SuccessViewPage from './SuccessViewPage.tsx';

vi.mock('../../app/toast.ts', () => ({ showToast: vi.fn() }));
vi.mock('../../features/uploads/upload-picture.ts', () => ({ uploadPicture: vi.fn(), SHRINK_TO_SIDE: { avatar: 1024, feedback: 1600 } }));

/** The seller's pages against a stubbed api: entry, platform and game choice, the listing form with uploads, my listings. */

type Answer = (path: string, payload: Record<string, unknown>) => ApiOutcome | Promise<ApiOutcome>;
const ok = (data: unknown, msg = 'success'): ApiOutcome => ({ kind: 'ok', code: 1, msg, data });
const toast = (msg: string): ApiOutcome => ({ kind: 'toast', code: -1, msg, data: null, show: true });
const sessionStub = createMachine({ id: 'sessionStub', initial: 'out', states: { out: { on: { in: 'in' } }, in: { tags: ['signedIn'] } } });

function renderPage(ui: ReactNode, answer: Answer, { signedIn = true, path = '/sellgoodsinfo' } = {}) {
  const call = vi.fn(async (p: string, payload: Record<string, unknown> = {}) => answer(p, payload));
  const session = createActor(sessionStub).start();
  if (signedIn) session.send({ type: 'in' });
  const navigation = createActor(createMachine({ id: 'navStub', context: { current: { path } } })).start();
  const navigate = vi.fn();
  const runtime = { api: { call }, inspect: () => {}, session, navigation, navigate, openLogin: vi.fn(), loading: { send: () => {} } } as unknown as AppRuntime;
  render(<RuntimeProvider runtime={runtime}>{ui}</RuntimeProvider>);
  return { call, runtime, navigate };
}

const rules = { min_age_days: 7, min_topup_cents: 3000, fee_rate_bp: 500, fee_min_cents: 500, min_price_cents: 600, max_price_cents: 5_000_000 };
const eligible = { id: 5, name: '小号1', age_days: 10, topup_cents: 5000, eligible: true, reason: '', listing_id: null, roles: [{ server_name: '一区', role_name: '剑客' }] };
const young = { id: 6, name: '小号2', age_days: 2, topup_cents: 5000, eligible: false, reason: TRADE_MSG.tooYoung, listing_id: null, roles: [] };
const listed = { id: 7, name: '小号3', age_days: 30, topup_cents: 9000, eligible: false, reason: TRADE_MSG.alreadyListed, listing_id: 11, roles: [] };
const sellGames = { platforms: [{ id: 2, name: '乐玩平台', games: [{ game_id: 3, platform_game_id: 30, game_name: '仙剑奇缘', game_icon: '/media/i.png', sub_accounts: [eligible, young, listed] }] }], rules };

describe('/submitapplication', () => {
  it('shows the steps and the conditions with the settings’ numbers; 开始出售 waits for the agree box', async () => {
    const { navigate } = renderPage(<SubmitApplicationPage />, () => ok({ ...sellGames, rules: { ...rules, min_age_days: 9, min_topup_cents: 5000 } }));
    for (const step of ['选择小号', '填写信息', '平台审核', '上架出售']) expect(screen.getByText(step)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('sell-conditions').textContent).toContain('小号创建满9天，且在平台累计充值满50.00元'));
    expect(screen.getByTestId('sell-conditions').textContent).toContain('手续费5.00元');
    expect(screen.getByRole('link', { name: '《出售须知》' }).getAttribute('href')).toContain('/sellinstruct');
    // Nothing is wrong before the player tries to go on: the reminder waits for the attempt.
    expect(screen.queryByText(AGREE_FIRST)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '开始出售' }));
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(AGREE_FIRST);
    fireEvent.click(screen.getByRole('checkbox'));
    expect(screen.queryByText(AGREE_FIRST)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '开始出售' }));
    expect(navigate).toHaveBeenCalledWith('/selectgameplotform', undefined, undefined);
  });

  it('signed out: the steps and the login, no call', async () => {
    const { call, runtime } = renderPage(<SubmitApplicationPage />, () => ok(sellGames), { signedIn: false });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(runtime.openLogin).toHaveBeenCalled();
    expect(call).not.toHaveBeenCalled();
  });
});

describe('/sellinstruct', () => {
  it('renders trunkNeedKnow sanitised', async () => {
    renderPage(<SellInstructPage />, () => ok({ title: '出售须知', content: '<p>手续费5%</p><script>window.bad=1</script><img src=x onerror="window.bad=2">', updated_at: '2026-11-01T00:00:00.000Z' }));
    expect(await screen.findByText('手续费5%')).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('img')?.getAttribute('onerror') ?? null).toBeNull();
  });
});

describe('/selectgameplotform and /selectplotformgame', () => {
  it('lists platforms with sub-accounts and explains when there are none', async () => {
    renderPage(<SelectGamePlatformPage />, () => ok(sellGames));
    const link = await screen.findByRole('link', { name: '乐玩平台' });
    expect(link.getAttribute('href')).toContain('platform_id');
    expect(link.textContent).toContain('3个小号，1个可出售');
  });

  it('empty: how a sub-account comes to exist', async () => {
    renderPage(<SelectGamePlatformPage />, () => ok({ platforms: [], rules }));
    expect(await screen.findByText(NO_SUB_ACCOUNTS)).toBeTruthy();
  });

  it('a malformed answer is an error with 重新加载, not a crash', async () => {
    renderPage(<SelectGamePlatformPage />, () => ok({ platforms: 'x' }));
    expect(await screen.findByRole('button', { name: '重新加载' })).toBeTruthy();
  });

  it('each sub-account with its facts: eligible → /sellgoodsinfo, too young shows why, listed → 我的出售', async () => {
    renderPage(<SelectPlatformGamePage data={{ platform_id: 2 }} />, () => ok(sellGames));
    const go = await screen.findByRole('link', { name: '出售 小号1' });
    expect(go.getAttribute('href')).toContain('/sellgoodsinfo');
    expect(decodeURIComponent(go.getAttribute('href')!)).toContain('"sub_account_id":5');
    expect(go.textContent).toContain('已创建10天 · 累计充值¥50.00');
    expect(screen.getByLabelText('小号2 不可出售').textContent).toContain(TRADE_MSG.tooYoung);
    expect(screen.getByRole('link', { name: '小号3 已在出售中' }).getAttribute('href')).toContain('/sellaccount');
  });
});

describe('/sellgoodsinfo', () => {
  const upload = vi.mocked(uploadPicture);
  let uploads: Array<{ input: UploadInput; finish: (result: UploadResult) => void; signal: AbortSignal | undefined }> = [];
  beforeEach(() => {
    uploads = [];
    upload.mockImplementation((_runtime, input, options) => new Promise<UploadResult>((resolve) => uploads.push({ input, finish: resolve, signal: options?.signal })));
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
  });
  afterEach(() => upload.mockReset());
  const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
  const KEY = 'trade/0123456789abcdef0123456789abcdef.webp';

  it('prefills 区服/角色名, uploads with progress and retry, shows fee and net live, confirms, submits once with a request id and lands on /successview', async () => {
    const submitted: ApiOutcome[] = [{ kind: 'error', reason: 'network', code: null, msg: '网络异常' }, ok({ listing: sampleListing('reviewing'), created: true }, TRADE_MSG.submitted)];
    const { call, navigate } = renderPage(<SellGoodsInfoPage data={{ sub_account_id: 5 }} />, (path) => {
      if (path === '/api/trade/getSellGames') return ok(sellGames);
      if (path === '/api/upload/getUploadTos') return ok({ url: '/upload/ticket', method: 'POST', expires_in: 300, max_bytes: 5_242_880, accept: ['image/png'] });
      if (path === '/api/trade/submitListing') return submitted.shift()!;
      return ok(null);
    });
    expect(((await screen.findByRole('textbox', { name: '区服' })) as HTMLInputElement).value).toBe('一区');
    expect((screen.getByRole('textbox', { name: '角色名' }) as HTMLInputElement).value).toBe('剑客');

    fireEvent.change(screen.getByTestId('screenshot-input'), { target: { files: [png('a.png'), png('b.png')] } });
    await waitFor(() => expect(uploads).toHaveLength(2));
    expect(call).toHaveBeenCalledWith('/api/upload/getUploadTos', { purpose: 'trade' });
    act(() => uploads[0]!.input.onProgress(42));
    expect(screen.getByRole('progressbar', { name: '截图1上传进度' }).getAttribute('aria-valuenow')).toBe('42');
    await act(async () => uploads[0]!.finish({ ok: true, key: KEY, url: `/media/${KEY}` }));
    await act(async () => uploads[1]!.finish({ ok: false, message: '图片不能超过5MB' }));
    expect(screen.getByTestId('screenshot-1').getAttribute('data-stage')).toBe('uploaded');
    expect(screen.getByTestId('screenshot-2').textContent).toContain('图片不能超过5MB');

    fireEvent.change(screen.getByRole('textbox', { name: '商品标题' }), { target: { value: '满级剑客 稀有坐骑' } });
    fireEvent.change(screen.getByRole('textbox', { name: '出售价格（元）' }), { target: { value: '200' } });
    expect(screen.getByTestId('price-line').textContent).toBe('手续费 ¥10.00到手金额 ¥190.00');
    fireEvent.click(screen.getByRole('button', { name: '提交审核' }));
    expect(screen.getByText('有截图上传失败，请重试或删除')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(uploads).toHaveLength(3));
    await act(async () => uploads[2]!.finish({ ok: true, key: KEY.replace('0123', 'abcd'), url: '/media/x.webp' }));
    expect(screen.getByTestId('screenshot-2').getAttribute('data-stage')).toBe('uploaded');
    fireEvent.click(screen.getByRole('button', { name: '截图2前移' }));

    fireEvent.click(screen.getByRole('button', { name: '提交审核' }));
    const sheet = screen.getByRole('dialog', { name: '确认出售' });
    expect(sheet.textContent).toContain('¥200.00');
    expect(screen.getByTestId('confirm-fee').textContent).toBe('-¥10.00');
    expect(screen.getByTestId('confirm-net').textContent).toBe('¥190.00');
    fireEvent.click(screen.getByRole('button', { name: '确认提交' }));
    fireEvent.click(await screen.findByRole('button', { name: '重试' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/successview', { listing_id: 11 }, { replace: true }));
    const submits = call.mock.calls.filter(([path]) => path === '/api/trade/submitListing').map(([, payload]) => payload);
    expect(submits).toHaveLength(2);
    expect(submits[0]).toEqual({
      request_id: expect.stringMatching(/^ls-[\w-]+-1$/),
      sub_account_id: 5,
      title: '满级剑客 稀有坐骑',
      server_name: '一区',
      role_name: '剑客',
      description: '',
      images: [KEY.replace('0123', 'abcd'), KEY],
      second_password_mode: 'keep',
      price_cents: 20000,
    });
    expect(submits[1]!.request_id).toBe(submits[0]!.request_id);
  });

  it('field errors are the rules’ messages; a refusal is shown; 保存草稿 sends only what is filled', async () => {
    const { call } = renderPage(<SellGoodsInfoPage data={{ sub_account_id: 5 }} />, (path) => {
      if (path === '/api/trade/getSellGames') return ok(sellGames);
      if (path === '/api/trade/saveListingDraft') return ok({ listing: sampleListing('draft') }, TRADE_MSG.saved);
      return ok(null);
    });
    fireEvent.change(await screen.findByRole('textbox', { name: '商品标题' }), { target: { value: '短' } });
    fireEvent.change(screen.getByRole('textbox', { name: '出售价格（元）' }), { target: { value: '5' } });
    expect(screen.getByTestId('price-line').textContent).toBe('填写价格后显示手续费和到手金额');
    fireEvent.click(screen.getByRole('button', { name: '提交审核' }));
    expect(screen.getByText(TRADE_MSG.titleLength)).toBeTruthy();
    expect(screen.getByText(TRADE_MSG.priceMin)).toBeTruthy();
    expect(screen.getByText(TRADE_MSG.imagesMissing)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '设置' }));
    fireEvent.change(screen.getByLabelText('二级密码', { selector: 'input' }), { target: { value: 'a b' } });
    fireEvent.click(screen.getByRole('button', { name: '提交审核' }));
    expect(screen.getByText(TRADE_MSG.passwordLength)).toBeTruthy();
    expect(call.mock.calls.some(([path]) => path === '/api/trade/submitListing')).toBe(false);

    fireEvent.change(screen.getByRole('textbox', { name: '商品标题' }), { target: { value: '满级剑客出售' } });
    fireEvent.change(screen.getByRole('textbox', { name: '出售价格（元）' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '保存草稿' }));
    expect(await screen.findByText(TRADE_MSG.saved)).toBeTruthy();
    const drafts = call.mock.calls.filter(([path]) => path === '/api/trade/saveListingDraft').map(([, payload]) => payload);
    expect(drafts).toEqual([{ sub_account_id: 5, title: '满级剑客出售', server_name: '一区', role_name: '剑客', description: '', images: [] }]);
  });

  it('a sub-account that cannot be sold is not a form', async () => {
    renderPage(<SellGoodsInfoPage data={{ sub_account_id: 6 }} />, () => ok(sellGames));
    expect(await screen.findByText('没有找到这个小号，请重新选择')).toBeTruthy();
  });
});

describe('/sellaccountedit', () => {
  it('loads the listing into the form, keeps the stored password and sends the listing id', async () => {
    const listing = sampleListing('rejected', { has_second_password: true, description: '原描述' });
    const { call } = renderPage(
      <SellGoodsInfoPage data={{ listing_id: 11 }} />,
      (path) => {
        if (path === '/api/trade/getSellGames') return ok(sellGames);
        if (path === '/api/trade/getMyListing') return ok(listing);
        if (path === '/api/trade/submitListing') return toast(TRADE_MSG.alreadyListed);
        return ok(null);
      },
      { path: '/sellaccountedit' },
    );
    expect(((await screen.findByRole('textbox', { name: '商品标题' })) as HTMLInputElement).value).toBe('满级账号出售');
    expect((screen.getByRole('textbox', { name: '出售价格（元）' }) as HTMLInputElement).value).toBe('10');
    expect(screen.getByRole('radio', { name: '保留原密码' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('screenshot-1').getAttribute('data-stage')).toBe('uploaded');
    fireEvent.click(screen.getByRole('button', { name: '提交审核' }));
    fireEvent.click(screen.getByRole('button', { name: '确认提交' }));
    expect(await screen.findByText(TRADE_MSG.alreadyListed)).toBeTruthy();
    const submit = call.mock.calls.find(([path]) => path === '/api/trade/submitListing')![1];
    expect(submit).toMatchObject({ listing_id: 11, sub_account_id: 5, second_password_mode: 'keep', price_cents: 1000, description: '原描述' });
  });

  it('a listing no longer editable says so', async () => {
    renderPage(<SellGoodsInfoPage data={{ listing_id: 11 }} />, (path) => (path === '/api/trade/getMyListing' ? ok(sampleListing('sold')) : ok(sellGames)), { path: '/sellaccountedit' });
    expect(await screen.findByText('当前状态（已售出）不能编辑')).toBeTruthy();
  });
});

describe('/sellaccount', () => {
  it('lists status chips and a rejection reason; 下架 asks first, then shows 已下架', async () => {
    const { call, navigate } = renderPage(<SellAccountPage />, (path) => {
      if (path === '/api/trade/getMyListings') return ok({ list: [sampleListing('reviewing', { id: 1 }), sampleListing('rejected', { id: 2 }), sampleListing('sold', { id: 3 })], total: 3, page: 1, limit: 20 });
      if (path === '/api/trade/withdrawListing') return ok({ listing: sampleListing('withdrawn', { id: 1 }) }, TRADE_MSG.withdrawn);
      return ok(null);
    });
    expect(await screen.findByText('未通过原因：截图不清晰')).toBeTruthy();
    const rows = ['listing-1', 'listing-2', 'listing-3'].map((id) => screen.getByTestId(id));
    expect(rows.map((row) => row.querySelector('[data-testid="listing-status"]')!.textContent)).toEqual([LISTING_STATUS_TEXT.reviewing, LISTING_STATUS_TEXT.rejected, LISTING_STATUS_TEXT.sold]);

    const reviewing = rows[0]!;
    fireEvent.click(reviewing.querySelector('button:nth-of-type(2)')!);
    expect(reviewing.textContent).toContain('下架后小号解冻，确定吗？');
    fireEvent.click(screen.getByRole('button', { name: '确认下架' }));
    await waitFor(() => expect(reviewing.querySelector('[data-testid="listing-status"]')!.textContent).toBe(LISTING_STATUS_TEXT.withdrawn));
    expect(call).toHaveBeenCalledWith('/api/trade/withdrawListing', { listing_id: 1 });
    expect(reviewing.textContent).toContain('重新提交');

    fireEvent.click([...rows[2]!.querySelectorAll('button')].find((b) => b.textContent === '查看交易')!);
    expect(navigate).toHaveBeenCalledWith('/tradingsuccess', { trade_id: 9 }, undefined);
    fireEvent.click([...rows[1]!.querySelectorAll('button')].find((b) => b.textContent === '编辑')!);
    expect(navigate).toHaveBeenCalledWith('/sellaccountedit', { listing_id: 2 }, undefined);
  });

  it('a refused 下架 shows the reason and reloads the listing', async () => {
    const { call } = renderPage(<SellAccountPage />, (path) => {
      if (path === '/api/trade/getMyListings') return ok({ list: [sampleListing('on_sale', { id: 1 })], total: 1, page: 1, limit: 20 });
      if (path === '/api/trade/withdrawListing') return toast(TRADE_MSG.notWithdrawable);
      if (path === '/api/trade/getMyListing') return ok(sampleListing('reserved', { id: 1 }));
      return ok(null);
    });
    const row = await screen.findByTestId('listing-1');
    fireEvent.click([...row.querySelectorAll('button')].find((b) => b.textContent === '下架')!);
    fireEvent.click(screen.getByRole('button', { name: '确认下架' }));
    await waitFor(() => expect(row.querySelector('[data-testid="listing-status"]')!.textContent).toBe(LISTING_STATUS_TEXT.reserved));
    expect(row.textContent).toContain(TRADE_MSG.notWithdrawable);
    expect(call).toHaveBeenCalledWith('/api/trade/getMyListing', { listing_id: 1 });
  });
});

describe('/sellaccount row', () => {
  it('hands the changed listing up, so a row scrolled away and back starts from it', async () => {
    const onChange = vi.fn();
    renderPage(<ListingRow listing={sampleListing('on_sale', { id: 4 })} onChange={onChange} />, (path) => (path === '/api/trade/getMyListing' ? ok(sampleListing('sold', { id: 4 })) : ok(null)));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '刷新状态' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ id: 4, status: 'sold' })));
    expect(screen.getByTestId('listing-status').textContent).toBe(LISTING_STATUS_TEXT.sold);
  });
});

describe('/successview', () => {
  it('says what happens next and links 我的出售 and the feed', () => {
    renderPage(<SuccessViewPage />, () => ok(null));
    expect(screen.getByText('已提交审核')).toBeTruthy();
    expect(screen.getByRole('link', { name: '我的出售' }).getAttribute('href')).toContain('/sellaccount');
    expect(screen.getByRole('link', { name: '去交易圈' }).getAttribute('href')).toContain('/circle');
  });
});
