import { expect, test } from './fixtures/test.ts';
import { chinaToday, idCardCheckChar } from '../../api/protocol/real-name.ts';
import { playAllowed } from '../../server/minors.ts';
import { appRendered, at, register, shoot, signInStorage, wireCall } from './wire.ts';

/**
 * Real name and minors' protection through the whole stack at 375×812: a signed-out visit asks to
 * sign in; a bad check digit is refused on the form with the rule's message; a valid number
 * (its check digit computed here) passes and step two shows the masked identity; a minor's
 * /zaixianwan outside the minors' hour shows the rule (inside it, the game: the server's clock
 * decides, and this test asks the same rules which one applies now).
 */

test.setTimeout(120_000);

/** A number with a correct GB 11643-1999 check digit, born on `birth` ('YYYY-MM-DD'). */
function idFor(birth: string, seq: string): string {
  const first17 = `110105${birth.replaceAll('-', '')}${seq}`;
  return first17 + idCardCheckChar(first17);
}

const seq = () => String(Date.now() % 1000).padStart(3, '0');

test('signed out, the real-name pages ask to sign in', async ({ page }) => {
  await page.goto('/realnamecertificatetwo');
  await appRendered(page);
  await expect(page.getByText('登录后才能进行实名认证')).toBeVisible();
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByTestId('login-overlay')).toHaveAttribute('data-state', /open|panel/);
  await shoot(page, 'real-name-signed-out');
});

test('a bad check digit is refused with its message; a valid number passes and shows masked', async ({ page, baseURL }) => {
  const account = await register(baseURL!);
  await signInStorage(page, account);
  const number = idFor('1990-06-15', seq());
  const badCheck = number.slice(0, 17) + (number.endsWith('0') ? '1' : '0');

  await page.goto('/realnamecertificateone');
  await appRendered(page);
  await expect(page.getByRole('heading', { name: '实名认证', exact: true })).toBeVisible();
  await expect(page.getByText(/关于防止未成年人沉迷网络游戏的通知/)).toBeVisible();
  await shoot(page, 'real-name-form');

  await page.getByLabel('姓名').fill('张三');
  await page.getByLabel('身份证号').fill(badCheck);
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByRole('alert')).toHaveText('身份证号码校验失败');
  await shoot(page, 'real-name-bad-check-digit');

  await page.getByLabel('身份证号').fill(number.toLowerCase());
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page).toHaveURL(/\/realnamecertificatetwo/);
  await expect(page.getByText('已认证')).toBeVisible();
  await expect(page.getByText('张*', { exact: true })).toBeVisible();
  await expect(page.getByText(`1101**********${number.slice(-4)}`)).toBeVisible();
  await expect(page.getByText('年龄段：已成年')).toBeVisible();
  await shoot(page, 'real-name-verified');

  // Verified once: the form is not offered again, and the server refuses a change.
  await page.goto('/realnamecertificateone');
  await expect(page.getByText('您已完成实名认证，认证信息不可修改')).toBeVisible();
  const again = await wireCall(baseURL!, '/api/user/realNameAuth', { real_name: '李四', id_card: idFor('1991-01-01', seq()) }, account);
  expect(again).toMatchObject({ code: -1, msg: '已完成实名认证，不可修改' });
});

test('a minor’s /zaixianwan outside the minors’ hour shows the rule', async ({ page, baseURL }) => {
  const account = await register(baseURL!);
  const today = chinaToday(Date.now());
  const birth = `${Number(today.slice(0, 4)) - 13}-01-01`;
  expect(await wireCall(baseURL!, '/api/user/realNameAuth', { real_name: '王小明', id_card: idFor(birth, seq()) }, account)).toMatchObject({ code: 1, data: { age_band: '8-16' } });
  await signInStorage(page, account);

  const h5 = (await wireCall(baseURL!, '/api/game/getGameList', { type: 'h5', page: 1, limit: 5 })).data.list[0] as { game_id: number; platform_game_id: number };
  await page.goto(at('/zaixianwan', { game_id: h5.game_id, platform_game_id: h5.platform_game_id }));
  await appRendered(page);
  const verdict = playAllowed({ verified: true, birthDate: birth }, new Date());
  if (verdict.ok) {
    // Friday–Sunday or a holiday, 20:00–21:00 China time: the minor may play now.
    await expect(page.locator('iframe.h5-play__frame')).toHaveAttribute('src', new RegExp(`^/play/h5/${h5.platform_game_id}\\?ticket=`));
  } else {
    await expect(page.locator('.h5-play__refused')).toContainText('未成年人仅可在周五、周六、周日和法定节假日的20:00-21:00进行游戏');
    await expect(page.locator('iframe')).toHaveCount(0);
  }
  await shoot(page, 'real-name-minor-zaixianwan');

  await page.goto('/realnamecertificatetwo');
  await expect(page.getByText('年龄段：8周岁以上未满16周岁')).toBeVisible();
  await expect(page.getByText('单次充值不超过50元，每月累计充值不超过200元')).toBeVisible();
  await shoot(page, 'real-name-minor-status');
});
