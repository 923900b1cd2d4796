import { expect, type Page, test } from '@playwright/test';
import { maskName } from '#domain/rules/entry.ts';
import entriesEn from '#src/i18n/locales/features/entries.en.json' with { type: 'json' };
import kioskEn from '#src/i18n/locales/features/kiosk.en.json' with { type: 'json' };
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
} from './resource-helpers.ts';

// The check-in kiosk (issue 14), on a tablet, as the front desk runs it: one customer checks in with the last 4
// digits of the phone, another with a membership card; a customer on hold is refused with the date, and a staff
// member lets them in with a note; the entry list shows all of it; leaving the kiosk needs a password. Seeding goes
// through the API; every rule is proven in tests/api/entry.test.ts and domain/rules/entry.test.ts.
test.describe.configure({ timeout: 180_000 });

const k = kioskEn;
const e = entriesEn;

let operator: ApiSession;
test.beforeAll(async ({ playwright, baseURL }) => {
  operator = await signIn(playwright, baseURL!, OPERATOR);
});

const post = async (session: ApiSession, path: string, data: unknown, status = 201) => {
  const response = await session.api.post(path, { data });
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()).data;
};

/** The Seoul calendar day of an instant, shifted by whole days. */
const seoulDay = (offsetDays = 0) =>
  new Date(Date.now() + 9 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

const typeDigits = async (page: Page, digits: string) => {
  await page.getByRole('tab', { name: k.tabs.phone }).click();
  const keypad = page.getByRole('tabpanel');
  for (const digit of digits) await keypad.getByRole('button', { name: digit, exact: true }).click();
  await keypad.getByRole('button', { name: k.phone.ok }).click();
};

test('customers check in by phone digits and by card; a hold is refused with its date and let in by staff (en)', async ({
  page,
  playwright,
  request,
  baseURL,
}) => {
  const owner = await newAccount(playwright, request, baseURL!, {
    prefix: 'ent',
    name: '출입대표',
    authCode: 'ADMIN',
  });
  const gym = await createGym(owner, `출입 테스트 ${owner.userId}`, 'REQUEST');
  await put(operator, `/web/gym/${gym.id}`, { gymStatus: 'ACTIVE' });
  await approvedAddOn(owner, operator, gym.id, 'ENTER');
  const product = await post(owner, '/web/ticket', {
    gymId: gym.id,
    name: '헬스 3개월',
    periodAmount: 3,
    periodUnit: 'MONTH',
    originPrice: 300_000,
    salePrice: 270_000,
  });
  const today = seoulDay();
  const customer = async (name: string, extra: Record<string, unknown> = {}) => {
    const phone = uniqueMobile();
    const made = await post(owner, `/web/member/customer?gymId=${gym.id}`, { name, phone, ...extra });
    const pass = await post(owner, '/web/ticket-issue/sell', {
      gymId: gym.id,
      memberId: made.id,
      ticketId: product.id,
      startDate: today,
      payments: [{ method: 'CARD', amount: 270_000 }],
    });
    return {
      id: made.id as number,
      name,
      digits: phone.replace(/\D/g, '').slice(-4),
      passId: pass.id as number,
    };
  };
  const card = `FD-${Date.now().toString().slice(-6)}`;
  const byPhone = await customer('김민수');
  const byCard = await customer('이서연', { cardNumber: card });
  const held = await customer('박지훈');
  // Owes 170,000 of the pass: refused while the facility blocks an unpaid balance.
  const owingPhone = uniqueMobile();
  const owing = await post(owner, `/web/member/customer?gymId=${gym.id}`, {
    name: '최미납',
    phone: owingPhone,
  });
  await post(owner, '/web/ticket-issue/sell', {
    gymId: gym.id,
    memberId: owing.id,
    ticketId: product.id,
    startDate: today,
    payments: [{ method: 'CARD', amount: 100_000 }],
    leaveUnpaid: 170_000,
  });
  const holdEnd = seoulDay(9);
  await post(
    owner,
    `/web/ticket-issue/${held.passId}/hold`,
    { startDate: today, endDate: holdEnd, reason: '출장' },
    200,
  );

  await signInPage(page, owner);
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto('/entry?lng=en');
  await page.getByRole('button', { name: k.start.button }).click();
  await expect(page.getByRole('tablist', { name: k.wait.methods })).toBeVisible();
  // The kiosk shows no staff data and no way around: no side menu, no header.
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expectNoSeriousViolations(page);

  // 1. The last 4 digits of the phone.
  await typeDigits(page, byPhone.digits);
  const allowed = page.getByRole('status', { name: k.result.allowedRegion });
  await expect(allowed).toContainText(k.result.welcome.replace('{{name}}', maskName(byPhone.name)));
  await expect(allowed).toContainText('헬스 3개월');
  await expectNoSeriousViolations(page);
  // The result goes back to waiting by itself.
  await expect(allowed).toBeHidden({ timeout: 10_000 });

  // 2. A membership card.
  await page.getByRole('tab', { name: k.tabs.card }).click();
  await page.getByRole('textbox', { name: k.card.label }).fill(card);
  await page.getByRole('button', { name: k.card.submit }).click();
  await expect(page.getByRole('status', { name: k.result.allowedRegion })).toContainText(
    k.result.welcome.replace('{{name}}', maskName(byCard.name)),
  );
  await expect(page.getByRole('status', { name: k.result.allowedRegion })).toBeHidden({ timeout: 10_000 });

  // 3. On hold: refused with the hold's last day, in plain words; a staff member lets them in with a note.
  await typeDigits(page, held.digits);
  const refused = page.getByRole('status', { name: k.result.refusedRegion });
  await expect(refused).toContainText(k.reason.onHold.replace('{{date}}', ''));
  // Both languages say it: "On hold until December 5, 2026" and "2026년 12월 5일까지 정지 중입니다".
  const [y, m, d] = holdEnd.split('-').map(Number);
  await expect(refused).toContainText(`${y}년 ${m}월 ${d}일`);
  await page.getByRole('button', { name: k.result.override }).click();
  const dialog = page.getByRole('dialog', { name: k.override.title });
  await dialog.getByLabel(k.override.userId).fill(owner.userId);
  await dialog.getByLabel(k.override.password).fill(owner.password);
  await dialog.getByLabel(k.override.note).fill('출장 복귀 확인, 오늘만 입장');
  await dialog.getByRole('button', { name: k.override.submit }).click();
  await expect(page.getByRole('status', { name: k.result.overrideRegion })).toBeVisible();
  await expect(page.getByRole('status', { name: k.result.overrideRegion })).toBeHidden({ timeout: 10_000 });

  // 3b. An unpaid balance (issue 27 item 12): the customer is asked to see the front desk, never shown the amount;
  // the staff side names what is owed and the sale it comes from after a staff sign-in.
  await put(owner, `/web/entry-setting/${gym.id}`, { blockUnpaid: true });
  await typeDigits(page, owingPhone.replace(/\D/g, '').slice(-4));
  const unpaid = page.getByRole('status', { name: k.result.refusedRegion });
  await expect(unpaid).toContainText(k.reason.unpaid);
  await expect(unpaid).toContainText('프런트에 문의해 주세요');
  await expect(unpaid).not.toContainText('170');
  await page.getByRole('button', { name: k.result.override }).click();
  const staffSide = page.getByRole('dialog', { name: k.override.title });
  await expect(staffSide).not.toContainText('170');
  await staffSide.getByLabel(k.override.userId).fill(owner.userId);
  await staffSide.getByLabel(k.override.password).fill(owner.password);
  await staffSide.getByRole('button', { name: k.balance.show }).click();
  const owed = staffSide.getByRole('region', { name: k.balance.title });
  await expect(owed).toContainText(k.balance.total.replace('{{amount}}', '170,000'));
  await expect(owed).toContainText('헬스 3개월');
  await expect(owed).toContainText(today);
  await staffSide.getByRole('button', { name: k.override.cancel }).click();
  await put(owner, `/web/entry-setting/${gym.id}`, { blockUnpaid: false });

  // 4. Leaving needs a staff member's password.
  await page.getByRole('button', { name: k.exit.button, exact: true }).click();
  const exit = page.getByRole('dialog', { name: k.exit.title });
  await exit.getByLabel(k.exit.userId).fill(owner.userId);
  await exit.getByLabel(k.exit.password).fill('wrong-password');
  await exit.getByRole('button', { name: k.exit.submit }).click();
  await expect(exit.getByRole('alert')).toBeVisible();
  await exit.getByLabel(k.exit.password).fill(owner.password);
  await exit.getByRole('button', { name: k.exit.submit }).click();
  await expect(page).toHaveURL(/\/$|\/\?/);

  // 5. The entry list shows the three ways in, the refusal and the override with its staff member.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/manage/entryList?lng=en');
  const rowOf = (name: string) => page.getByRole('row').filter({ hasText: name });
  await expect(rowOf(byPhone.name)).toHaveCount(1);
  await expect(rowOf(byCard.name)).toHaveCount(1);
  await expect(rowOf(held.name)).toHaveCount(2);
  await expect(rowOf(held.name).filter({ hasText: owner.name })).toContainText('출장 복귀 확인');
  await expect(page.getByRole('heading', { level: 1, name: e.list.title })).toBeVisible();
  await expectNoSeriousViolations(page);
});
