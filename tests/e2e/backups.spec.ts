import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations, OPERATOR } from './helpers.ts';

// The operator's backups page (docs/operations.md#backup): a backup taken from the console, its progress, and the
// new file in the list. The browser-test server has no BACKUP_CRON, so the schedule line says how to set one.
test.describe.configure({ timeout: 90_000 });

const logInAsOperator = async (page: Page) => {
  await page.goto('/login?lng=en');
  await page.getByLabel('User ID').fill(OPERATOR.userId);
  await page.getByLabel('Password').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.locator('header.fd-shell-header')).toBeVisible();
};

test('the operator backs up from the console, watches the progress and finds the new file', async ({
  page,
}) => {
  await logInAsOperator(page);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Backups' }).click();
  await expect(page).toHaveURL(/\/admin\/operations\/backups$/);
  await expect(page.getByRole('heading', { name: 'Backups', level: 1 })).toBeVisible();
  await expect(page.getByText('No schedule: set BACKUP_CRON')).toBeVisible();
  await expect(page.getByText('npm run restore -- FILE')).toBeVisible();
  // No way to take a backup out through the browser.
  await expect(page.getByRole('link', { name: /download/i })).toHaveCount(0);

  const files = page.getByRole('region', { name: 'Backup files' }).locator('tbody tr.ant-table-row');
  const before = await files.count();

  await page.getByRole('button', { name: 'Back up now' }).click();
  const progress = page.getByRole('status').filter({ hasText: 'Backup in progress' });
  await expect(progress).toBeVisible();
  await expect(progress.getByRole('progressbar')).toBeVisible();
  await expect(progress).toContainText(/Step \d of 5/);
  await expect(page.getByRole('button', { name: 'Back up now' })).toBeDisabled();

  const done = page.getByText(/^Last backup: fitdesk-backup-\S+\.tar/);
  await expect(done).toBeVisible({ timeout: 60_000 });
  await expect(progress).toHaveCount(0);
  const name = /fitdesk-backup-\S+\.tar/.exec((await done.textContent()) ?? '')![0];
  await expect(files).toHaveCount(before + 1);
  await expect(files.first()).toContainText(name);
  await expect(page.getByRole('button', { name: 'Back up now' })).toBeEnabled();
  // The pointer leaves the button it pressed: axe measures the page at rest, not a hover colour.
  await page.mouse.move(0, 0);
  await expectNoSeriousViolations(page);

  // The same page in Korean, and on a 360 px phone: nothing sticks out sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/admin/operations/backups?lng=ko');
  await expect(page.getByRole('heading', { name: '백업', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: '지금 백업' })).toBeEnabled();
  await expect(page.getByRole('region', { name: '백업 파일' }).getByText(name)).toBeVisible();
  const right = await page
    .locator('section[aria-labelledby="backups-title"]')
    .evaluate((section) => section.getBoundingClientRect().right);
  expect(right).toBeLessThanOrEqual(360);
});
