import { expect, test } from '@playwright/test';
import customersKo from '#src/i18n/locales/features/customers.ko.json' with { type: 'json' };
import passesKo from '#src/i18n/locales/features/passes.ko.json' with { type: 'json' };
import salesKo from '#src/i18n/locales/features/sales.ko.json' with { type: 'json' };
import trainersKo from '#src/i18n/locales/features/trainers.ko.json' with { type: 'json' };
import ko from '#src/i18n/locales/ko.json' with { type: 'json' };
import { getJson, signIn, signInPage } from './helpers.ts';

// The front desk at work (issue 27 item 8; docs/rules.md#permissions, #access-table), in Korean, as the demo's
// `desk` account, which holds the 프런트 preset: it finds a customer and sells a product at /pay/payment (its
// customer search answers), and /sales/statistics refuses it, naming the finance right and leading back to HOME.
// The server's side of each rule is tests/api/roles.test.ts.
test.describe.configure({ timeout: 300_000 });

const DESK = { userId: 'desk', password: 'desk1234' } as const;
const desk = salesKo.desk;

test('the front desk sells at the desk and is refused the statistics with the right named (ko)', async ({
  page,
  playwright,
  baseURL,
}) => {
  // A product in stock and a customer of the demo facility, read as the desk itself.
  const api = await signIn(playwright, baseURL!, DESK);
  let productName: string;
  let productPrice: number;
  let customerName: string;
  try {
    const gyms = await getJson<{ id: number; gymStatus: string }[]>(api, `/web/member/gym-list/${api.id}`);
    const gymId = gyms.find((g) => g.gymStatus === 'ACTIVE')!.id;
    const catalog = await getJson<{ products: { name: string; stock: number | null; price: number }[] }>(
      api,
      `/web/sales/desk/${gymId}`,
    );
    const product = catalog.products.find((p) => (p.stock ?? 1) > 5 && p.price > 0)!;
    productName = product.name;
    productPrice = product.price;
    const customers = await getJson<{ name: string }[]>(
      api,
      `/web/member/total-list?gymId=${gymId}&segment=active&_start=0&_end=1`,
    );
    customerName = customers[0]!.name;
  } finally {
    await api.api.dispose();
  }

  await signInPage(page, DESK);

  // ── 1. /pay/payment: search a customer, add a product, pay it in full by card ──────────────────────────
  await page.goto('/pay/payment?lng=ko');
  await expect(page.getByRole('heading', { level: 1, name: desk.title })).toBeVisible();
  const who = page.getByRole('combobox', { name: desk.customer.label });
  await who.click();
  await who.fill(customerName);
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .getByTitle(new RegExp(`^${customerName}`))
    .first()
    .click();
  const addProduct = page.getByRole('combobox', { name: desk.items.addProduct });
  await addProduct.click({ force: true });
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .getByTitle(new RegExp(`^${productName}`))
    .first()
    .click();
  await expect(page.getByRole('list', { name: desk.items.title }).getByRole('listitem')).toHaveCount(1);
  // docs/rules.md#leave-unpaid: the first payment line starts at the whole amount (card, its default method).
  await expect(page.getByRole('spinbutton', { name: `${desk.payment.amount} 1` })).toHaveValue(
    productPrice.toLocaleString('en-US'),
  );
  await page.getByRole('button', { name: new RegExp(`^${desk.payment.confirm}`) }).click();
  const confirm = page.getByRole('dialog', { name: desk.confirm.title });
  await confirm.getByRole('button', { name: desk.confirm.ok }).click();
  await expect(page.getByText(desk.result.title)).toBeVisible();

  // ── 2. /sales/statistics: refused, the finance right named, a way back to HOME ───────────────────────
  await page.goto('/sales/statistics?lng=ko');
  await expect(page.getByRole('heading', { level: 1, name: ko.guard.noAccess.title })).toBeVisible();
  await expect(page.getByTestId('missing-right')).toHaveText(
    ko.guard.noAccess.missing.replace('{{right}}', ko['gym-auth'].fields.financeUseYn),
  );
  await page.getByRole('button', { name: ko.buttons.goHome }).click();
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await expect(page.getByRole('heading', { level: 1, name: ko.guard.noAccess.title })).toHaveCount(0);
});

// A trainer on a phone (issue 27 items 8 and 10; docs/rules.md#permissions, #trainer-pay), as the demo's `staff`
// account with the 트레이너 preset: a customer's page shows the passes to hold or adjust but nothing that takes or
// gives back money, the customer list holds only the trainer's own customers (a colleague's page is "not found"),
// and the trainers page shows no colleague's pay rule and no way to add one.
test("a trainer on a phone works with passes but never with money or a colleague's pay (ko)", async ({
  page,
  playwright,
  baseURL,
}) => {
  const STAFF = { userId: 'staff', password: 'staff1234' } as const;
  const api = await signIn(playwright, baseURL!, STAFF);
  const owner = await signIn(playwright, baseURL!, { userId: 'demo', password: 'demo1234' });
  let customerId: number;
  let colleagues: { id: number; name: string };
  try {
    const gyms = await getJson<{ id: number; gymStatus: string }[]>(api, `/web/member/gym-list/${api.id}`);
    const gymId = gyms.find((g) => g.gymStatus === 'ACTIVE')!.id;
    const customers = await getJson<{ id: number }[]>(
      api,
      `/web/member/total-list?gymId=${gymId}&segment=active&_start=0&_end=1`,
    );
    customerId = customers[0]!.id;
    // A customer assigned to another trainer, found as the representative (docs/rules.md#customer-reach).
    const all = await getJson<{ id: number; name: string; trainerMemberId: number | null }[]>(
      owner,
      `/web/member/total-list?gymId=${gymId}&_start=0&_end=200`,
    );
    // One whose name no other customer has, so the list can be searched for it by name.
    colleagues = all.find(
      (c) =>
        c.trainerMemberId !== null &&
        c.trainerMemberId !== api.id &&
        all.filter((other) => other.name === c.name).length === 1,
    )!;
  } finally {
    await api.api.dispose();
    await owner.api.dispose();
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await signInPage(page, STAFF);

  // ── 1. A customer's passes: hold and adjust, no sale, collection, transfer or refund ────────────────────
  await page.goto(`/memberManage/list/info?id=${customerId}&lng=ko`);
  const card = page.locator('.fd-pass-card').first();
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: passesKo.actions.hold })).toBeVisible();
  await expect(page.getByRole('button', { name: passesKo.sell.open })).toHaveCount(0);
  const more = card.getByRole('button', { name: passesKo.actions.more });
  if (await more.count()) {
    await more.click();
    const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
    await expect(menu.getByRole('menuitem').first()).toBeVisible();
    for (const money of [passesKo.actions.refund, passesKo.actions.collect, passesKo.actions.transfer])
      await expect(menu.getByRole('menuitem', { name: money })).toHaveCount(0);
    await page.keyboard.press('Escape');
  }

  // ── 2. Only their own customers: the list leaves out a colleague's, whose page is "not found" ──────────
  await page.goto(`/memberManage/list?lng=ko`);
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await expect(page.locator('.ant-table-row', { hasText: colleagues.name })).toHaveCount(0);
  await page.goto(`/memberManage/list/info?id=${colleagues.id}&lng=ko`);
  await expect(page.getByText(customersKo.detail.notFound)).toBeVisible();

  // ── 3. /trainer: the colleagues are listed without their pay rule, and no profile can be added ──────────
  await page.goto('/trainer?lng=ko');
  await expect(page.getByRole('heading', { level: 1, name: trainersKo.list.title })).toBeVisible();
  await expect(page.getByText('박코치')).toBeVisible();
  await expect(page.getByText(/회당/)).toHaveCount(1); // their own rule only (이직원: 회당 단가의 40%)
  await expect(page.getByRole('button', { name: trainersKo.list.add })).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
