import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_VERIFICATION } from '../../domain/demo.ts';
import { uploadReviewDocuments } from './helpers.ts';
import {
  type ApiSession,
  createGym,
  expectNoSeriousViolations,
  type Gym,
  getJson,
  newAccount,
  OPERATOR,
  put,
  requestAddOn,
  signIn,
  signInPage,
} from './resource-helpers.ts';

// The operator's review in /admin and "the notice bot" (issue #6 point 7, docs/rules.md#notifications): the
// REQUEST queue oldest first with its documents, rejection with a reason the owner reads, approval after a
// resubmission, and the notifications each decision leaves in the owner's bell. Seeding goes through the API.
test.describe.configure({ timeout: 180_000 });

const REASON = 'The business registration is unreadable.';

/** A one-page PDF, enough for the server's content check and for Chromium's viewer. */
const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const uploadPdf = async (owner: ApiSession) => {
  const response = await owner.api.post('/web/file/upload?type=ETC', {
    multipart: { file: { name: 'employment.pdf', mimeType: 'application/pdf', buffer: TINY_PDF } },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()).data as string[])[0]!;
};

/** A facility sent for review with both required documents (PNG) and the optional one (PDF). */
const submitWithDocuments = async (owner: ApiSession, name: string): Promise<Gym> => {
  const response = await owner.api.post('/web/gym', {
    data: {
      name,
      ...DEMO_VERIFICATION,
      representName: owner.name,
      ...(await uploadReviewDocuments(owner.api)),
      workerIdImgUrl: await uploadPdf(owner),
      gymStatus: 'REQUEST',
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).data as Gym;
};

const openAs = async (browser: Browser, baseURL: string, account: { userId: string; password: string }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInPage(page, account);
  return page;
};

const bell = (page: Page) =>
  page.locator('header.fd-shell-header').getByRole('button', { name: /Notifications|알림/ });

/** The queue's data rows, top to bottom. */
const queueRows = (page: Page, title: string) =>
  page
    .getByRole('region', { name: title })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

test('the operator reviews the oldest request with its documents, rejects it, and approves the resubmission; the owner is notified', async ({
  page,
  browser,
  playwright,
  request,
  baseURL,
}) => {
  const owner = await newAccount(playwright, request, baseURL!, {
    prefix: 'queue',
    name: 'Queue Owner',
    authCode: 'ADMIN',
  });
  const prefix = `Q${owner.userId}`;
  const older = await submitWithDocuments(owner, `${prefix} Older Gym`);
  const newer = await submitWithDocuments(owner, `${prefix} Newer Gym`);

  await signInPage(page, OPERATOR);
  await page.goto('/admin/review/facilities?lng=en');
  await expect(page.getByRole('heading', { name: 'Facility review', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search by facility name' }).fill(prefix);
  await page.getByRole('button', { name: 'Search' }).click();
  const rows = queueRows(page, 'Facility review');
  await expect(rows).toHaveCount(2);
  // Oldest first: the request that has waited longest is on top.
  await expect(rows.nth(0)).toContainText(older.name);
  await expect(rows.nth(1)).toContainText(newer.name);
  await expect(rows.nth(0).getByText('Under review')).toBeVisible();

  // The request opens beside its documents: the PNGs as images, the PDF in a frame.
  await rows.nth(0).getByRole('button', { name: 'Review' }).click();
  const detail = page.getByRole('region', { name: `Verification of "${older.name}"` });
  await expect(detail).toContainText('220-81-62517');
  await expect(detail).toContainText('Queue Owner');
  const registration = detail.getByRole('img', { name: 'Business registration' });
  await expect(registration).toBeVisible();
  await expect.poll(() => registration.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await expectNoSeriousViolations(page);
  await detail.getByText("Manager's ID", { exact: true }).click();
  const frame = detail.locator('iframe[title="Manager\'s ID"]');
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute('src', /^\/web\/file\/[0-9a-f]{32}$/);
  await expect(detail.getByRole('link', { name: "Open Manager's ID in a new tab" })).toBeVisible();

  // Rejecting needs the reason the owner will read.
  await detail.getByRole('button', { name: 'Reject' }).click();
  const reject = page.getByRole('dialog', { name: `Reject "${older.name}"` });
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText('Give the reason for the rejection.')).toBeVisible();
  await reject.getByLabel('Reason for the rejection (the owner reads it)').fill(REASON);
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(rows).toHaveCount(1);
  await expect(detail).toHaveCount(0);
  expect(await getJson(owner, `/web/gym/${older.id}`)).toMatchObject({
    gymStatus: 'INACTIVE',
    inactiveReason: REASON,
  });

  // The owner reads the reason on HOME, and the notice bot's message in the bell.
  const ownerPage = await openAs(browser, baseURL!, owner);
  await ownerPage.goto('/?lng=en');
  await expect(ownerPage.getByRole('main').getByText(REASON, { exact: true })).toBeVisible();
  await expect(bell(ownerPage)).toHaveAccessibleName('Notifications (1 unread)');
  await bell(ownerPage).click();
  const rejected = ownerPage.getByRole('button', { name: `"${older.name}" was rejected: ${REASON}` });
  await expect(rejected).toBeVisible();
  await expectNoSeriousViolations(ownerPage);
  await rejected.click();
  await expect(bell(ownerPage)).toHaveAccessibleName('Notifications');
  // Read, the message stays in the bell's list (no longer a button to press).
  await expect(
    ownerPage.getByRole('tooltip').getByText(`"${older.name}" was rejected: ${REASON}`),
  ).toBeVisible();

  // A resubmission goes to the back of the queue; the operator approves it.
  await put(owner, `/web/gym/${older.id}`, { gymStatus: 'REQUEST' });
  await page.reload();
  await page.getByRole('searchbox', { name: 'Search by facility name' }).fill(prefix);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(newer.name);
  await expect(rows.nth(1)).toContainText(older.name);
  await rows.nth(1).getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog');
  await expect(approve).toContainText(`Approve "${older.name}" and activate the facility?`);
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(rows).toHaveCount(1);
  expect(await getJson(owner, `/web/gym/${older.id}`)).toMatchObject({
    gymStatus: 'ACTIVE',
    inactiveReason: null,
  });

  await ownerPage.reload();
  await expect(bell(ownerPage)).toHaveAccessibleName('Notifications (1 unread)');
  await bell(ownerPage).click();
  await expect(ownerPage.getByRole('button', { name: `"${older.name}" was verified.` })).toBeVisible();
  // The panel zooms in; a click that lands on the title beside the moving button does nothing, and a person
  // would click again (marking all read twice is the same as once).
  const markAll = ownerPage.getByRole('button', { name: 'Mark all read' });
  await expect(async () => {
    if (await markAll.isEnabled()) await markAll.click({ timeout: 3_000 });
    await expect(bell(ownerPage)).toHaveAccessibleName('Notifications', { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await ownerPage.context().close();
});

const ADD_ON_LABELS: Record<string, { en: string; ko: string }> = {
  MESSAGE: { en: 'Messaging', ko: '메시지' },
  CONSULT: { en: 'Consulting', ko: '상담' },
  CONTRACT: { en: 'Electronic contracts', ko: '전자계약' },
  ENTER: { en: 'Entry', ko: '출입' },
  EXERCISE: { en: 'Exercise', ko: '운동' },
  NUTRITION: { en: 'Nutrition', ko: '영양' },
  APP: { en: 'Member app', ko: '회원 앱' },
  LOCKER: { en: 'Lockers', ko: '락커' },
};

for (const t of [
  {
    lng: 'en',
    decision: 'Approve',
    status: 'APPROVE',
    title: 'Add-on review',
    waiting: 'Waiting',
    question: (addOn: string, gym: string) => `Approve ${addOn} for "${gym}"?`,
    notice: (addOn: string, gym: string) => `The ${addOn} add-on for "${gym}" was approved.`,
    unread: 'Notifications (1 unread)',
  },
  {
    lng: 'ko',
    decision: '거절',
    status: 'DENY',
    title: '부가서비스 심사',
    waiting: '대기',
    question: (addOn: string, gym: string) => `"${gym}"의 ${addOn} 신청을 거절할까요?`,
    notice: (addOn: string, gym: string) => `"${gym}"의 ${addOn} 신청이 거절되었습니다.`,
    unread: '알림 (읽지 않음 1개)',
  },
] as const) {
  test(`an add-on decision reaches the owner's bell (${t.lng})`, async ({
    page,
    browser,
    playwright,
    request,
    baseURL,
  }) => {
    const owner = await newAccount(playwright, request, baseURL!, {
      prefix: 'addon',
      name: 'Add-on Owner',
      authCode: 'ADMIN',
    });
    const gym = await createGym(owner, `Add-on ${owner.userId}`, 'REQUEST');
    const operator = await signIn(playwright, baseURL!, OPERATOR);
    await put(operator, `/web/gym/${gym.id}`, { gymStatus: 'ACTIVE' });
    const { subscription, addOn } = await requestAddOn(owner, gym.id);
    const type = (addOn as { gymSubServiceType?: string }).gymSubServiceType ?? 'MESSAGE';
    const label = ADD_ON_LABELS[type]![t.lng];

    await signInPage(page, OPERATOR);
    await page.goto(`/admin/review/add-ons?lng=${t.lng}`);
    await expect(page.getByRole('heading', { name: t.title, level: 1 })).toBeVisible();
    const row = queueRows(page, t.title).filter({ hasText: gym.name });
    await expect(row.getByText(t.waiting)).toBeVisible();
    await expect(row).toContainText(label);
    await expectNoSeriousViolations(page);
    await row.getByRole('button', { name: t.decision }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(t.question(label, gym.name));
    await dialog.getByRole('button', { name: t.decision }).click();
    await expect(row).toHaveCount(0);
    expect(await getJson(operator, `/web/gym-sub-service/${subscription.id}`)).toMatchObject({
      gymSubServiceStatus: t.status,
    });

    const ownerPage = await openAs(browser, baseURL!, owner);
    await ownerPage.goto(`/?lng=${t.lng}`);
    // The approval of the facility itself came first; the add-on's decision is the newest.
    await bell(ownerPage).click();
    const item = ownerPage.getByRole('button', { name: t.notice(label, gym.name) });
    await expect(item).toBeVisible();
    await item.click();
    // Read now: it leaves HOME's unread notices and stays in the bell's list.
    const notice = ownerPage.getByText(t.notice(label, gym.name));
    await expect(notice).toHaveCount(1);
    await expect(notice).toBeVisible();
    await expect(bell(ownerPage)).toHaveAccessibleName(t.unread);
    await ownerPage.context().close();
  });
}
