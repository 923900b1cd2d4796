import { expect, type Page, test } from '@playwright/test';
import { joinThroughApi, uniqueUserId } from './helpers.ts';
import {
  createGym,
  expectNoSeriousViolations,
  getJson,
  newAccount,
  OPERATOR,
  requestAddOn,
  signIn,
} from './resource-helpers.ts';

// The operator console at /admin (issue #3): review queues for facilities and add-ons, SUPERADMIN only.
// Each test is a journey over several screens with an axe scan or two: more than the default 30 s on two busy cores.
test.describe.configure({ timeout: 120_000 });

const logInAsOperator = async (page: Page) => {
  await page.goto('/login?lng=en');
  await page.getByLabel('User ID').fill(OPERATOR.userId);
  await page.getByLabel('Password').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.locator('header.fd-shell-header')).toBeVisible();
};

test('an operator approves a facility and its add-on in the console', async ({
  page,
  playwright,
  request,
  baseURL,
}) => {
  const owner = await newAccount(playwright, request, baseURL ?? '', {
    prefix: 'rev',
    name: 'Ko Owner',
    authCode: 'ADMIN',
  });
  const gym = await createGym(owner, `Review ${owner.userId}`, 'REQUEST');
  const { subscription } = await requestAddOn(owner, gym.id);
  const operator = await signIn(playwright, baseURL ?? '', OPERATOR);

  await logInAsOperator(page);
  await page.getByRole('link', { name: 'Operator console' }).click();
  await expect(page).toHaveURL(/\/admin\/review\/facilities$/);
  await expect(page.getByRole('heading', { name: 'Facility review' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: gym.name });
  await expect(row.getByText('Under review')).toBeVisible();
  await expectNoSeriousViolations(page);
  await row.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Approve "${gym.name}" and activate the facility?`);
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(row).toHaveCount(0);
  expect((await getJson<{ gymStatus: string }>(operator, `/web/gym/${gym.id}`)).gymStatus).toBe('ACTIVE');

  await page.getByRole('link', { name: 'Add-on review' }).click();
  await expect(page.getByRole('heading', { name: 'Add-on review' })).toBeVisible();
  const addOnRow = page.getByRole('row').filter({ hasText: gym.name });
  await expect(addOnRow.getByText('Waiting')).toBeVisible();
  await addOnRow.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(addOnRow).toHaveCount(0);
  const approved = await getJson<{ gymSubServiceStatus: string }>(
    operator,
    `/web/gym-sub-service/${subscription.id}`,
  );
  expect(approved.gymSubServiceStatus).toBe('APPROVE');
});

test('the console lists and shows any facility, searched by name', async ({
  page,
  playwright,
  request,
  baseURL,
}) => {
  const owner = await newAccount(playwright, request, baseURL ?? '', {
    prefix: 'lst',
    name: 'Seo Owner',
    authCode: 'ADMIN',
  });
  const gym = await createGym(owner, `Listed ${owner.userId}`, 'REQUEST');

  await logInAsOperator(page);
  await page.goto('/admin/review/facilities');
  await page.getByRole('link', { name: 'Facilities' }).click();
  await expect(page.getByRole('heading', { name: 'Facilities' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Facility name' }).fill(gym.name);
  await page.getByRole('button', { name: 'Search' }).click();
  const listed = page.getByRole('row').filter({ hasText: gym.name });
  await expect(listed.getByText('Under review')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await listed.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('heading', { name: 'Facility' })).toBeVisible();
  await expect(page.getByText('123-45-67890')).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('rejecting a facility asks for the reason', async ({ page, playwright, request, baseURL }) => {
  const owner = await newAccount(playwright, request, baseURL ?? '', {
    prefix: 'rej',
    name: 'No Owner',
    authCode: 'ADMIN',
  });
  const gym = await createGym(owner, `Reject ${owner.userId}`, 'REQUEST');

  await logInAsOperator(page);
  await page.goto('/admin/review/facilities');
  const row = page.getByRole('row').filter({ hasText: gym.name });
  await row.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('Give the reason for the rejection.')).toBeVisible();
  await dialog
    .getByLabel('Reason for the rejection (the owner reads it)')
    .fill('The business number does not match.');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(row).toHaveCount(0);
  const rejected = await getJson<{ gymStatus: string; inactiveReason: string }>(owner, `/web/gym/${gym.id}`);
  expect(rejected).toMatchObject({
    gymStatus: 'INACTIVE',
    inactiveReason: 'The business number does not match.',
  });
});

test('an owner opening /admin reads "No access permission.", and the API refuses too', async ({
  page,
  request,
}) => {
  const owner = { userId: uniqueUserId('notop'), password: 'notop1234' };
  await joinThroughApi(request, { ...owner, name: 'Not Operator', authCode: 'ADMIN' });
  await page.goto('/login?lng=en');
  await page.getByLabel('User ID').fill(owner.userId);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.locator('header.fd-shell-header')).toContainText('Not Operator');
  await expect(page.getByRole('button', { name: 'Register representative facility' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Operator console/ })).toHaveCount(0);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'No access permission.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expectNoSeriousViolations(page);
  const queue = await page.request.get('/web/gym?gymStatus=REQUEST');
  expect(queue.status()).toBe(403);
});

test('a worker sent away from /admin can log out from there', async ({ page, request }) => {
  const worker = { userId: uniqueUserId('away'), password: 'away12345' };
  await joinThroughApi(request, { ...worker, name: 'Away Worker', authCode: 'MEMBER' });
  await page.goto('/login?lng=en');
  await page.getByLabel('User ID').fill(worker.userId);
  await page.getByLabel('Password').fill(worker.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.locator('header.fd-shell-header')).toBeVisible();
  await page.goto('/admin/gym');
  await expect(page.getByRole('heading', { name: 'No access permission.' })).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login(\?|$)/);
});
