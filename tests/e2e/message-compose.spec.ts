import { type Browser, expect, type Page, test } from '@playwright/test';
import messagesEn from '#src/i18n/locales/features/messages.en.json' with { type: 'json' };
import messagesKo from '#src/i18n/locales/features/messages.ko.json' with { type: 'json' };
import { jpegBytes } from '../fixtures/files.ts';
import {
  type ApiSession,
  approvedAddOn,
  choose,
  createGym,
  newAccount,
  OPERATOR,
  put,
  signIn,
  signInPage,
  uniqueMobile,
  uploadReviewDocuments,
} from './resource-helpers.ts';

// The compose screen's other paths (issue 29), one browser test per thing a person does, alternating languages:
// a CSV of 3,000 phones costs more than the credits and the send is refused with the shortfall (en); a CSV with a
// bad line lists it and leaves it out (ko); an 알림톡 with an approved template (en); an MMS with a JPG (ko). One
// facility seeded through the API and one signed-in page for the whole file. Every rule is proven at the API
// level (tests/api/message-*.test.ts); the night-time path is tests/e2e/clock/message-night.spec.ts.
test.describe.configure({ timeout: 120_000, mode: 'serial' });

const en = messagesEn;
const ko = messagesKo;
const CREDITS = 50_000;

let operator: ApiSession;
let owner: ApiSession;
let gymId: number;
let page: Page;

const post = async (session: ApiSession, path: string, data: unknown, status = 201) => {
  const response = await session.api.post(path, { data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(status);
  return (await response.json()).data;
};

const openSignedIn = async (browser: Browser, baseURL: string, account: ApiSession) => {
  const context = await browser.newContext({ baseURL });
  const opened = await context.newPage();
  await signInPage(opened, account);
  return opened;
};

test.beforeAll(async ({ browser, playwright, request, baseURL }) => {
  operator = await signIn(playwright, baseURL!, OPERATOR);
  owner = await newAccount(playwright, request, baseURL!, {
    prefix: 'cmp',
    name: '작성대표',
    authCode: 'ADMIN',
  });
  const gym = await createGym(owner, `작성 테스트 ${owner.userId}`, 'REQUEST');
  gymId = gym.id;
  await put(operator, `/web/gym/${gymId}`, { gymStatus: 'ACTIVE' });
  await approvedAddOn(owner, operator, gymId, 'MESSAGE');
  const { businessUrlImgUrl } = await uploadReviewDocuments(owner.api);
  const sender = await post(owner, '/web/message/sender', {
    gymId,
    phone: '02-1577-4321',
    owner: 'GYM',
    proofFile: businessUrlImgUrl,
  });
  await post(operator, `/web/platform/message/sender/${sender.id}/review`, { status: 'APPROVE' }, 200);
  await post(operator, '/web/platform/message/credit', { gymId, amount: CREDITS, note: 'e2e top-up' });
  await put(owner, '/web/message/kakao', { gymId, searchId: '@composetest', profileKey: 'KA01PF-compose' });
  const template = await post(owner, '/web/message/kakao/template', {
    gymId,
    name: '이용권 만료 안내',
    content: '#{이름}님, 이용권이 곧 끝납니다.',
    fallbackText: '#{이름}님, 이용권이 곧 끝납니다.',
  });
  await post(operator, `/web/platform/message/template/${template.id}/review`, { status: 'APPROVE' }, 200);
  for (const name of ['한작성', '오작성'])
    await post(owner, `/web/member/customer?gymId=${gymId}`, { name, phone: uniqueMobile() });
  page = await openSignedIn(browser, baseURL!, owner);
});

test.afterAll(async () => {
  await page?.context().close();
  await operator?.api.dispose();
  await owner?.api.dispose();
});

/** A button-style choice (antd's radio buttons and segmented items hide their input under the label). */
const choice = (label: string) =>
  page.locator('.ant-radio-button-wrapper, .ant-segmented-item', { hasText: label }).first().click();

const compose = async (lng: 'ko' | 'en') => {
  await page.goto(`/subservice/groupsns/add?lng=${lng}`);
  await expect(
    page.getByRole('heading', { level: 1, name: (lng === 'ko' ? ko : en).composeTitle }),
  ).toBeVisible();
};

const csv = (name: string, lines: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(`${lines.join('\n')}\n`),
});

const drawer = () => page.locator('.ant-drawer-content');

test('a send that costs more than the credits is refused with the shortfall (en)', async () => {
  await compose('en');
  await choice(en.audience.phones);
  // 3,000 phones × ₩20 = ₩60,000 against ₩50,000 of credits.
  const phones = Array.from({ length: 3000 }, (_, i) => `010${20_000_000 + i}`);
  await page
    .locator('input[type="file"][accept^=".csv"]')
    .setInputFiles(csv('many.csv', ['phone', ...phones]));
  await expect(page.getByText(/3,?000 phones read from many\.csv/)).toBeVisible();
  await expect(page.getByTestId('audience-count')).toContainText(/3,?000 will receive it/);
  await page.locator('#message-content').fill('이번 주 토요일은 휴관합니다.');
  await expect(page.getByText(/Not enough credits: .*10,000.* short\./)).toBeVisible();
  await page.getByRole('button', { name: en.submit.now, exact: true }).click();
  const refusal = page.getByTestId('compose-refusal');
  await expect(refusal).toContainText(en.submit.creditsShort);
  await expect(refusal).toContainText(/10,?000 won short/);
  // Nothing was charged.
  const overview = await owner.api.get(`/web/message/overview?gymId=${gymId}`);
  expect((await overview.json()).data.balance).toBe(CREDITS);
});

test('a CSV with a bad line lists it by line; left out, the rest can be sent (ko)', async () => {
  await compose('ko');
  await choice(ko.audience.phones);
  await page
    .locator('input[type="file"][accept^=".csv"]')
    .setInputFiles(csv('list.csv', ['phone', '010-2345-6789', '02-123', '010-3456-7890']));
  const bad = page.getByTestId('csv-bad-lines');
  await expect(bad).toContainText(ko.audience.csvBadLines);
  await expect(bad).toContainText('02-123');
  await expect(bad).toContainText('3');
  await bad.getByRole('button', { name: ko.audience.csvDropBad }).click();
  await expect(bad).toBeHidden();
  await expect(page.getByTestId('audience-count')).toContainText('2명이 받습니다');
  await page.locator('#message-content').fill('다음 주 월요일부터 운영 시간이 바뀝니다.');
  await page.getByRole('button', { name: ko.submit.now, exact: true }).click();
  await expect(drawer()).toContainText(ko.audienceOf.phones.replace('{{count}}', '2'));
});

test('an 알림톡 goes out with an approved template (en)', async () => {
  await compose('en');
  await choice('All');
  await expect(page.getByTestId('audience-count')).toContainText('2 in the audience');
  await choice(en.channel.KAKAO);
  await choose(page, en.content.template, '이용권 만료 안내');
  await expect(page.locator('#message-content')).toHaveValue('#{이름}님, 이용권이 곧 끝납니다.');
  await expect(page.getByTestId('preview-text')).toHaveText(/^(한|오)작성님, 이용권이 곧 끝납니다\.$/);
  await expect(page.getByTestId('message-cost')).toContainText(`(${en.kind.ALIMTALK})`);
  await page.getByRole('button', { name: en.submit.now, exact: true }).click();
  await expect(drawer()).toContainText('이용권이 곧 끝납니다');
  await expect(drawer()).toContainText(en.kind.ALIMTALK);
});

test('an MMS carries a JPG and is priced as one (ko)', async () => {
  await compose('ko');
  await choice('전체');
  await expect(page.getByTestId('audience-count')).toContainText('대상 2명');
  await page.locator('#message-content').fill('새 기구가 들어왔습니다. 사진을 확인해 주세요.');
  await page
    .getByTestId('mms-image-input')
    .setInputFiles({ name: 'gym.jpg', mimeType: 'image/jpeg', buffer: jpegBytes() });
  await expect(page.getByText(/gym\.jpg \(\d+ KB\)/)).toBeVisible();
  await expect(page.getByTestId('byte-counter')).toContainText('MMS');
  await expect(page.getByTestId('message-cost')).toContainText(`(${ko.kind.MMS})`);
  await page.getByRole('button', { name: ko.submit.now, exact: true }).click();
  await expect(drawer()).toContainText('새 기구가 들어왔습니다');
  await expect(drawer()).toContainText(ko.kind.MMS);
});
