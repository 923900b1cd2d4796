import { type APIRequestContext, expect, type Page, type PlaywrightWorkerArgs, test } from '@playwright/test';
import {
  askToJoin,
  choose,
  createGym,
  expectNoSeriousViolations,
  getJson,
  newAccount,
  OPERATOR,
  permissionSetsOf,
  put,
  signIn,
} from './resource-helpers.ts';

// The owner's generic resource screens (issue #3): declared once, listed, shown, created, edited and deleted.
// Each test is a journey over several screens with an axe scan or two: more than the default 30 s on two busy cores.
test.describe.configure({ timeout: 120_000 });

const logIn = async (page: Page, userId: string, password: string, name: string) => {
  await page.goto('/login?lng=en');
  await page.getByLabel('User ID').fill(userId);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.locator('header.fd-shell-header')).toContainText(name);
};

type Playwright = PlaywrightWorkerArgs['playwright'];

/** An owner with an ACTIVE facility (verified by the operator), and its default permission set. */
const ownerWithActiveGym = async (playwright: Playwright, request: APIRequestContext, base: string) => {
  const owner = await newAccount(playwright, request, base, {
    prefix: 'own',
    name: '한대표',
    authCode: 'ADMIN',
  });
  const gym = await createGym(owner, `Gym ${owner.userId}`, 'REQUEST');
  const operator = await signIn(playwright, base, OPERATOR);
  await put(operator, `/web/gym/${gym.id}`, { gymStatus: 'ACTIVE' });
  const defaultSet = (await permissionSetsOf(owner, gym.id)).find((set) => set.defaultYn);
  if (!defaultSet) throw new Error('the facility has no default permission set');
  return { owner, gym, defaultSet };
};

/** An owner with a draft facility, which already has its two permission sets. */
const ownerWithGym = async (playwright: Playwright, request: APIRequestContext, base: string) => {
  const owner = await newAccount(playwright, request, base, {
    prefix: 'set',
    name: '한대표',
    authCode: 'ADMIN',
  });
  // The facility pages open for a verified (ACTIVE) facility only (docs/rules.md#facility-selection: only
  // ACTIVE drives the shell).
  const gym = await createGym(owner, `Gym ${owner.userId}`, 'REQUEST');
  const operator = await signIn(playwright, base, OPERATOR);
  await put(operator, `/web/gym/${gym.id}`, { gymStatus: 'ACTIVE' });
  return { owner, gym };
};

test('an owner sees the permission sets and switches a flag off in the generic edit form', async ({
  page,
  playwright,
  request,
  baseURL,
}) => {
  const { owner, gym } = await ownerWithGym(playwright, request, baseURL ?? '');
  const defaultSet = (await permissionSetsOf(owner, gym.id)).find((set) => set.defaultYn);
  expect(defaultSet?.consultSettingYn).toBe(true);

  await logIn(page, owner.userId, owner.password, owner.name);
  await page.goto('/gym-auth?lng=en');
  await expect(page.getByRole('heading', { name: 'Permission sets' })).toBeVisible();
  const setRow = page.getByRole('row').filter({ hasText: defaultSet!.name });
  await expect(setRow).toHaveCount(1);
  await expect(setRow.getByRole('cell', { name: gym.name })).toBeVisible();

  // One Tab stop per action: the link, not the button inside it.
  await expect(setRow.getByRole('button', { name: 'Edit' })).toHaveAttribute('tabindex', '-1');

  // The form sends only the change.
  await setRow.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit permission set' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(defaultSet!.name);
  await expect(page.getByRole('switch', { name: 'Representative' })).toBeDisabled();
  const manageConsultations = page.getByRole('switch', { name: 'Manage consultations' });
  await expect(manageConsultations).toBeChecked();
  await manageConsultations.click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Permission sets' })).toBeVisible();
  const headers = await page.getByRole('columnheader').allTextContents();
  await expect(setRow.getByRole('cell').nth(headers.indexOf('Manage consultations'))).toHaveText('No');
  const saved = (await permissionSetsOf(owner, gym.id)).find((set) => set.id === defaultSet!.id);
  expect(saved?.consultSettingYn).toBe(false);

  // The representative's own link offers no Delete (the server refuses it too).
  await page.goto('/gym-member?lng=en');
  const ownRow = page.getByRole('row').filter({ hasText: owner.userId });
  await expect(ownRow).toHaveCount(1);
  await expect(ownRow.getByRole('button', { name: 'Delete' })).toHaveCount(0);
});

test('an owner creates a permission set with the keyboard and deletes it after confirming', async ({
  page,
  playwright,
  request,
  baseURL,
}) => {
  const { owner, gym } = await ownerWithGym(playwright, request, baseURL ?? '');

  await logIn(page, owner.userId, owner.password, owner.name);
  await page.goto('/gym-auth?lng=en');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'New permission set' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This field is required.').first()).toBeVisible();
  // The facility is the selected one already.
  await expect(page.getByRole('main').getByTitle(gym.name)).toBeVisible();
  await page.getByLabel('Name').fill('Front desk');
  await page.getByRole('switch', { name: 'View members' }).press('Space');
  await page.getByLabel('Name').press('Enter');
  await expect(page.getByRole('heading', { name: 'Permission sets' })).toBeVisible();
  const created = page.getByRole('row').filter({ hasText: 'Front desk' });
  await expect(created).toHaveCount(1);
  const stored = (await permissionSetsOf(owner, gym.id)).find((set) => set.name === 'Front desk');
  expect(stored).toMatchObject({
    memberUseYn: true,
    consultUseYn: false,
    defaultYn: false,
    representYn: false,
  });

  await created.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Delete' }).last().click();
  await expect(created).toHaveCount(0);
  expect((await permissionSetsOf(owner, gym.id)).map((set) => set.name)).not.toContain('Front desk');
});

test('an owner approves a worker with a permission set through the generic edit form', async ({
  page,
  playwright,
  request,
  baseURL,
}) => {
  const { owner, gym, defaultSet } = await ownerWithActiveGym(playwright, request, baseURL ?? '');
  const worker = await newAccount(playwright, request, baseURL ?? '', {
    prefix: 'wrk',
    name: 'Jo Worker',
    authCode: 'MEMBER',
  });
  await askToJoin(worker, gym.id);

  await logIn(page, owner.userId, owner.password, owner.name);
  await page.getByRole('link', { name: 'Staff and customers' }).click();
  await expect(page.getByRole('heading', { name: 'Staff and customers' })).toBeVisible();
  const workerRow = page.getByRole('row').filter({ hasText: worker.name });
  await expect(workerRow.getByText('Waiting')).toBeVisible();
  await workerRow.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit staff or customer' })).toBeVisible();
  // The edit names whom it edits.
  await expect(page.getByText(worker.name)).toBeVisible();
  await choose(page, 'Status', 'Active');
  await choose(page, 'Permission set', defaultSet.name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Staff and customers' })).toBeVisible();
  await expect(workerRow.getByText('Active')).toBeVisible();
  await expect(workerRow.getByRole('cell', { name: defaultSet.name })).toBeVisible();
  const links = await getJson<{ memberId: number; status: string; gymAuthId: number }[]>(
    owner,
    `/web/gym-member?gymId=${gym.id}&_start=0&_end=50`,
  );
  expect(links.find((link) => link.memberId === worker.id)).toMatchObject({
    status: 'ACTIVE',
    gymAuthId: defaultSet.id,
  });
});

test('an owner searches, filters, keeps the filter across Back, and exports permission sets as CSV', async ({
  page,
  playwright,
  request,
  baseURL,
}) => {
  const { owner, gym } = await ownerWithActiveGym(playwright, request, baseURL ?? '');
  for (const [name, flags] of [
    ['Front desk', { consultUseYn: true }],
    ['Trainers', { memberUseYn: true }],
  ] as const) {
    const response = await owner.api.post('/web/gym-auth', { data: { gymId: gym.id, name, ...flags } });
    expect(response.status()).toBe(201);
  }

  await logIn(page, owner.userId, owner.password, owner.name);
  await page.goto('/gym-auth?lng=en');
  await expect(page.getByRole('heading', { name: 'Permission sets' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Trainers' })).toHaveCount(1);
  await expectNoSeriousViolations(page);

  // The search ignores spaces.
  await page.getByRole('textbox', { name: 'Search' }).fill('fro nt');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Trainers' })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: 'Front desk' })).toHaveCount(1);

  // "View members: No" leaves the one set without it (the two sets a facility starts with have every flag).
  await page.getByRole('button', { name: 'Reset' }).click();
  await choose(page, 'View members', 'No');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Trainers' })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: 'Front desk' })).toHaveCount(1);

  // Open a record and come Back: the filter is still applied (kept per list in sessionStorage, not the URL).
  await page.getByRole('row').filter({ hasText: 'Front desk' }).getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Front desk');
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Permission sets' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Front desk' })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'Trainers' })).toHaveCount(0);
  expect(page.url()).not.toContain('memberUseYn');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  let csv = '';
  for await (const chunk of await file.createReadStream()) csv += chunk.toString();
  expect(csv).toContain('Front desk');
  expect(csv).not.toContain('Trainers');
  // The facility column names the facility, not its id.
  expect(csv).toContain(gym.name);
});
