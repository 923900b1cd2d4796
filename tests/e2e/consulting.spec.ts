import { expect, type Locator, type Page, test } from '@playwright/test';
import consultEn from '#src/i18n/locales/features/consult.en.json' with { type: 'json' };
import consultKo from '#src/i18n/locales/features/consult.ko.json' with { type: 'json' };
import passesEn from '#src/i18n/locales/features/passes.en.json' with { type: 'json' };
import passesKo from '#src/i18n/locales/features/passes.ko.json' with { type: 'json' };
import { approvedAddOn } from './helpers.ts';
import {
  type ApiSession,
  createGym,
  expectNoSeriousViolations,
  newAccount,
  OPERATOR,
  put,
  signIn,
  signInPage,
  uniqueMobile,
} from './resource-helpers.ts';

// Consulting (issue 12), as a front desk runs it on a tablet (768×1024), in Korean and in English: a prospect
// fills the survey and waits; staff see the badge and take them; the tablet shows the result; the staff wrap-up
// registers them and sells a pass; the finish screen leaves empty fields for the next person, who is lost with a
// reason; the list and the pipeline agree. Seeding goes through the API.
// The tablet runs on its own token (issue 26, docs/rules.md#consulting): its calls carry no cookie, every staff
// step asks for a staff member's id and password at the tablet, and it keeps working after the session is gone.
test.describe.configure({ timeout: 240_000 });

const TEXTS = {
  en: { k: consultEn, p: passesEn, goal: 'Weight loss', level: 'Beginner' },
  ko: { k: consultKo, p: passesKo, goal: '체중 감량', level: '처음' },
} as const;

let operator: ApiSession;
test.beforeAll(async ({ playwright, baseURL }) => {
  operator = await signIn(playwright, baseURL!, OPERATOR);
});

const mobile = uniqueMobile;

/** Picks a button-style radio (antd hides its input under the label): a tap on the label, as a person does. */
const pick = (radio: Locator) => radio.locator('xpath=ancestor::label[1]').click();

/** Types a staff member's sign-in at the tablet (the wrap-up's gate, or the waiting page's dialog). */
const staffSignIn = async (
  page: Page,
  lng: 'en' | 'ko',
  { userId, password }: { userId: string; password: string },
) => {
  const { k } = TEXTS[lng];
  await page.getByRole('textbox', { name: k.kiosk.staffSignIn.userId }).fill(userId);
  await page.getByLabel(k.kiosk.staffSignIn.password).fill(password);
  await page.getByRole('button', { name: k.kiosk.staffSignIn.submit }).click();
};

/** Fills the default survey's required answers and the two required consents, then submits. */
const fillSurvey = async (page: Page, lng: 'en' | 'ko', name: string, phone: string) => {
  const { k, goal, level } = TEXTS[lng];
  await page.getByRole('textbox', { name: k.kiosk.name }).fill(name);
  await page.getByRole('textbox', { name: k.kiosk.phone }).fill(phone);
  await page.getByRole('checkbox', { name: goal }).check();
  await pick(page.getByRole('radio', { name: level, exact: true }));
  await page.getByRole('spinbutton', { name: lng === 'en' ? 'Height' : '키' }).fill('170');
  await page.getByRole('spinbutton', { name: lng === 'en' ? 'Weight' : '몸무게' }).fill('80');
  const no = page.getByRole('radio', { name: k.kiosk.no, exact: true });
  for (let i = 0; i < 7; i++) await pick(no.nth(i));
  await page.getByRole('checkbox', { name: k.kiosk.consentPersonal }).check();
  await page.getByRole('checkbox', { name: k.kiosk.consentHealth }).check();
  await page.getByRole('button', { name: k.kiosk.submit }).click();
};

// One language per long flow (docs/architecture.md#tests); the flows alternate Korean and English.
for (const lng of ['ko'] as const) {
  const { k, p } = TEXTS[lng];

  test(`a walk-in is consulted, registered with a pass, and the next one is lost (${lng})`, async ({
    page,
    playwright,
    request,
    baseURL,
  }) => {
    const owner = await newAccount(playwright, request, baseURL!, {
      prefix: 'cst',
      name: '상담대표',
      authCode: 'ADMIN',
    });
    const gym = await createGym(owner, `상담 테스트 ${owner.userId}`, 'REQUEST');
    await put(operator, `/web/gym/${gym.id}`, { gymStatus: 'ACTIVE' });
    await approvedAddOn(owner, operator, gym.id, 'CONSULT');
    for (const data of [
      {
        gymId: gym.id,
        name: '헬스 3개월',
        periodAmount: 3,
        periodUnit: 'MONTH',
        originPrice: 300_000,
        salePrice: 270_000,
      },
      { gymId: gym.id, name: 'PT 10회', sessionCount: 10, originPrice: 700_000, salePrice: 650_000 },
    ]) {
      const response = await owner.api.post('/web/ticket', { data });
      expect(response.status()).toBe(201);
    }
    await signInPage(page, owner);
    await page.setViewportSize({ width: 768, height: 1024 });
    const kiosk = `/consulting?gymId=${gym.id}&gymMaster=Y&lng=${lng}`;
    // Every call of the tablet itself, to see what it sends.
    const tabletCalls: Promise<Record<string, string>>[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/web/kiosk/')) tabletCalls.push(request.allHeaders());
    });

    // 1. The start screen, then the survey.
    await page.goto(kiosk);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(gym.name);
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: k.kiosk.start }).click();
    await expect(page.getByRole('textbox', { name: k.kiosk.name })).toBeVisible();
    await expectNoSeriousViolations(page);
    // A missing answer is said next to its field, and nothing is sent.
    await page.getByRole('button', { name: k.kiosk.submit }).click();
    await expect(page.getByText(k.kiosk.consentPersonal)).toBeVisible();
    await expect(page.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await fillSurvey(page, lng, '김상담', mobile());

    // 2. Waiting, with a queue number; the staff list shows the badge and the row.
    await expect(page.getByTestId('queue-number')).toHaveText('1');
    await expectNoSeriousViolations(page);
    const desk = await page.context().newPage();
    await desk.goto(`/memberManage/consult-list?lng=${lng}`);
    // A new page loads the whole back office: on a loaded two-core machine that alone can take 15 s.
    await expect(desk.getByTestId('waiting-badge')).toContainText('1', { timeout: 45_000 });
    const row = desk.getByRole('row').filter({ hasText: '김상담' });
    await expect(row).toContainText(k.status.WAIT);
    await expectNoSeriousViolations(desk);
    await row.getByRole('button', { name: k.list.call }).click();

    // 3. The tablet moves on to the result by itself (polling every 5 s).
    await expect(
      page.getByRole('heading', { name: k.kiosk.resultTitle.replace('{{name}}', '김상담') }),
    ).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText('27.7')).toBeVisible();
    await expect(page.getByText(k.bmiBand.OBESE_1)).toBeVisible();
    await expect(page.getByText(k.programme.PT_ONBOARDING)).toBeVisible();
    await expect(page.getByText('PT 10회')).toBeVisible();
    await expectNoSeriousViolations(page);

    // 4. The staff wrap-up asks for a staff member's id and password first: a wrong one is refused in place.
    await page.getByRole('button', { name: k.kiosk.staffWrapUp }).click();
    await expect(page.getByRole('heading', { name: k.kiosk.staffSignIn.title })).toBeVisible();
    await expectNoSeriousViolations(page);
    await staffSignIn(page, lng, { userId: owner.userId, password: 'not-the-password1' });
    await expect(
      page.getByRole('alert').filter({
        hasText:
          lng === 'ko' ? '아이디 또는 비밀번호가 올바르지 않습니다' : 'The user ID or password is incorrect',
      }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: k.wrapUp.title })).toBeHidden();
    // Then registered, with a pass sold in the drawer, in the staff member's name.
    await staffSignIn(page, lng, owner);
    await expect(page.getByRole('heading', { name: k.wrapUp.title })).toBeVisible();
    await expect(page.getByText(k.kiosk.staffAs.replace('{{name}}', owner.name))).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: k.wrapUp.registerAndSell }).click();
    const sell = page.getByRole('dialog', { name: p.sell.title });
    await sell.getByRole('combobox', { name: p.sell.product }).click();
    await page
      .getByTitle(/PT 10회/)
      .last()
      .click();
    await sell.getByRole('button', { name: p.sell.submit }).click();
    await expect(sell).toBeHidden();

    // 5. Thanks, then a tap returns to the start, and the next prospect sees empty fields.
    await expect(page.getByRole('heading', { name: k.kiosk.finishTitle })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByText(k.kiosk.finishTap).click();
    await page.getByRole('button', { name: k.kiosk.start }).click();
    await expect(page.getByRole('textbox', { name: k.kiosk.name })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: k.kiosk.phone })).toHaveValue('');
    await expect(page.getByRole('checkbox', { name: TEXTS[lng].goal })).not.toBeChecked();

    // 6. The next one is lost, with a reason. The wrap-up's staff window ended with it: "Staff: continue to the
    // result" asks again, and the wrap-up then follows in the same window.
    await fillSurvey(page, lng, '이탈자', mobile());
    await expect(page.getByTestId('queue-number')).toHaveText('2');
    await page.getByRole('button', { name: k.kiosk.staffContinue }).click();
    const check = page.getByRole('dialog', { name: k.kiosk.staffSignIn.title });
    await expect(check).toBeVisible();
    await staffSignIn(page, lng, owner);
    await expect(
      page.getByRole('heading', { name: k.kiosk.resultTitle.replace('{{name}}', '이탈자') }),
    ).toBeVisible();
    await page.getByRole('button', { name: k.kiosk.staffWrapUp }).click();
    await pick(page.getByRole('radio', { name: k.outcome.LOST }));
    await page.getByRole('combobox', { name: k.wrapUp.lostReason }).click();
    await page.getByTitle(k.lostReason.PRICE).click();
    await page.getByRole('button', { name: k.wrapUp.save }).click();
    await expect(page.getByRole('heading', { name: k.kiosk.finishTitle })).toBeVisible();

    // 7. The list and the pipeline agree.
    await desk.reload();
    await expect(desk.getByRole('row').filter({ hasText: '김상담' })).toContainText(k.outcome.REGISTERED);
    await expect(desk.getByRole('row').filter({ hasText: '이탈자' })).toContainText(k.outcome.LOST);
    await desk.goto(`/crm?lng=${lng}`);
    await expect(desk.getByRole('heading', { name: k.crm.title })).toBeVisible();
    await expect(desk.locator('[data-stage=REGISTERED]')).toContainText('김상담');
    await expect(desk.locator('[data-stage=LOST]')).toContainText('이탈자');
    await expect(desk.locator('.fd-crm-figures')).toContainText('50');
    await expectNoSeriousViolations(desk);
    // The customer exists, with the pass sold in the wrap-up.
    const customers = await owner.api.get(`/web/member/total-list?gymId=${gym.id}&q=김상담`);
    expect((await customers.json()).data).toEqual([
      expect.objectContaining({ name: '김상담', passName: 'PT 10회' }),
    ]);

    // 8. The tablet's own calls never carried the staff member's cookie, and it keeps running without a session.
    const sent = await Promise.all(tabletCalls);
    expect(sent.length).toBeGreaterThan(5);
    for (const headers of sent) {
      expect(headers['x-kiosk-token']).toBeTruthy();
      expect(headers.cookie).toBeUndefined();
    }
    await page.context().clearCookies();
    await page.goto(kiosk);
    await expect(page.getByRole('button', { name: k.kiosk.start })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(gym.name);
  });
}
