import { type APIRequestContext, expect, type Page, type PlaywrightWorkerArgs, test } from '@playwright/test';
import {
  type ApiSession,
  askToJoin,
  createGym,
  expectNoSeriousViolations,
  type Gym,
  type GymAuth,
  getJson,
  newAccount,
  OPERATOR,
  permissionSetsOf,
  put,
  signIn,
  signInPage,
} from './resource-helpers.ts';

// Facility settings (issue #6 point 6): /setting/gym, /setting/gym/permission and /setting/gym/worker/detail, the
// representative's alone. Seeding goes through the API; each test has its own accounts and facility.
test.describe.configure({ timeout: 90_000 });

type Playwright = PlaywrightWorkerArgs['playwright'];
type Fixtures = { page: Page; playwright: Playwright; request: APIRequestContext; baseURL?: string };

let operator: ApiSession;
test.beforeAll(async ({ playwright, baseURL }) => {
  operator = await signIn(playwright, baseURL!, OPERATOR);
});

/** A representative with one verified facility, signed in on the page. */
const representative = async ({ page, playwright, request, baseURL }: Fixtures, name: string) => {
  const owner = await newAccount(playwright, request, baseURL!, { prefix: 'set', name, authCode: 'ADMIN' });
  const gym = await createGym(owner, `${name} Fitness ${owner.userId}`, 'REQUEST');
  await put(operator, `/web/gym/${gym.id}`, { gymStatus: 'ACTIVE' });
  await signInPage(page, owner);
  return { owner, gym };
};

const createSet = async (owner: ApiSession, gym: Gym, name: string) => {
  const response = await owner.api.post('/web/gym-auth', {
    data: { gymId: gym.id, name, memberUseYn: true },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).data as GymAuth;
};

/** A set as the API answers it, with all its flags. */
const setNamed = async (owner: ApiSession, gym: Gym, name: string) =>
  (
    await getJson<(GymAuth & Record<string, unknown>)[]>(
      owner,
      `/web/gym-auth?gymId=${gym.id}&_start=0&_end=50`,
    )
  ).find((set) => set.name === name);

test('the representative edits the permission matrix: flags, a new set, rename, default and delete', async ({
  page,
  playwright,
  request,
  baseURL,
}) => {
  const { owner, gym } = await representative({ page, playwright, request, baseURL }, 'Matrix');
  await page.goto('/setting/gym/permission?lng=en');
  await expect(page.getByRole('heading', { name: 'Permission sets', level: 1 })).toBeVisible();
  // The side menu leads here from Settings.
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Permission sets' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Staff' })).toBeVisible();

  // The representative set (대표자) holds every right: its cells are ticked and locked, and it cannot go.
  const represent = page.getByRole('checkbox', { name: 'View members: 대표자' });
  await expect(represent).toBeChecked();
  await expect(represent).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Delete 대표자' })).toBeDisabled();
  await expect(page.getByRole('radio', { name: 'Default for new staff: 대표자' })).toBeDisabled();
  // The default set (기본 권한) cannot be deleted while it is the default.
  await expect(page.getByRole('radio', { name: 'Default for new staff: 기본 권한' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Delete 기본 권한' })).toBeDisabled();
  await expectNoSeriousViolations(page);

  // A new set starts with no rights; a flag is saved as soon as it is ticked.
  await page.getByRole('button', { name: 'New permission set' }).click();
  let dialog = page.getByRole('dialog', { name: 'New permission set' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('This field is required.')).toBeVisible();
  await dialog.getByLabel('Name').fill('Front desk');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  const viewMembers = page.getByRole('checkbox', { name: 'View members: Front desk' });
  await expect(viewMembers).not.toBeChecked();
  await viewMembers.click();
  await expect(viewMembers).toBeChecked();
  await expect.poll(async () => (await setNamed(owner, gym, 'Front desk'))?.memberUseYn).toBe(true);
  const payments = page.getByRole('checkbox', { name: 'Manage payments: Front desk' });
  await payments.click();
  await expect(payments).toBeChecked();
  await payments.click();
  await expect(payments).not.toBeChecked();
  await expect.poll(async () => (await setNamed(owner, gym, 'Front desk'))?.payHistorySettingYn).toBe(false);

  // Rename it, and make it the default: the old default may then be deleted.
  await page.getByRole('button', { name: 'Rename Front desk' }).click();
  dialog = page.getByRole('dialog', { name: 'Rename "Front desk"' });
  await dialog.getByLabel('Name').fill('Reception');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('checkbox', { name: 'View members: Reception' })).toBeChecked();
  await page.getByRole('radio', { name: 'Default for new staff: Reception' }).click();
  await expect(page.getByRole('radio', { name: 'Default for new staff: Reception' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Default for new staff: 기본 권한' })).not.toBeChecked();
  await expect.poll(async () => (await setNamed(owner, gym, 'Reception'))?.defaultYn).toBe(true);

  const deleteOld = page.getByRole('button', { name: 'Delete 기본 권한' });
  await expect(deleteOld).toBeEnabled();
  await deleteOld.click();
  dialog = page.getByRole('dialog', { name: 'Delete the permission set' });
  await expect(dialog).toContainText('Delete the permission set "기본 권한"?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('checkbox', { name: 'View members: 기본 권한' })).toHaveCount(0);
  expect((await permissionSetsOf(owner, gym.id)).map((set) => set.name).sort()).toEqual([
    'Reception',
    '대표자',
  ]);
});

test('a set in use cannot be deleted: the server’s reason is shown (ko)', async ({
  page,
  playwright,
  request,
  baseURL,
}) => {
  const { owner, gym } = await representative({ page, playwright, request, baseURL }, 'InUse');
  const set = await createSet(owner, gym, '트레이너');
  const worker = await newAccount(playwright, request, baseURL!, {
    prefix: 'inuse',
    name: '사용중',
    authCode: 'MEMBER',
  });
  const link = await askToJoin(worker, gym.id);
  await put(owner, `/web/gym-member/${link.id}`, { status: 'ACTIVE', gymAuthId: set.id });

  await page.goto('/setting/gym/permission?lng=ko');
  await expect(page.getByRole('heading', { name: '권한 설정', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: '트레이너 삭제' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '삭제' }).click();
  const error = page.getByRole('dialog', { name: '권한을 변경하지 못했습니다' });
  await expect(error).toContainText('이 권한을 사용하는 직원이 있습니다');
  await error.getByRole('button', { name: '확인' }).click();
  await expect(page.getByRole('checkbox', { name: '회원 조회: 트레이너' })).toBeChecked();
});

test('the representative approves a worker with a chosen set, then suspends and reactivates them', async ({
  page,
  playwright,
  request,
  baseURL,
}) => {
  const { owner, gym } = await representative({ page, playwright, request, baseURL }, 'Staff');
  const set = await createSet(owner, gym, 'Trainers');
  const worker = await newAccount(playwright, request, baseURL!, {
    prefix: 'wrk',
    name: 'Jin Worker',
    authCode: 'MEMBER',
  });
  const link = await askToJoin(worker, gym.id);

  await page.goto('/setting/gym/worker/detail?lng=en');
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
  const requests = page
    .locator('.ant-card')
    .filter({ has: page.getByRole('heading', { name: 'Requests to join' }) });
  const row = requests.getByRole('row').filter({ hasText: 'Jin Worker' });
  await expect(row).toContainText(worker.userId);
  // The facility's default set is preselected; the representative picks another.
  const chooser = row.getByRole('combobox', { name: 'Permission set for Jin Worker' });
  await expect(row.getByTitle('기본 권한')).toBeVisible();
  await chooser.click({ force: true });
  await page.getByTitle('Trainers', { exact: true }).last().click();
  await expect(row.getByTitle('Trainers')).toBeVisible();
  await row.getByRole('button', { name: 'Approve' }).click();
  let dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Approve Jin Worker with the permission set "Trainers"?');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(requests.getByText('No pending requests')).toBeVisible();

  const staff = page
    .locator('.ant-card')
    .filter({ has: page.getByRole('heading', { name: 'Staff', level: 2 }) });
  const member = staff.getByRole('row').filter({ hasText: 'Jin Worker' });
  await expect(member.getByText('Active')).toBeVisible();
  await expect(member.getByTitle('Trainers')).toBeVisible();
  expect(await getJson(owner, `/web/gym-member/${link.id}`)).toMatchObject({
    status: 'ACTIVE',
    gymAuthId: set.id,
  });
  await expectNoSeriousViolations(page);

  await member.getByRole('button', { name: 'Suspend' }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Suspend Jin Worker?');
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(member.getByText('Suspended')).toBeVisible();
  expect(await getJson(owner, `/web/gym-member/${link.id}`)).toMatchObject({ status: 'INACTIVE' });

  await member.getByRole('button', { name: 'Reactivate' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reactivate' }).click();
  await expect(member.getByText('Active')).toBeVisible();
  expect(await getJson(owner, `/web/gym-member/${link.id}`)).toMatchObject({ status: 'ACTIVE' });
});

test('the representative invites by exact user id, confirming the masked name first, and the invitee accepts on HOME', async ({
  page,
  playwright,
  request,
  baseURL,
  browser,
}) => {
  const { gym } = await representative({ page, playwright, request, baseURL }, 'Invite');
  const invitee = await newAccount(playwright, request, baseURL!, {
    prefix: 'inv',
    name: 'Mina Invitee',
    authCode: 'MEMBER',
  });
  // Until the person accepts, the facility sees the name masked as server/modules/audit/mask.ts maskName does: the
  // first and last letters, a star for each of the 10 between.
  const masked = 'M**********e';
  await page.goto('/setting/gym/worker/detail?lng=en');
  await page.getByRole('button', { name: 'Invite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite by user id' });
  await expect(dialog.getByRole('button', { name: 'Send invitation' })).toBeDisabled();
  await dialog.getByLabel('User id').fill(`${invitee.userId}x`);
  await dialog.getByLabel('User id').press('Enter');
  await expect(dialog.getByText('No worker account has this user id.')).toBeVisible();
  await dialog.getByLabel('User id').fill(invitee.userId);
  await dialog.getByLabel('User id').press('Enter');
  await expect(dialog.getByText(masked, { exact: true })).toBeVisible();
  await expect(dialog.getByText(/^010-\*\*\*\*-\d{4}$/)).toBeVisible();
  await expect(dialog.getByText('Mina Invitee')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`${masked} was invited.`)).toBeVisible();

  // The staff page lists the invitation, masked, with a way to withdraw it; the real name shows nowhere.
  const invitations = page
    .locator('.ant-card')
    .filter({ has: page.getByRole('heading', { name: 'Invitations sent', level: 2 }) });
  const sent = invitations.getByRole('row').filter({ hasText: invitee.userId });
  await expect(sent).toContainText(masked);
  await expect(sent.getByText('Invited', { exact: true })).toBeVisible();
  await expect(sent.getByRole('button', { name: 'Withdraw' })).toBeVisible();
  await expect(page.getByText('Mina Invitee')).toHaveCount(0);
  await expectNoSeriousViolations(page);

  // The invitee, in a browser of their own, accepts on HOME.
  const context = await browser.newContext({ baseURL });
  try {
    const home = await context.newPage();
    await signInPage(home, invitee);
    await home.goto('/?lng=en');
    const card = home.locator('.ant-card').filter({ hasText: 'Invitations' });
    await expect(card).toContainText(`${gym.name} invited you to join its staff.`);
    await card.getByRole('button', { name: 'Accept' }).click();
    const confirm = home.getByRole('dialog');
    await expect(confirm).toContainText(`Join the staff of ${gym.name}?`);
    await confirm.getByRole('button', { name: 'Accept' }).click();
    await expect(home.getByText(`You joined the staff of ${gym.name}.`)).toBeVisible();
    await expect(home.getByText(`${gym.name} invited you to join its staff.`)).toHaveCount(0);
    // The facility is now theirs to work in: in their list, and selected.
    await expect(home.getByRole('article').getByRole('heading', { name: gym.name, level: 2 })).toBeVisible();
    const mine = await home.request.get('/web/member/validate');
    const me = (await mine.json()).data as { id: number };
    const facilities = await home.request.get(`/web/member/gym-list/${me.id}`);
    expect(((await facilities.json()).data as { id: number }[]).map((g) => g.id)).toContain(gym.id);
  } finally {
    await context.close();
  }

  // The representative now sees them as staff, by their real name, and no invitation is left.
  await page.reload();
  const staff = page
    .locator('.ant-card')
    .filter({ has: page.getByRole('heading', { name: 'Staff', level: 2 }) });
  const member = staff.getByRole('row').filter({ hasText: 'Mina Invitee' });
  await expect(member).toContainText(invitee.userId);
  await expect(member.getByText('Active')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Invitations sent' })).toHaveCount(0);
  await expect(page.getByText(masked)).toHaveCount(0);
});

test('a refused request leaves the list (ko)', async ({ page, playwright, request, baseURL }) => {
  const { owner, gym } = await representative({ page, playwright, request, baseURL }, 'Refuse');
  const worker = await newAccount(playwright, request, baseURL!, {
    prefix: 'ref',
    name: '거절될',
    authCode: 'MEMBER',
  });
  const link = await askToJoin(worker, gym.id);
  await page.goto('/setting/gym/worker/detail?lng=ko');
  const row = page.getByRole('row').filter({ hasText: '거절될' });
  await row.getByRole('button', { name: '거절' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('거절될 님의 요청을 거절할까요?');
  await dialog.getByRole('button', { name: '거절' }).click();
  await expect(page.getByText('대기 중인 요청이 없습니다')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '거절될' })).toHaveCount(0);
  expect(await getJson(owner, `/web/gym-member/${link.id}`)).toMatchObject({ status: 'QUIT' });
});

for (const t of [
  {
    lng: 'en',
    title: 'Facility settings',
    info: 'Facility information',
    meaning: 'The business is verified and the facility is in use.',
    close: 'Close facility',
    dialog: (name: string) => `Close "${name}"?`,
    label: (name: string) => `Type the facility name "${name}" to confirm`,
    confirm: 'Close the facility',
    mismatch: 'The name does not match.',
  },
  {
    lng: 'ko',
    title: '시설 설정',
    info: '시설 정보',
    meaning: '사업자 인증이 완료되어 이용 중인 시설입니다.',
    close: '시설 폐업',
    dialog: (name: string) => `"${name}" 시설을 폐업할까요?`,
    label: (name: string) => `확인을 위해 시설명 "${name}"을(를) 입력하세요`,
    confirm: '시설 폐업',
    mismatch: '시설명이 일치하지 않습니다.',
  },
] as const) {
  test(`the facility page shows its info and closes only after the name is typed exactly (${t.lng})`, async ({
    page,
    playwright,
    request,
    baseURL,
  }) => {
    const { owner, gym } = await representative({ page, playwright, request, baseURL }, `Close${t.lng}`);
    await page.goto(`/setting/gym?lng=${t.lng}`);
    await expect(page.getByRole('heading', { name: t.title, level: 1 })).toBeVisible();
    const info = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: t.info }) });
    await expect(info).toContainText(gym.name);
    await expect(info).toContainText('123-45-67890');
    await expect(page.getByText(t.meaning)).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.getByRole('button', { name: t.close }).click();
    const dialog = page.getByRole('dialog', { name: t.dialog(gym.name) });
    const confirm = dialog.getByRole('button', { name: t.confirm });
    await expect(confirm).toBeDisabled();
    const field = dialog.getByLabel(t.label(gym.name));
    await field.fill(gym.name.toUpperCase());
    await expect(dialog.getByText(t.mismatch)).toBeVisible();
    await expect(confirm).toBeDisabled();
    await field.fill(gym.name);
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expect(page).toHaveURL(/\/$/);
    expect(await getJson<{ gymStatus: string }>(owner, `/web/gym/${gym.id}`)).toMatchObject({
      gymStatus: 'QUIT',
    });
  });

  test(`a worker without the representative set reads "No access permission." on the settings (${t.lng})`, async ({
    page,
    playwright,
    request,
    baseURL,
  }) => {
    const owner = await newAccount(playwright, request, baseURL!, {
      prefix: 'own',
      name: 'Owner',
      authCode: 'ADMIN',
    });
    const gym = await createGym(owner, `Guarded ${owner.userId}`, 'REQUEST');
    await put(operator, `/web/gym/${gym.id}`, { gymStatus: 'ACTIVE' });
    const worker = await newAccount(playwright, request, baseURL!, {
      prefix: 'nor',
      name: 'No Rights',
      authCode: 'MEMBER',
    });
    const link = await askToJoin(worker, gym.id);
    await put(owner, `/web/gym-member/${link.id}`, { status: 'ACTIVE' });
    await signInPage(page, worker);
    const denied = t.lng === 'en' ? 'No access permission.' : '접근 권한이 없습니다.';
    // One door rule: the generic screens of the same data refuse like their settings page.
    for (const path of [
      '/setting/gym',
      '/setting/gym/permission',
      '/setting/gym/worker/detail',
      '/gym-auth',
      '/gym-auth-member',
    ]) {
      await page.goto(`${path}?lng=${t.lng}`);
      await expect(page.getByRole('heading', { name: denied })).toBeVisible();
    }
    // The side menu offers no settings entry, and the server refuses the calls too.
    await expect(page.getByRole('navigation').getByRole('link', { name: t.title })).toHaveCount(0);
    expect((await page.request.delete(`/web/gym/${gym.id}`)).status()).toBe(403);
  });
}
