import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { joinThroughApi, OPERATOR, signIn, submitLoginForm, uniqueUserId } from './helpers.ts';

// The password reset as a person does it (docs/rules.md#password-reset): "Forgot password?" on LOGIN, the user
// id, the 6-digit code (read here, as in the demo, by the operator: the outbox shows it masked, and in test mode,
// where nothing is sent, the operator reads the message as sent), a new password, and a sign-in with it.

type OutboxEntry = { topic: string; payload: { memberId?: number; code?: string }; id: number };

/** The newest reset message of a member in the operator's outbox list (its code masked there). */
const resetEntryOf = async (api: APIRequestContext, memberId: number) => {
  const entries = (await (await api.get('/web/outbox?_end=100')).json()).data as OutboxEntry[];
  return entries.find((e) => e.topic === 'password-reset' && e.payload.memberId === memberId);
};

test('a member resets a forgotten password with the code sent to their phone, and signs in with the new one', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const userId = uniqueUserId('forgot');
  const member = await joinThroughApi(request, { userId, password: 'oldpass123', name: '김분실' });

  await page.goto('/login?lng=en');
  await page.getByRole('link', { name: 'Forgot password?' }).first().click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);
  await page.getByLabel('User ID').fill(userId);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('status')).toContainText('a 6-digit code has been sent');

  // The operator's outbox view shows the message the test-mode provider recorded.
  const operator = await signIn(playwright, baseURL!, OPERATOR);
  let code: string | undefined;
  try {
    await expect
      .poll(async () => {
        const entry = await resetEntryOf(operator.api, member.id);
        if (!entry) return undefined;
        expect(entry.payload.code).toBe('••••••');
        const sent = await operator.api.get(`/web/outbox/${entry.id}/delivered`);
        code = sent.ok() ? ((await sent.json()).data.payload.code as string) : undefined;
        return code;
      })
      .toMatch(/^\d{6}$/);
  } finally {
    await operator.api.dispose();
  }

  // A wrong code first: refused on its field.
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await page.getByLabel('6-digit code').fill(wrong);
  await page.getByLabel('New password', { exact: true }).fill('newpass456');
  await page.getByLabel('Confirm new password').fill('newpass456');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The code is wrong or has expired.')).toBeVisible();

  await page.getByLabel('6-digit code').fill(code!);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been changed');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();

  await submitLoginForm(page, { userId, password: 'oldpass123' });
  await expect(page.getByRole('alert')).toContainText('The user ID or password is incorrect.');
  await submitLoginForm(page, { userId, password: 'newpass456' });
  await expect(page).toHaveURL(/\/$/);
});

test('after failed sign-ins the login says the tries left, then one lock time with the reset link', async ({
  page,
  request,
}) => {
  const userId = uniqueUserId('locked');
  await joinThroughApi(request, { userId, password: 'right1234', name: '잠금' });
  await page.goto('/login?lng=en');
  for (let i = 1; i <= 3; i++) await submitLoginForm(page, { userId, password: `wrong${i}pass` });
  await expect(page.getByRole('alert')).toContainText('2 tries left.');
  await submitLoginForm(page, { userId, password: 'wrong4pass' });
  await expect(page.getByRole('alert')).toContainText('1 try left.');
  await submitLoginForm(page, { userId, password: 'wrong5pass' });
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Try again in 15 minutes.');
  await expect(alert).not.toContainText('seconds');
  await expect(alert.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeDisabled();
});

test("the operator reads an account's join consents and the reset message in the console", async ({
  page,
  request,
}) => {
  const userId = uniqueUserId('consents');
  const member = await joinThroughApi(request, { userId, password: 'consent123', name: '동의인' });
  await request.post('/web/member/password-reset', { data: { userId } });

  await page.goto('/login?lng=en');
  await submitLoginForm(page, OPERATOR);
  await expect(page.locator('header.fd-shell-header')).toBeVisible();
  await page.goto('/admin/operations/accounts');
  await expect(page.getByRole('heading', { name: 'Accounts and consents' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'User ID or name' }).fill(userId);
  await page.getByRole('searchbox', { name: 'User ID or name' }).press('Enter');
  const row = page.getByRole('row', { name: new RegExp(userId) });
  await row.getByRole('button').first().click();
  const consents = page.locator('.ant-table-expanded-row');
  await expect(consents).toContainText('Terms of service');
  await expect(consents).toContainText('Personal data');
  await expect(consents.getByRole('row', { name: /Marketing/ })).toContainText('No');
  await expect(consents).toContainText('2026-11-22');

  // The list shows the code masked; "Show as sent" opens the message as the test-mode provider delivered it.
  let id: number | undefined;
  await expect
    .poll(async () => {
      const entry = await resetEntryOf(page.request, member.id);
      id = entry?.id;
      return id;
    })
    .toBeGreaterThan(0);
  await page.goto('/admin/operations/outbox');
  await page.getByText('All', { exact: true }).click();
  await expect(page.getByText('Your password reset code is ••••••').first()).toBeVisible();
  await expect(page.getByText(/Your password reset code is \d{6}/)).toHaveCount(0);
  await page.getByRole('button', { name: `Show as sent #${id}` }).click();
  await expect(page.getByTestId('outbox-as-sent')).toHaveText(/Your password reset code is \d{6}\./);
});
