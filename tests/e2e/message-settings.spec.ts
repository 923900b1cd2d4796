import {
  type APIRequestContext,
  type Browser,
  expect,
  type Page,
  type PlaywrightWorkerArgs,
  test,
} from '@playwright/test';
import { solidPng } from '../../server/seed/demo-files.ts';
import en from '../../src/i18n/locales/features/messageSettings.en.json' with { type: 'json' };
import {
  type ApiSession,
  approvedAddOn,
  choose,
  createGym,
  expectNoSeriousViolations,
  type Gym,
  getJson,
  newAccount,
  OPERATOR,
  put,
  signIn,
  signInPage,
} from './resource-helpers.ts';

// The messaging settings (issue 29), in English: a sender number registered with its proof and approved by the
// operator in /admin, an 알림톡 template written and sent to review, an automatic message switched on with its
// hour. Seeding goes through the API; each test has its own representative and facility.
test.describe.configure({ timeout: 120_000 });

type Playwright = PlaywrightWorkerArgs['playwright'];
type Fixtures = { page: Page; playwright: Playwright; request: APIRequestContext; baseURL?: string };

const SHOTS = process.env.E2E_SHOTS_DIR;
const PNG = solidPng(4, 4, [40, 120, 200]);

let operator: ApiSession;
test.beforeAll(async ({ playwright, baseURL }) => {
  operator = await signIn(playwright, baseURL!, OPERATOR);
});

/** A representative with one verified facility, signed in on the page. */
const representative = async ({ page, playwright, request, baseURL }: Fixtures, name: string) => {
  const owner = await newAccount(playwright, request, baseURL!, { prefix: 'msg', name, authCode: 'ADMIN' });
  const gym = await createGym(owner, `${name} Fitness ${owner.userId}`, 'REQUEST');
  await put(operator, `/web/gym/${gym.id}`, { gymStatus: 'ACTIVE' });
  await signInPage(page, owner);
  return { owner, gym };
};

const openAs = async (browser: Browser, baseURL: string, account: { userId: string; password: string }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInPage(page, account);
  return page;
};

/** Screenshots at a phone's and a desk's width, when E2E_SHOTS_DIR names a folder. */
const shoot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

const connectChannel = async (owner: ApiSession, gym: Gym) => {
  const response = await owner.api.put('/web/message/kakao', {
    data: { gymId: gym.id, searchId: '@fitdesk', profileKey: 'KA01PF-test-key' },
  });
  expect(response.status(), await response.text()).toBe(200);
};

test('a sender number registered with its proof is approved by the operator in /admin, and the facility sees it approved', async ({
  page,
  browser,
  playwright,
  request,
  baseURL,
}) => {
  const { owner, gym } = await representative({ page, playwright, request, baseURL }, 'Sender');
  await page.goto('/setting/gym/messagesender?lng=en');
  await expect(page.getByRole('heading', { name: en.senders.title, level: 1 })).toBeVisible();
  // No MESSAGE add-on yet: the page still says the provider is in test mode (GET /web/message/status).
  await expect(page.getByText(en.testMode, { exact: true })).toBeVisible();
  await expect(page.getByText(en.senders.onlyApproved)).toBeVisible();
  await expect(page.getByText(en.senders.empty)).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: en.menu.senders }),
  ).toBeVisible();

  await page.getByRole('button', { name: en.senders.add }).click();
  const dialog = page.getByRole('dialog', { name: en.senders.form.title });
  // The browser's check mirrors the server's: 7 digits are refused before anything is sent.
  await dialog.getByLabel(en.senders.form.phone).fill('1234567');
  await dialog.getByRole('button', { name: en.senders.form.submit }).click();
  await expect(dialog.getByText(en.senders.form.invalidFormat)).toBeVisible();
  await expect(dialog.getByText('Attach this document.')).toBeVisible();

  await dialog.getByLabel(en.senders.form.phone).fill('02-555-1234');
  await dialog.getByLabel(en.senders.form.label).fill('Front desk');
  await dialog
    .getByLabel(en.senders.form.proofFile, { exact: true })
    .setInputFiles({ name: 'certificate.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByText(/certificate\.png/)).toBeVisible();
  await dialog.getByRole('button', { name: en.senders.form.submit }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: '02-555-1234' });
  await expect(row.getByText(en.review.REQUEST)).toBeVisible();
  await expect(row.getByText('Front desk')).toBeVisible();
  await expectNoSeriousViolations(page);
  await shoot(page, 'senders-request');

  // The operator opens the queue, the documents, and approves.
  const admin = await openAs(browser, baseURL!, OPERATOR);
  await admin.goto('/admin/review/message-senders?lng=en');
  await expect(admin.getByRole('heading', { name: en.admin.senders.title, level: 1 })).toBeVisible();
  const queued = admin.getByRole('row').filter({ hasText: gym.name });
  await expect(queued.getByText(en.review.REQUEST)).toBeVisible();
  await queued.getByRole('button', { name: en.admin.open }).click();
  await expect(admin.getByRole('img', { name: en.senders.form.proofFile })).toBeVisible();
  await shoot(admin, 'admin-senders');
  await queued.getByRole('button', { name: en.admin.decision.APPROVE, exact: true }).click();
  const confirm = admin.getByRole('dialog');
  await confirm.getByRole('button', { name: en.admin.decision.APPROVE, exact: true }).click();
  await expect(confirm).toBeHidden();
  await admin.context().close();

  const senders = await getJson<{ phone: string; status: string }[]>(
    owner,
    `/web/message/sender?gymId=${gym.id}`,
  );
  expect(senders).toEqual([expect.objectContaining({ phone: '025551234', status: 'APPROVE' })]);
  await page.reload();
  await expect(
    page.getByRole('row').filter({ hasText: '02-555-1234' }).getByText(en.review.APPROVE),
  ).toBeVisible();
  await shoot(page, 'senders-approved');
});

test('an 알림톡 template is written with variables and its fallback, and goes to review', async ({
  page,
  playwright,
  request,
  baseURL,
}) => {
  const { owner, gym } = await representative({ page, playwright, request, baseURL }, 'Template');
  await connectChannel(owner, gym);
  await approvedAddOn(owner, operator, gym.id, 'MESSAGE');
  await page.goto('/setting/gym/kakaochannel?lng=en');
  await expect(page.getByRole('heading', { name: en.channel.pageTitle, level: 1 })).toBeVisible();
  await expect(page.getByText(en.testMode, { exact: true })).toBeVisible();
  await expect(page.getByText('@fitdesk')).toBeVisible();
  await shoot(page, 'channel');
  await page.getByRole('tab', { name: en.tabs.templates }).click();
  await expect(page.getByText(en.templates.empty)).toBeVisible();
  await page.getByRole('button', { name: en.templates.new }).click();
  const drawer = page.getByRole('dialog', { name: en.templates.newTitle });
  await drawer.getByLabel(en.templates.name).fill('Pass ending');
  const content = drawer.getByLabel(en.templates.content);
  await content.fill('안녕하세요 ');
  await drawer.getByRole('button', { name: '#{이름}' }).first().click();
  await expect(content).toHaveValue('안녕하세요 #{이름}');
  // An unknown variable is refused in the browser as the server would.
  await content.fill('#{이름}님 #{나이}');
  await drawer.getByLabel(en.templates.fallback).fill('#{이름}님, 이용권이 곧 끝납니다.');
  await drawer.getByRole('button', { name: en.templates.submit }).click();
  await expect(drawer.getByText('Unknown variable: 나이')).toBeVisible();
  await content.fill('#{이름}님, #{이용권} 이용권이 #{종료일}에 끝납니다.');
  await expect(drawer.getByTestId('byte-counter')).toContainText('SMS');
  await shoot(page, 'template-form');
  await drawer.getByRole('button', { name: en.templates.submit }).click();
  await expect(drawer).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: 'Pass ending' });
  await expect(row.getByText(en.review.REQUEST)).toBeVisible();
  await expect(row.getByRole('button', { name: 'Edit Pass ending' })).toBeVisible();
  const templates = await getJson<{ name: string; status: string; fallbackText: string | null }[]>(
    owner,
    `/web/message/kakao/template?gymId=${gym.id}`,
  );
  expect(templates).toEqual([
    expect.objectContaining({
      name: 'Pass ending',
      status: 'REQUEST',
      fallbackText: '#{이름}님, 이용권이 곧 끝납니다.',
    }),
  ]);
  await expectNoSeriousViolations(page);
  await shoot(page, 'templates');
});

test('an automatic message is switched on with its send hour; the advertising ones say so', async ({
  page,
  playwright,
  request,
  baseURL,
}) => {
  const { owner, gym } = await representative({ page, playwright, request, baseURL }, 'Auto');
  await page.goto('/setting/gym/kakaochannel?tab=auto&lng=en');
  await expect(page.getByText(en.auto.explainSms)).toBeVisible();
  // The twelve kinds, the two advertising ones tagged.
  await expect(page.getByRole('button', { name: new RegExp(en.auto.kinds.BIRTHDAY.name) })).toBeVisible();
  await expect(page.getByText(en.auto.advertising, { exact: true })).toHaveCount(2);
  await shoot(page, 'auto-list');

  await page.getByRole('button', { name: new RegExp(en.auto.kinds.PASS_END_7.name) }).click();
  const form = page.getByRole('form', { name: en.auto.kinds.PASS_END_7.name });
  await form.getByRole('switch', { name: `${en.auto.kinds.PASS_END_7.name} on` }).click();
  // The hour sits below the fold of a desk screen once the form opens.
  await form.getByRole('combobox', { name: en.auto.sendHour }).scrollIntoViewIfNeeded();
  await choose(page, en.auto.sendHour, '09:00');
  await shoot(page, 'auto-form');
  await form.getByRole('button', { name: en.auto.save }).click();
  await expect(page.getByTestId('auto-state-PASS_END_7')).toHaveText(en.auto.on);

  const auto = await getJson<{ kind: string; enabled: boolean; sendHour: number; saved: boolean }[]>(
    owner,
    `/web/message/auto?gymId=${gym.id}`,
  );
  expect(auto).toHaveLength(12);
  expect(auto.find((setting) => setting.kind === 'PASS_END_7')).toEqual(
    expect.objectContaining({ enabled: true, sendHour: 9, saved: true }),
  );
  await page.reload();
  await expect(page.getByTestId('auto-state-PASS_END_7')).toHaveText(en.auto.on);
  await expectNoSeriousViolations(page);
});
