import { expect, test } from './fixtures/test.ts';

/**
 * The page policy is enforced in the e2e run (server/security-headers.ts), and the suite's fixture
 * (tests/e2e/fixtures/test.ts) turns a violation into a failed test.
 */

test('the app page carries the policy, and the browser enforces it: no inline script, no string at an HTML sink', async ({ page, securityViolations }) => {
  const response = await page.goto('/');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self';");
  expect(headers['content-security-policy']).toContain("require-trusted-types-for 'script'");
  expect(headers['x-frame-options']).toBe('DENY');
  await expect(page.locator('#root')).not.toBeEmpty();

  const outcome = await page.evaluate(() => {
    const ran = { inline: false };
    (window as unknown as { __ran: typeof ran }).__ran = ran;
    const script = document.createElement('script');
    // A Trusted Types refusal for the text, then (were it allowed) a CSP refusal of the inline script.
    let textRefused = false;
    try {
      script.textContent = 'window.__ran.inline = true';
    } catch {
      textRefused = true;
    }
    document.body.append(script);
    let htmlRefused = false;
    try {
      document.createElement('div').innerHTML = '<img src=x onerror="window.__ran.inline = true">';
    } catch {
      htmlRefused = true;
    }
    let policyRefused = false;
    try {
      (window as unknown as { trustedTypes: { createPolicy(name: string, rules: object): unknown } }).trustedTypes.createPolicy('not-listed', {});
    } catch {
      policyRefused = true;
    }
    return { textRefused, htmlRefused, policyRefused, ran: ran.inline };
  });
  expect(outcome).toEqual({ textRefused: true, htmlRefused: true, policyRefused: true, ran: false });

  const seen = await securityViolations.take();
  expect(seen.some((line) => line.includes('require-trusted-types-for'))).toBe(true);
  expect(seen.some((line) => line.includes('trusted-types') && line.includes('not-listed'))).toBe(true);
});

test('the sanitised HTML path works under Trusted Types (an article page renders its HTML)', async ({ page }) => {
  await page.goto('/aboutus');
  await expect(page.locator('.about-us__content')).not.toBeEmpty();
});

test.describe('the guard', () => {
  test.fail(true, 'a violation the test leaves behind must fail it (the fixture teardown)');
  test('fails a test that leaves a violation behind', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#root')).not.toBeEmpty();
    await page.evaluate(() => {
      try {
        document.createElement('div').innerHTML = '<b>plain string at an HTML sink</b>';
      } catch {
        // refused: the violation is what this test is about
      }
    });
  });
});

test("the console's policy: antd's style text goes through, markup at an HTML sink is still refused", async ({ page, securityViolations }) => {
  const response = await page.goto('/staff/');
  expect(response!.headers()['content-security-policy']).toContain("require-trusted-types-for 'script'");
  // The sign-in form is drawn with antd, whose styles are written at run time.
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
  expect(await page.locator('style').count()).toBeGreaterThan(0);
  const outcome = await page.evaluate(() => {
    const ran = { inline: false };
    (window as unknown as { __ran: typeof ran }).__ran = ran;
    const style = document.createElement('style');
    style.innerHTML = '.x>.y{color:red}';
    let htmlRefused = false;
    try {
      document.createElement('div').innerHTML = '<img src=x onerror="window.__ran.inline = true">';
    } catch {
      htmlRefused = true;
    }
    return { styleText: style.textContent, htmlRefused, ran: ran.inline };
  });
  expect(outcome).toEqual({ styleText: '.x>.y{color:red}', htmlRefused: true, ran: false });
  const seen = await securityViolations.take();
  expect(seen.some((line) => line.includes('require-trusted-types-for'))).toBe(true);
});
