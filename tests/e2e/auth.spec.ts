import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { joinThroughApi, OWNER_NAME, OWNER_STATE, submitLoginForm, uniqueUserId } from './helpers.ts';

test.describe('signed out', () => {
  test('a representative joins with a first facility and lands on home, signed in, with the welcome', async ({
    page,
  }) => {
    const userId = uniqueUserId('rep');
    await page.goto('/join?lng=en');
    await expect(page.getByRole('heading', { name: 'Representative sign-up' })).toBeVisible();
    await page.getByLabel('User ID').fill(userId);
    await page.getByLabel('Password', { exact: true }).fill('goodpass12');
    await page.getByLabel('Confirm password').fill('goodpass12');
    await page.getByLabel('Name', { exact: true }).fill('최대표');
    await page.getByLabel('Phone').fill('01055556666');
    await expect(page.getByLabel('Phone')).toHaveValue('010-5555-6666');
    await page.getByLabel('Facility name').fill('최대표 피트니스');
    // The required agreements first: without them the form stays (docs/rules.md#join).
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('This agreement is required to sign up.').first()).toBeVisible();
    await page.getByLabel('[Required] I agree to the Terms of Service').check();
    await page.getByLabel('[Required] I agree to the collection and use of personal data').check();
    await page.getByRole('button', { name: 'Sign up' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('header.fd-shell-header')).toContainText('최대표');
    await expect(page.getByRole('dialog')).toContainText('You must register your business facility!');
  });

  test('a worker join refuses a taken user id on its field', async ({ page, request }) => {
    const userId = uniqueUserId('taken');
    await joinThroughApi(request, { userId, password: 'pass12345', name: 'Someone' });
    await page.goto('/join/worker?lng=en');
    await expect(page.getByRole('heading', { name: 'Worker sign-up' })).toBeVisible();
    await page.getByLabel('User ID').fill(userId);
    await expect(page.getByText('This user ID is already taken.')).toBeVisible();
  });

  test('a wrong password shows the one login-failure message', async ({ page, request }) => {
    const userId = uniqueUserId('wrong');
    await joinThroughApi(request, { userId, password: 'right1234', name: 'W' });
    await page.goto('/login?lng=en');
    await submitLoginForm(page, { userId, password: 'wrong1234' });
    await expect(page.getByRole('alert')).toContainText('The user ID or password is incorrect.');
    await expect(page).toHaveURL(/\/login/);
  });

  test('a protected page sends a visitor to the landing', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/select$/);
    await expect(page.getByRole('link', { name: /Facility Management|시설 관리/ })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('id'))).toBeNull();
  });

  test('login and join pages have no serious accessibility violations', async ({ page }) => {
    for (const path of ['/login?lng=ko', '/join?lng=en', '/join/worker?lng=ko']) {
      await page.goto(path);
      await expect(page.locator('form')).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${path}: ${v.id}`)).toEqual([]);
    }
  });
});

test.describe('signed in', () => {
  test.use({ storageState: OWNER_STATE });

  test('an unknown path shows the 404 page after a second', async ({ page }) => {
    // The tab's sessionStorage id is set on its first signed-in page (docs/rules.md#session), so a deep link
    // works from then on.
    await page.goto('/?lng=en');
    await expect(page.locator('header.fd-shell-header')).toContainText(OWNER_NAME);
    await page.goto('/no/such/page');
    await expect(page.getByText('Page not found')).toBeVisible();
  });

  test('stays signed in across a reload', async ({ page }) => {
    await page.goto('/?lng=en');
    await expect(page.locator('header.fd-shell-header')).toContainText(OWNER_NAME);
    await page.reload();
    await expect(page.locator('header.fd-shell-header')).toContainText(OWNER_NAME);
  });

  test('switches language and keeps it after a reload', async ({ page }) => {
    await page.goto('/?lng=en');
    await expect(page.locator('header.fd-shell-header')).toContainText(OWNER_NAME);
    await page.getByText('KO', { exact: true }).click();
    await expect(page.getByRole('button', { name: '로그아웃' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await page.goto('/');
    await expect(page.getByRole('button', { name: '로그아웃' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('ko');
  });
});

test('logs out after confirming, and a protected page then sends to the landing', async ({
  page,
  request,
}) => {
  // A session of its own: logging out must not end the shared owner session other tests use.
  const userId = uniqueUserId('leaver');
  await joinThroughApi(request, { userId, password: 'leave1234', name: '김퇴근' });
  await page.goto('/login?lng=en');
  await submitLoginForm(page, { userId, password: 'leave1234' });
  await expect(page.locator('header.fd-shell-header')).toContainText('김퇴근');

  await page.getByRole('button', { name: 'Log out' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to log out?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // The cancelled dialog animates out; the next one must not be confused with it.
  await expect(dialog).toBeHidden();
  await expect(page.locator('header.fd-shell-header')).toContainText('김퇴근');

  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem('id'))).toBeNull();
  await page.goto('/');
  await expect(page).toHaveURL(/\/select$/);
  await expect(page.getByRole('link', { name: 'Facility Management' })).toBeVisible();
});
