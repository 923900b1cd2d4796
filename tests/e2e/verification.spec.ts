import { expect, type Page, test } from '@playwright/test';
import { uniqueUserId, visitorAddress } from './helpers.ts';
import { expectNoSeriousViolations } from './resource-helpers.ts';

// Facility verification from the owner's side (issue 6 points 2-4, docs/rules.md#verification): a
// representative joins with a facility name, is welcomed on HOME, fills the verification dialog with real
// files and sends it. The operator's review and the resubmission are in their own spec.
test.describe.configure({ timeout: 90_000 });

type Language = 'en' | 'ko';

/** A 1×1 PNG and a one-page PDF: real files, since the server checks the content. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** Over the 20 MB limit: the browser refuses it before sending. */
const OVERSIZED = Buffer.alloc(21 * 1024 * 1024, 0);

/** What the user reads, per language, so that a missing translation fails here. */
const TEXT = {
  en: {
    join: {
      userId: 'User ID',
      password: 'Password',
      confirm: 'Confirm password',
      name: 'Name',
      phone: 'Phone',
      gymName: 'Facility name',
      submit: 'Sign up',
    },
    welcome: 'Welcome',
    welcomeBody: 'You must register your business facility!',
    verify: 'Verify business',
    title: 'Business verification',
    fields: {
      businessNo: 'Business registration number',
      name: 'Facility name',
      representName: 'Representative name',
      businessType: 'Business type',
      businessField: 'Business field',
      postNo: 'Postal code',
      address: 'Address',
      addressDetail: 'Address details',
      registration: 'Business registration certificate',
      representId: "Representative's ID",
    },
    corporate: 'Corporation',
    businessNoFormat: 'Enter the business number as 123-45-67890.',
    checkDigit: /fails the National Tax Service check digit/,
    tooLarge: 'Files over 20 MB cannot be uploaded. Choose a file of 20 MB or less.',
    submit: 'Request verification',
    question: 'Do you want to request facility verification?',
    ok: 'OK',
    success: 'Verification has been requested with your content.',
    review: 'The review takes 3 to 5 business days and may vary.',
    notified: 'You will be notified when it is complete.',
    underReview: 'Under review',
  },
  ko: {
    join: {
      userId: '아이디',
      password: '비밀번호',
      confirm: '비밀번호 확인',
      name: '이름',
      phone: '휴대폰 번호',
      gymName: '시설명',
      submit: '회원가입',
    },
    welcome: '환영합니다',
    welcomeBody: '사업자 시설을 등록해야 합니다!',
    verify: '사업자 인증하기',
    title: '사업자 인증',
    fields: {
      businessNo: '사업자등록번호',
      name: '시설명',
      representName: '대표자명',
      businessType: '업태',
      businessField: '종목',
      postNo: '우편번호',
      address: '주소',
      addressDetail: '상세 주소',
      registration: '사업자등록증',
      representId: '대표자 신분증',
    },
    corporate: '법인사업자',
    businessNoFormat: '사업자등록번호를 123-45-67890 형식으로 입력해 주세요.',
    checkDigit: /국세청 검증번호와 맞지 않는 번호입니다/,
    tooLarge: '20MB를 넘는 파일은 업로드할 수 없습니다. 20MB 이하의 파일을 선택해 주세요.',
    submit: '인증 요청',
    question: '시설 인증을 요청하시겠습니까?',
    ok: '확인',
    success: '입력하신 내용으로 인증을 요청했습니다.',
    review: '심사에는 영업일 기준 3~5일이 걸리며, 상황에 따라 달라질 수 있습니다.',
    notified: '심사가 끝나면 알림으로 알려 드립니다.',
    underReview: '심사 중',
  },
} as const;

/** The top dialog that says `text` (a modal of the app's modal system, or the verification dialog). */
const dialogWith = (page: Page, text: string | RegExp) => page.getByRole('dialog').filter({ hasText: text });

// One language per long flow (docs/architecture.md#tests); the flows alternate Korean and English.
for (const language of ['ko'] as Language[]) {
  const t = TEXT[language];

  test(`a new owner joins with a facility name, is welcomed and requests verification (${language})`, async ({
    page,
  }) => {
    // The browser is its own visitor, so the per-address join limit is not shared with other tests.
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress() });
    const userId = uniqueUserId('verif');
    const gymName = `Sunrise ${userId}`;

    // Representative join (issue 6 point 4): the facility's name makes a WAIT draft with the account.
    await page.goto(`/join?lng=${language}`);
    await page.getByLabel(t.join.userId).fill(userId);
    await page.getByLabel(t.join.password, { exact: true }).fill('goodpass12');
    await page.getByLabel(t.join.confirm).fill('goodpass12');
    await page.getByLabel(t.join.name, { exact: true }).fill('최대표');
    await page.getByLabel(t.join.phone).fill('01055556666');
    await page.getByLabel(t.join.gymName).fill(gymName);
    // The two required agreements of the join (docs/rules.md#join).
    await page.locator('input[name="consents.terms"]').check();
    await page.locator('input[name="consents.privacy"]').check();
    await page.getByRole('button', { name: t.join.submit }).click();

    // Signed in, on HOME, welcomed (docs/rules.md#home).
    await expect(page).toHaveURL(/\/(\?.*)?$/);
    const welcome = dialogWith(page, t.welcomeBody);
    await expect(welcome).toBeVisible();
    await expect(welcome.getByText(t.welcome, { exact: true })).toBeVisible();
    await welcome.getByRole('button', { name: t.verify }).click();

    const dialog = dialogWith(page, t.title);
    await expect(dialog.getByText(t.title, { exact: true })).toBeVisible();
    await expect(dialog.getByLabel(t.fields.name, { exact: true })).toHaveValue(gymName);
    const submit = dialog.getByRole('button', { name: t.submit });
    await expect(submit).toBeDisabled();

    // The business number formats itself as 3-2-5 and says when it is not (docs/rules.md#business-number); a
    // bad check digit warns.
    const businessNo = dialog.getByLabel(t.fields.businessNo);
    await businessNo.pressSequentially('12345');
    await expect(businessNo).toHaveValue('123-45');
    await expect(dialog.getByText(t.businessNoFormat)).toBeVisible();
    await businessNo.pressSequentially('67890');
    await expect(businessNo).toHaveValue('123-45-67890');
    await expect(dialog.getByText(t.businessNoFormat)).toBeHidden();
    await expect(dialog.getByText(t.checkDigit)).toBeVisible();
    await businessNo.fill('2208162517');
    await expect(businessNo).toHaveValue('220-81-62517');
    await expect(dialog.getByText(t.checkDigit)).toBeHidden();

    await dialog.getByLabel(t.fields.representName).fill('김대표, 이대표');
    await dialog.getByText(t.corporate, { exact: true }).click();
    await dialog.getByLabel(t.fields.businessType, { exact: true }).fill('서비스업');
    await dialog.getByLabel(t.fields.businessField, { exact: true }).fill('체력단련장');
    await dialog.getByLabel(t.fields.postNo).fill('06236');
    await dialog.getByLabel(t.fields.address, { exact: true }).fill('서울특별시 강남구 테헤란로 1');
    await dialog.getByLabel(t.fields.addressDetail).fill('1층');
    // Every field is there, but not the two documents yet.
    await expect(submit).toBeDisabled();

    // A file over 20 MB is refused in the browser with a modal that states the limit.
    await dialog
      .getByLabel(t.fields.registration, { exact: true })
      .setInputFiles({ name: 'registration.png', mimeType: 'image/png', buffer: OVERSIZED });
    const tooLarge = dialogWith(page, t.tooLarge);
    await expect(tooLarge).toBeVisible();
    await tooLarge.getByRole('button', { name: t.ok }).click();
    await expect(tooLarge).toBeHidden();
    await expect(submit).toBeDisabled();

    await dialog
      .getByLabel(t.fields.registration, { exact: true })
      .setInputFiles({ name: 'registration.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.getByText(/registration\.png/)).toBeVisible();
    await expect(submit).toBeDisabled();
    await dialog
      .getByLabel(t.fields.representId, { exact: true })
      .setInputFiles({ name: 'id-card.pdf', mimeType: 'application/pdf', buffer: PDF });
    // The employment certificate is optional.
    await expect(submit).toBeEnabled();
    await expectNoSeriousViolations(page);

    await submit.click();
    const confirm = dialogWith(page, t.question);
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: t.ok }).click();

    const success = dialogWith(page, t.success);
    await expect(success).toBeVisible();
    await expect(success.getByText(t.review)).toBeVisible();
    await expect(success.getByText(t.notified)).toBeVisible();
    await success.getByRole('button', { name: t.ok }).click();
    await expect(success).toBeHidden();

    // The facility is under review on HOME.
    const card = page.getByRole('button', { name: new RegExp(gymName) });
    await expect(card.getByText(t.underReview, { exact: true })).toBeVisible();
    await expect(
      page.getByRole('article').getByRole('heading', { name: t.underReview, level: 3 }),
    ).toBeVisible();
    await expect(card).toContainText('220-81-62517 | 김대표, 이대표');

    // The server holds the facility in REQUEST with the two uploaded documents, readable by their uploader.
    const me = (await (await page.request.get('/web/member/validate')).json()).data as { id: number };
    const gyms = (await (await page.request.get(`/web/member/gym-list/${me.id}`)).json()).data as {
      name: string;
      gymStatus: string;
      businessForm: string;
      businessUrlImgUrl: string | null;
      representIdImgUrl: string | null;
      workerIdImgUrl: string | null;
    }[];
    expect(gyms).toHaveLength(1);
    expect(gyms[0]).toMatchObject({
      name: gymName,
      gymStatus: 'REQUEST',
      businessForm: 'CORPORATE',
      workerIdImgUrl: null,
    });
    const registration = await page.request.get(gyms[0]!.businessUrlImgUrl!);
    expect(registration.status()).toBe(200);
    expect(registration.headers()['content-type']).toContain('image/png');
    const idCard = await page.request.get(gyms[0]!.representIdImgUrl!);
    expect(idCard.headers()['content-type']).toContain('application/pdf');

    // Once under review, the welcome does not come back.
    await page.reload();
    await expect(card.getByText(t.underReview, { exact: true })).toBeVisible();
    await expect(dialogWith(page, t.welcomeBody)).toHaveCount(0);
  });
}
