import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import sharp from 'sharp';
import { register, shoot, signInStorage } from './wire.ts';

/**
 * Profile at 375×812: a real picture chosen on /accountsettingshow goes up
 * through a ticket, comes back as the server's 256 px WebP, and shows there and on /mine (kept
 * alive, reloaded when shown again); a nickname change shows on /mine, a refused one shows the
 * server's message; sex through /editdata; signed out, the pages offer 登录.
 */


/** A 900×600 PNG with a pattern (not one flat colour), made here. */
async function photo(): Promise<Buffer> {
  const width = 900;
  const height = 600;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const x = i % width;
    const y = Math.floor(i / width);
    pixels[i * 3] = 255;
    pixels[i * 3 + 1] = (x * 255) / width;
    pixels[i * 3 + 2] = (y * 255) / height;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

/** An in-app move, as a link would make it (the navigation runtime hears popstate). */
async function moveTo(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

const mineHeader = (page: Page) => page.getByRole('region', { name: '账号信息' });

test('upload an avatar, change the nickname, see both on /mine; a bad nickname shows the server message', async ({ page, baseURL }) => {
  const account = await register(baseURL!);
  await signInStorage(page, account);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  await page.goto('/mine');
  await expect(mineHeader(page).getByRole('heading', { name: account.nickname })).toBeVisible();
  await expect(mineHeader(page).locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml/);

  await moveTo(page, '/accountsettingshow');
  await expect(page.getByRole('heading', { name: '个人资料' })).toBeVisible();
  const profile = page.getByRole('region', { name: '个人资料' });
  await expect(profile.getByText(account.nickname)).toBeVisible();
  await expect(page.getByRole('region', { name: '账号' }).getByText(account.phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2'))).toBeVisible();
  await shoot(page, 'profile-accountsettingshow');

  await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await photo() });
  const avatar = profile.getByRole('img', { name: '头像' });
  await expect(avatar).toHaveAttribute('src', /^\/media\/avatars\/[0-9a-f]{64}\.webp$/);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);
  await expect(page.getByText('头像修改成功')).toBeVisible();
  await shoot(page, 'profile-avatar-uploaded');
  const avatarUrl = await avatar.getAttribute('src');

  await profile.getByRole('link', { name: /昵称/ }).click();
  await expect(page.getByRole('heading', { name: '修改昵称' })).toBeVisible();
  const input = page.getByRole('textbox', { name: '昵称' });
  await expect(input).toHaveValue(account.nickname);
  await input.fill('我是管理员');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('alert')).toHaveText('昵称包含不允许使用的词语');
  await expect(input).toHaveValue('我是管理员');
  await shoot(page, 'profile-editnickname-refused');
  await input.fill('小');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('alert')).toHaveText('昵称长度为2-12个字符');

  await input.fill('快乐的玩家');
  await shoot(page, 'profile-editnickname');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('heading', { name: '个人资料' })).toBeVisible();
  await expect(profile.getByText('快乐的玩家')).toBeVisible();

  // Back to the kept-alive /mine: it reloads the profile when shown again.
  await page.getByRole('button', { name: '返回' }).click();
  await expect(mineHeader(page).getByRole('heading', { name: '快乐的玩家' })).toBeVisible();
  await expect(mineHeader(page).locator('img')).toHaveAttribute('src', avatarUrl!);
  await expect.poll(() => mineHeader(page).locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);
  await shoot(page, 'profile-mine-after');

  // A fresh start shows the same (stored nickname and the server's profile).
  await page.reload();
  await expect(mineHeader(page).getByRole('heading', { name: '快乐的玩家' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('NickName'))).toBe('快乐的玩家');
  expect(errors).toEqual([]);
});

test('/editdata: choose the sex and the birthday, save, see them on /accountsettingshow', async ({ page, baseURL }) => {
  const account = await register(baseURL!);
  await signInStorage(page, account);
  await page.goto('/accountsettingshow');
  const profile = page.getByRole('region', { name: '个人资料' });
  await expect(profile.getByRole('link', { name: /性别/ })).toContainText('未设置');
  await profile.getByRole('link', { name: /性别/ }).click();
  await expect(page.getByRole('heading', { name: '编辑资料' })).toBeVisible();
  await expect(page.getByRole('button', { name: '保存' })).toBeDisabled();
  await shoot(page, 'profile-editdata');
  const sex = page.getByRole('radiogroup', { name: '性别' });
  await expect(sex.getByRole('radio', { name: '保密' })).toHaveAttribute('aria-checked', 'true');
  await sex.getByRole('radio', { name: '男' }).click();
  await expect(sex.getByRole('radio', { name: '男' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('button', { name: '保存' })).toBeEnabled();
  await page.getByRole('button', { name: /生日/ }).click();
  await expect(page.locator('.adm-picker-view-column')).toHaveCount(3);
  await shoot(page, 'profile-editdata-birthday-picker');
  await page.getByText('确定').click();
  await expect(page.getByRole('button', { name: /生日/ })).toContainText('2000-01-01');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('heading', { name: '个人资料' })).toBeVisible();
  await expect(profile.getByRole('link', { name: /性别/ })).toContainText('男');
  await expect(profile.getByRole('link', { name: /生日/ })).toContainText('2000-01-01');
});

test('signed out, the profile pages offer 登录, which opens the login popup', async ({ page }) => {
  for (const path of ['/accountsettingshow', '/editnickname']) {
    await page.goto(path);
    await expect(page.getByText('登录后可查看和编辑个人资料')).toBeVisible();
    await expect(page.getByText('页面暂未开放')).toHaveCount(0);
  }
  await shoot(page, 'profile-signed-out');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shoot(page, 'profile-signed-out-login');
});
