import { expect, test } from '@playwright/test';
import lockersEn from '#src/i18n/locales/features/lockers.en.json' with { type: 'json' };
import {
  type ApiSession,
  approvedAddOn,
  createGym,
  expectNoSeriousViolations,
  newAccount,
  OPERATOR,
  put,
  signIn,
  signInPage,
  uniqueMobile,
} from '../resource-helpers.ts';

// Lockers (issue 14) on the server whose clock the test can move (TEST_CLOCK; docs/architecture.md#configuration):
// the desk rents a free locker from the map and sees it change; a month and more later the rental is "expired, not
// returned" on the map and in its list, and the locker is still held. Rules are proven in tests/api/locker.test.ts.
test.describe.configure({ timeout: 180_000 });

const l = lockersEn;

const post = async (session: ApiSession, path: string, data: unknown, status = 201) => {
  const response = await session.api.post(path, { data });
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()).data;
};

test.afterAll(async ({ request }) => {
  // The clock goes back to the real time for whatever runs next on this server.
  await request.put('/web/test-clock', { data: { offsetDays: 0 } });
});

test('the desk rents a locker from the map; after the end it stays "expired, not returned" (en)', async ({
  page,
  playwright,
  request,
  baseURL,
}) => {
  await request.put('/web/test-clock', { data: { offsetDays: 0 } });
  const operator = await signIn(playwright, baseURL!, OPERATOR);
  const owner = await newAccount(playwright, request, baseURL!, {
    prefix: 'lck',
    name: '락커대표',
    authCode: 'ADMIN',
  });
  const gym = await createGym(owner, `락커 테스트 ${owner.userId}`, 'REQUEST');
  await put(operator, `/web/gym/${gym.id}`, { gymStatus: 'ACTIVE' });
  await approvedAddOn(owner, operator, gym.id, 'LOCKER');
  const room = await post(owner, '/web/locker/room', { gymId: gym.id, name: '남자 탈의실' });
  await post(owner, '/web/locker/bank', {
    gymId: gym.id,
    roomId: room.id,
    name: 'A열',
    rows: 2,
    cols: 5,
    startNumber: 1,
    prefix: 'M-',
    skipNumbers: [4],
    size: 'SMALL',
  });
  const product = await post(owner, '/web/ticket', {
    gymId: gym.id,
    name: '헬스 1개월',
    periodAmount: 1,
    periodUnit: 'MONTH',
    originPrice: 100_000,
    salePrice: 90_000,
  });
  const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
  const renter = await post(owner, `/web/member/customer?gymId=${gym.id}`, {
    name: '한락커',
    phone: uniqueMobile(),
  });
  await post(owner, '/web/ticket-issue/sell', {
    gymId: gym.id,
    memberId: renter.id,
    ticketId: product.id,
    startDate: today,
    payments: [{ method: 'CARD', amount: 90_000 }],
  });

  await signInPage(page, owner);
  await page.goto('/locker?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: l.title })).toBeVisible();
  // The skipped number is passed over: M-003 is followed by M-005.
  await expect(page.getByRole('button', { name: /^M-005, free/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^M-004,/ })).toHaveCount(0);
  await expectNoSeriousViolations(page);

  // 1. Rent M-001: the customer, the fee (the end follows the pass), a combination shown once.
  await page.getByRole('button', { name: /^M-001, free/ }).click();
  const drawer = page.getByRole('dialog', { name: l.rent.title.replace('{{label}}', 'M-001') });
  await drawer.getByRole('combobox', { name: l.rent.customer }).fill('한락');
  await page.locator('.ant-select-item-option').filter({ hasText: '한락커' }).click();
  await drawer.getByLabel(l.rent.fee).fill('30000');
  await drawer.getByLabel(l.rent.combination).fill('4321');
  await drawer.getByRole('button', { name: l.rent.submit }).click();
  const shown = page.getByRole('dialog', { name: l.combination.title.replace('{{label}}', 'M-001') });
  await expect(shown).toContainText('4321');
  await shown.getByRole('button', { name: l.combination.done }).click();

  // 2. The map changes: M-001 in use, with the masked name.
  await expect(page.getByRole('button', { name: /^M-001, in use, 한\*커/ })).toBeVisible();

  // 3. Forty days later (the clock moves; the session from before has long ended): expired, not returned.
  const moved = await request.put('/web/test-clock', { data: { offsetDays: 40 } });
  expect(moved.status()).toBe(200);
  await signInPage(page, owner);
  await page.goto('/locker?lng=en');
  await expect(page.getByRole('button', { name: /^M-001, expired, not returned, 한\*커/ })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('tab', { name: l.tabs.expired }).click();
  await expect(page.getByRole('row').filter({ hasText: 'M-001' })).toBeVisible();
  // Expiry never frees the locker: renting it again is refused until the desk ends the rental.
  // The API session from before the move has ended too: sign in again.
  const desk = await signIn(playwright, baseURL!, { userId: owner.userId, password: owner.password });
  const map = (await (await desk.api.get(`/web/locker/map/${gym.id}`)).json()).data as {
    lockers: { id: number; label: string }[];
  };
  const m001 = map.lockers.find((x) => x.label === 'M-001')!;
  const other = await post(desk, `/web/member/customer?gymId=${gym.id}`, {
    name: '두번째',
    phone: uniqueMobile(),
  });
  const later = new Date(Date.now() + 9 * 3_600_000 + 40 * 86_400_000).toISOString().slice(0, 10);
  const again = await desk.api.post('/web/locker/rental', {
    data: { gymId: gym.id, lockerId: m001.id, memberId: other.id, startDate: later, endDate: later, fee: 0 },
  });
  expect(again.status(), await again.text()).toBe(409);
});
