import { expect, type Page, test } from '@playwright/test';
import settingsEn from '#src/i18n/locales/features/messageSettings.en.json' with { type: 'json' };
import settingsKo from '#src/i18n/locales/features/messageSettings.ko.json' with { type: 'json' };
import {
  type ApiSession,
  choose,
  createGym,
  newAccount,
  OPERATOR,
  put,
  signIn,
  signInPage,
  uniqueMobile,
} from './resource-helpers.ts';

// Issue 29's consents and the operator's prices and top-ups, one browser test per thing a person does: the desk
// records a customer's advertising consent with where it was given, sees its source and time, and withdraws it
// (Korean); the operator saves the prices and tops up a facility's
// credits (English). The rules are proven in tests/api/message-settings.test.ts and the consent API tests.
test.describe.configure({ timeout: 120_000 });

const ko = settingsKo.consent;
const en = settingsEn.admin;

let operator: ApiSession;
let owner: ApiSession;
let gymId: number;
let gymName: string;

test.beforeAll(async ({ playwright, request, baseURL }) => {
  operator = await signIn(playwright, baseURL!, OPERATOR);
  owner = await newAccount(playwright, request, baseURL!, {
    prefix: 'cns',
    name: '동의대표',
    authCode: 'ADMIN',
  });
  gymName = `동의 테스트 ${owner.userId}`;
  const gym = await createGym(owner, gymName, 'REQUEST');
  gymId = gym.id;
  await put(operator, `/web/gym/${gymId}`, { gymStatus: 'ACTIVE' });
});

test.afterAll(async () => {
  await operator?.api.dispose();
  await owner?.api.dispose();
});

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/** The consents card's row of one channel. */
const channelRow = (page: Page, channel: string) =>
  page
    .locator('.ant-card', { has: page.getByText(ko.title, { exact: true }) })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: channel, exact: true }) });

test('the desk records a text-message consent from the consulting tablet, sees when and where, then withdraws it (ko)', async ({
  page,
}) => {
  const response = await owner.api.post(`/web/member/customer?gymId=${gymId}`, {
    data: { name: '정동의', phone: uniqueMobile() },
  });
  expect(response.status(), await response.text()).toBe(201);
  const customer = (await response.json()).data as { id: number };
  await signInPage(page, owner);
  await page.goto(`/memberManage/list/info?id=${customer.id}&lng=ko`);

  const sms = channelRow(page, ko.channels.SMS);
  await expect(sms).toContainText(ko.never);
  await sms.getByRole('button', { name: fill(ko.giveFor, { channel: ko.channels.SMS }) }).click();
  const give = page.getByRole('dialog', { name: fill(ko.giveTitle, { channel: ko.channels.SMS }) });
  await choose(page, ko.source, ko.sources.CONSULT);
  await give.getByRole('button', { name: ko.give }).click();
  await expect(page.getByText(ko.saved)).toBeVisible();
  await expect(give).toBeHidden();
  await expect(sms).toContainText(ko.agreed);
  await expect(sms).toContainText(ko.sources.CONSULT);
  // The time it was given, in Seoul: today's date.
  const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
  await expect(sms).toContainText(new RegExp(today.replaceAll('-', '[.-]')));
  // Night-time consent is a channel of its own, still not given.
  await expect(channelRow(page, ko.channels.NIGHT)).toContainText(ko.never);

  await sms.getByRole('button', { name: fill(ko.withdrawFor, { channel: ko.channels.SMS }) }).click();
  const withdraw = page.getByRole('dialog', { name: fill(ko.withdrawTitle, { channel: ko.channels.SMS }) });
  await withdraw.getByRole('button', { name: ko.withdraw }).click();
  await expect(withdraw).toBeHidden();
  await expect(sms).toContainText(ko.withdrawn);
  await expect(sms).toContainText(ko.sources.DESK);
  // The history keeps both.
  await page.getByRole('button', { name: ko.history }).click();
  await expect(page.getByText(new RegExp(`${ko.channels.SMS}.*${ko.sources.CONSULT}`))).toBeVisible();
});

test('the operator saves the message prices and tops up a facility’s credits (en)', async ({ page }) => {
  await signInPage(page, OPERATOR);
  await page.goto('/admin/operations/messages?lng=en');
  await expect(page.getByRole('heading', { name: en.prices.title })).toBeVisible();

  // The prices are the platform's, shared by every spec running at the same time: the stored ones are saved back
  // unchanged (their bounds are proven in tests/api/message-settings.test.ts).
  await expect(page.getByLabel(en.prices.kinds.SMS)).not.toHaveValue('');
  await page.getByRole('button', { name: en.prices.save }).click();
  await expect(page.getByText(en.prices.saved)).toBeVisible();

  const facility = page.getByRole('combobox', { name: en.facility });
  await facility.fill(gymName);
  await page.getByTitle(`${gymName} (#${gymId})`).click();
  await page.getByLabel(en.topup.amount).fill('30000');
  await page.getByLabel(en.topup.note).fill('e2e top-up');
  await page.getByRole('button', { name: en.topup.submit }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: en.topup.confirmTitle });
  await confirm.getByRole('button', { name: en.topup.submit }).click();
  await expect(page.getByText(/Topped up\. Balance/)).toContainText('30,000');
});
