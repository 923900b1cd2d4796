import { expect, type Page, test } from '@playwright/test';
import { addDays, seoulToday } from '#domain/rules/seoul-time.ts';
import messagesEn from '#src/i18n/locales/features/messages.en.json' with { type: 'json' };
import messagesKo from '#src/i18n/locales/features/messages.ko.json' with { type: 'json' };
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
  uploadReviewDocuments,
} from './resource-helpers.ts';

// Group messages (issue 29) as the desk uses them: compose → preview → schedule for next week → the list shows it
// scheduled → cancel (English); send now → the detail lists each recipient's state, the excluded ones with why
// (Korean). A facility of its own, seeded through the API: MESSAGE approved, an approved sender number, credits,
// three customers of whom two consent to advertising. Every rule is proven in tests/api/message-*.test.ts and
// domain/rules/message.test.ts.
test.describe.configure({ timeout: 180_000, mode: 'serial' });

const en = messagesEn;
const ko = messagesKo;

let operator: ApiSession;
let owner: ApiSession;
let gymId: number;
const names = ['김문자', '이문자', '박문자'];

const post = async (session: ApiSession, path: string, data: unknown, status = 201) => {
  const response = await session.api.post(path, { data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(status);
  return (await response.json()).data;
};

test.beforeAll(async ({ playwright, request, baseURL }) => {
  operator = await signIn(playwright, baseURL!, OPERATOR);
  owner = await newAccount(playwright, request, baseURL!, {
    prefix: 'msg',
    name: '문자대표',
    authCode: 'ADMIN',
  });
  const gym = await createGym(owner, `문자 테스트 ${owner.userId}`, 'REQUEST');
  gymId = gym.id;
  await put(operator, `/web/gym/${gymId}`, { gymStatus: 'ACTIVE' });
  await approvedAddOn(owner, operator, gymId, 'MESSAGE');
  const { businessUrlImgUrl } = await uploadReviewDocuments(owner.api);
  const sender = await post(owner, '/web/message/sender', {
    gymId,
    phone: '02-1588-1234',
    label: '대표번호',
    owner: 'GYM',
    proofFile: businessUrlImgUrl,
  });
  await post(operator, `/web/platform/message/sender/${sender.id}/review`, { status: 'APPROVE' }, 200);
  await post(operator, '/web/platform/message/credit', { gymId, amount: 50_000, note: 'e2e top-up' });
  for (const [index, name] of names.entries()) {
    const customer = await post(owner, `/web/member/customer?gymId=${gymId}`, {
      name,
      phone: uniqueMobile(),
    });
    // The last one never agreed to advertising; the others did, night-time too.
    if (index < 2) {
      const response = await owner.api.put(`/web/member/customer/${customer.id}/consent?gymId=${gymId}`, {
        data: { source: 'DESK', consents: { SMS: true, NIGHT: true } },
      });
      expect(response.status(), await response.text()).toBe(200);
    }
  }
});

test.afterAll(async () => {
  await operator?.api.dispose();
  await owner?.api.dispose();
});

/** A button-style choice (antd's radio buttons hide their input under the label). */
const choice = (page: Page, label: string) =>
  page.locator('.ant-radio-button-wrapper', { hasText: label }).click();

/** The member-list audience: the "All" tab, whose live count names all three customers. */
const pickEveryone = async (page: Page, allTab: string, counted: string) => {
  await choice(page, allTab);
  await expect(page.getByTestId('audience-count')).toContainText(counted);
};

test('compose, preview, schedule for next week, then cancel it (en)', async ({ page }) => {
  await signInPage(page, owner);
  await page.goto(`/subservice/groupsns/add?lng=en`);
  await expect(page.getByRole('heading', { level: 1, name: en.composeTitle })).toBeVisible();
  await expect(page.getByText(en.testMode).first()).toBeVisible();
  await pickEveryone(page, 'All', '3 in the audience');

  const text = page.locator('#message-content');
  await text.fill('님, 다음 주 수업 시간표가 바뀝니다.');
  await text.press('Home');
  await page.getByRole('button', { name: 'Insert #{이름}' }).click();
  await expect(text).toHaveValue('#{이름}님, 다음 주 수업 시간표가 바뀝니다.');
  await expect(page.getByTestId('byte-counter')).toContainText('bytes · SMS');
  // The preview fills the variable with the first recipient's name.
  await expect(page.getByTestId('preview-text')).toHaveText(
    /^(김|이|박)문자님, 다음 주 수업 시간표가 바뀝니다\.$/,
  );
  await expect(page.getByTestId('message-cost')).toContainText('3 × ₩20 (SMS)');

  await choice(page, en.when.later);
  const nextWeek = addDays(seoulToday(new Date()), 7);
  const at = page.locator('#message-at');
  await at.click();
  await at.fill(`${nextWeek} 10:00`);
  await at.press('Enter');
  await expect(at).toHaveValue(`${nextWeek} 10:00`);
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: en.submit.later }).click();

  // The new send's detail opens over the list.
  const drawer = page.locator('.ant-drawer-content');
  await expect(drawer).toContainText(en.state.WAIT);
  await expect(drawer).toContainText(`${nextWeek.replaceAll('-', '.')} 10:00`);
  await expect(drawer).toContainText(en.audienceOf.segment.replace('{{segment}}', 'All'));
  await drawer.getByRole('button', { name: en.detail.cancel }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: en.detail.cancelConfirm });
  await confirm.getByRole('button', { name: en.detail.cancel }).click();
  await expect(page.getByText(en.detail.cancelDone)).toBeVisible();
  await expect(drawer).toContainText(en.state.CANCEL);
  await drawer.getByRole('button', { name: 'Close' }).click();

  await expect(drawer).toBeHidden();
  await expect(page).not.toHaveURL(/[?&]id=/);
  const row = page.locator('.ant-table-row').filter({ hasText: '다음 주 수업 시간표' });
  await expect(row).toContainText(en.state.CANCEL);
  await page.getByRole('combobox', { name: en.filters.state }).click();
  await page.getByTitle(en.state.CANCEL, { exact: true }).click();
  await expect(row).toBeVisible();
});

test('send an advertising message now: each recipient sent or delivered, the one without consent excluded (ko)', async ({
  page,
}) => {
  await signInPage(page, owner);
  await page.goto(`/subservice/groupsns/add?lng=ko`);
  await expect(page.getByRole('heading', { level: 1, name: ko.composeTitle })).toBeVisible();
  await pickEveryone(page, '전체', '대상 3명');
  await page.locator('#message-content').fill('봄맞이 PT 10회 등록 시 2회 추가!');
  await choice(page, ko.ad.advertising);
  // The locked frame: (광고) and the facility first, the sender and the free opt-out line last.
  const preview = page.getByTestId('preview-text');
  await expect(preview).toContainText('(광고) 문자 테스트');
  await expect(preview).toContainText('문의 02-1588-1234');
  await expect(preview).toContainText('무료수신거부 080-');
  await expect(page.getByTestId('audience-count')).toContainText('2명이 받습니다');
  await expect(page.getByTestId('audience-count')).toContainText(`${ko.exclusion.NO_CONSENT} 1`);
  // At night (21:00–08:00 Seoul) the screen asks what to do with those without night consent.
  const night = page.getByText(ko.ad.EXCLUDE, { exact: true });
  if (await night.isVisible()) await night.click();
  await page.getByRole('button', { name: ko.submit.now }).click();

  const drawer = page.locator('.ant-drawer-content');
  await expect(drawer).toContainText('(광고) 문자 테스트');
  const recipients = drawer.getByRole('region', { name: ko.detail.recipients });
  const excluded = recipients.getByRole('row').filter({ hasText: '박문자' });
  await expect(excluded).toContainText(ko.recipientState.EXCLUDED);
  await expect(excluded).toContainText(ko.exclusion.NO_CONSENT);
  // The test provider takes each message at once; the dispatcher sends within seconds.
  for (const name of names.slice(0, 2)) {
    const row = recipients.getByRole('row').filter({ hasText: name });
    await expect(async () => {
      await page.reload();
      await expect(row).toContainText(
        new RegExp(`${ko.recipientState.SENT}|${ko.recipientState.DELIVERED}`),
        {
          timeout: 2_000,
        },
      );
    }).toPass({ timeout: 60_000 });
    // Phones are masked.
    await expect(row).toContainText('****');
  }
  await expectNoSeriousViolations(page);
});
