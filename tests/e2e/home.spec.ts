import { expect, type Page, type PlaywrightWorkerArgs, test } from '@playwright/test';
import { visitorAddress } from './helpers.ts';
import {
  type ApiSession,
  askToJoin,
  choose,
  createGym,
  expectNoSeriousViolations,
  newAccount,
  OPERATOR,
  put,
  signIn,
} from './resource-helpers.ts';

// HOME (issue #5 point 3, docs/rules.md#home): the facility panel and the selected facility's next step, in
// both languages. Seeding goes through the API; each test has its own accounts.
test.describe.configure({ timeout: 120_000 });

type Language = 'en' | 'ko';
type Playwright = PlaywrightWorkerArgs['playwright'];

const REASON = 'The business registration document is unreadable.';

/** What the user reads, written out per language so that a changed or missing translation fails here. */
const TEXT = {
  en: {
    badge: { WAIT: 'Draft', REQUEST: 'Under review', ACTIVE: 'Active', INACTIVE: 'Rejected' },
    next: {
      WAIT: 'Business verification needed',
      REQUEST: 'Under review',
      ACTIVE: 'Verified facility',
      INACTIVE: 'Verification rejected',
    },
    review: /3 to 5 business days and may vary/,
    representative: 'Representative',
    permissionSets: 'Permission sets',
    register: 'Register representative facility',
    statusFilter: 'Filter by status',
    search: 'Search by business name',
    total: (n: number) => `Total ${n} ${n === 1 ? 'place' : 'places'}`,
    reset: 'Reset filters',
    noResults: 'No results found',
    toggle: 'Facility list',
    reason: 'Reason',
    resubmit: 'Resubmit for review',
    ok: 'OK',
    pending: (name: string) => `Your request to join ${name} is waiting for the representative's approval.`,
    firstFacility: 'Register your first facility',
    facilityName: 'Facility name',
    submit: 'Register',
  },
  ko: {
    badge: { WAIT: '작성 중', REQUEST: '심사 중', ACTIVE: '활성', INACTIVE: '반려' },
    next: {
      WAIT: '사업자 인증이 필요합니다',
      REQUEST: '심사 중',
      ACTIVE: '인증된 시설',
      INACTIVE: '인증 반려',
    },
    review: /영업일 기준 3~5일이 걸리며, 상황에 따라 달라질 수 있습니다/,
    representative: '대표자',
    permissionSets: '권한 그룹',
    register: '대표 시설 등록',
    statusFilter: '상태로 거르기',
    search: '사업자명으로 검색',
    total: (n: number) => `총 ${n}곳`,
    reset: '필터 초기화',
    noResults: '검색 결과가 없습니다',
    toggle: '시설 목록',
    reason: '반려 사유',
    resubmit: '심사 재요청',
    ok: '확인',
    pending: (name: string) => `${name} 가입 요청이 대표자의 승인을 기다리고 있습니다.`,
    firstFacility: '첫 시설을 등록해 주세요',
    facilityName: '시설명',
    submit: '등록',
  },
} as const;

/** Signs the browser in as the account (page.request shares the page's cookies) and opens HOME. */
const openHome = async (page: Page, account: ApiSession, language: Language) => {
  const response = await page.request.post('/web/member/login', {
    data: { userId: account.userId, password: account.password },
    headers: { 'x-forwarded-for': visitorAddress() },
  });
  expect(response.status()).toBe(200);
  await page.goto(`/?lng=${language}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(account.name);
};

const card = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(name) });
const detail = (page: Page) => page.getByRole('article');

const newOwner = (playwright: Playwright, request: Parameters<typeof newAccount>[1], base: string) =>
  newAccount(playwright, request, base, { prefix: 'home', name: '정대표', authCode: 'ADMIN' });

/** The operator's decision on a facility under review (PUT /web/gym/{id}). */
const decide = async (
  playwright: Playwright,
  base: string,
  gymId: number,
  decision: { gymStatus: 'ACTIVE' } | { gymStatus: 'INACTIVE'; inactiveReason: string },
) => {
  const operator = await signIn(playwright, base, OPERATOR);
  try {
    await put(operator, `/web/gym/${gymId}`, decision);
  } finally {
    await operator.api.dispose();
  }
};

for (const language of ['en', 'ko'] as const) {
  const t = TEXT[language];

  test(`an owner reads each facility's status and next step, and searches and filters the list (${language})`, async ({
    page,
    playwright,
    request,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    const owner = await newOwner(playwright, request, base);
    // gym-list answers by id, so the first one created is the first card and the one selected on load.
    const active = await createGym(owner, '핏데스크 강남점', 'REQUEST');
    await createGym(owner, '핏데스크 역삼점');
    await createGym(owner, 'Iron House', 'REQUEST');
    const rejected = await createGym(owner, 'Barbell Club', 'REQUEST');
    await decide(playwright, base, active.id, { gymStatus: 'ACTIVE' });
    await decide(playwright, base, rejected.id, { gymStatus: 'INACTIVE', inactiveReason: REASON });
    await owner.api.dispose();

    await openHome(page, owner, language);
    await expect(page.getByText(t.total(4))).toBeVisible();
    await expect(page.getByRole('button', { name: t.toggle })).toHaveAttribute('aria-expanded', 'true');

    // The first facility is selected on load.
    await expect(card(page, '핏데스크 강남점')).toHaveAttribute('aria-pressed', 'true');
    await expect(detail(page).getByRole('heading', { name: t.next.ACTIVE })).toBeVisible();
    await expect(detail(page).getByText(t.representative, { exact: true })).toBeVisible();
    await expect(detail(page).getByRole('link', { name: t.permissionSets })).toBeVisible();

    const expectations = [
      { name: '핏데스크 역삼점', status: 'WAIT' },
      { name: 'Iron House', status: 'REQUEST' },
      { name: 'Barbell Club', status: 'INACTIVE' },
      { name: '핏데스크 강남점', status: 'ACTIVE' },
    ] as const;
    for (const { name, status } of expectations) {
      const facility = card(page, name);
      await expect(facility.getByText(t.badge[status], { exact: true })).toBeVisible();
      await expect(facility.getByText(t.representative, { exact: true })).toBeVisible();
      await facility.click();
      await expect(facility).toHaveAttribute('aria-pressed', 'true');
      await expect(detail(page).getByRole('heading', { name, level: 2 })).toBeVisible();
      await expect(detail(page).getByRole('heading', { name: t.next[status] })).toBeVisible();
    }
    await expect(card(page, '핏데스크 역삼점')).toContainText('- | -');
    await expect(card(page, 'Iron House')).toContainText(`123-45-67890 | ${owner.name}`);

    // The keyboard selects a card too.
    await card(page, 'Iron House').focus();
    await page.keyboard.press('Enter');
    await expect(detail(page).getByText(t.review)).toBeVisible();
    await card(page, 'Barbell Club').focus();
    await page.keyboard.press('Space');
    await expect(detail(page).getByText(t.reason, { exact: true })).toBeVisible();
    await expect(detail(page).getByText(REASON)).toBeVisible();
    await expect(detail(page).getByRole('button', { name: t.resubmit })).toBeVisible();

    await expectNoSeriousViolations(page);

    // docs/rules.md#lists-and-search: whitespace is ignored on both sides, and the keyword matches a
    // substring.
    const search = page.getByRole('textbox', { name: t.search });
    await search.fill('핏 데스크');
    await expect(page.getByText(t.total(2))).toBeVisible();
    await expect(card(page, '핏데스크 강남점')).toBeVisible();
    await expect(card(page, '핏데스크 역삼점')).toBeVisible();
    await expect(card(page, 'Iron House')).toBeHidden();
    await search.fill('데스크 강 남');
    await expect(page.getByText(t.total(1))).toBeVisible();
    await expect(card(page, '핏데스크 강남점')).toBeVisible();

    await search.fill('nowhere');
    await expect(page.getByText(t.noResults)).toBeVisible();
    await expect(page.getByText(t.total(0))).toBeVisible();
    await page.getByRole('button', { name: t.reset }).click();
    await expect(search).toHaveValue('');
    await expect(page.getByText(t.total(4))).toBeVisible();

    await choose(page, t.statusFilter, t.badge.INACTIVE);
    await expect(page.getByText(t.total(1))).toBeVisible();
    await expect(card(page, 'Barbell Club')).toBeVisible();
    await expect(card(page, '핏데스크 강남점')).toBeHidden();
    await page.getByRole('button', { name: t.reset }).click();
    await expect(page.getByText(t.total(4))).toBeVisible();

    // The panel folds away with its toggle and comes back.
    await page.getByRole('button', { name: t.toggle }).click();
    await expect(page.getByRole('button', { name: t.toggle })).toHaveAttribute('aria-expanded', 'false');
    await expect(search).toBeHidden();
    await page.getByRole('button', { name: t.toggle }).click();
    await expect(search).toBeVisible();
  });

  test(`a worker sees neither the register button nor the status filter, and reads a pending request (${language})`, async ({
    page,
    playwright,
    request,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    const owner = await newOwner(playwright, request, base);
    const gym = await createGym(owner, `Fit Hall ${owner.userId}`, 'REQUEST');
    await decide(playwright, base, gym.id, { gymStatus: 'ACTIVE' });
    await owner.api.dispose();
    const worker = await newAccount(playwright, request, base, {
      prefix: 'homewk',
      name: '이직원',
      authCode: 'MEMBER',
    });
    await askToJoin(worker, gym.id);
    await worker.api.dispose();

    await openHome(page, worker, language);
    await expect(page.getByText(t.pending(gym.name))).toBeVisible();
    await expect(page.getByRole('textbox', { name: t.search })).toBeVisible();
    await expect(page.getByRole('button', { name: t.register })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: t.statusFilter })).toHaveCount(0);
    await expectNoSeriousViolations(page);
  });
}

test('a rejected facility is resubmitted after confirming and goes back under review (ko)', async ({
  page,
  playwright,
  request,
  baseURL,
}) => {
  const t = TEXT.ko;
  const base = baseURL ?? '';
  const owner = await newOwner(playwright, request, base);
  const gym = await createGym(owner, '다시짐', 'REQUEST');
  await decide(playwright, base, gym.id, { gymStatus: 'INACTIVE', inactiveReason: REASON });
  await owner.api.dispose();

  await openHome(page, owner, 'ko');
  await expect(card(page, '다시짐').getByText(t.badge.INACTIVE, { exact: true })).toBeVisible();
  await expect(detail(page).getByText(REASON)).toBeVisible();
  // Resubmitting goes through the verification dialog, filled with the facility's info and documents.
  await detail(page).getByRole('button', { name: t.resubmit }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '인증 요청' }).first();
  await dialog.getByRole('button', { name: '인증 요청' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '시설 인증을 요청하시겠습니까?' });
  await confirm.getByRole('button', { name: t.ok }).click();
  const success = page.getByRole('dialog').filter({ hasText: '3~5' });
  await success.getByRole('button', { name: t.ok }).click();

  await expect(card(page, '다시짐').getByText(t.badge.REQUEST, { exact: true })).toBeVisible();
  await expect(detail(page).getByRole('heading', { name: t.next.REQUEST, level: 3 })).toBeVisible();
  await expect(detail(page).getByText(REASON)).toHaveCount(0);
});

test('on a phone the panel is a sheet, closed first, opened from its button (en)', async ({
  page,
  playwright,
  request,
  baseURL,
}) => {
  const owner = await newOwner(playwright, request, baseURL ?? '');
  // Under review, so no welcome modal covers the panel.
  await createGym(owner, 'Pocket Gym', 'REQUEST');
  await owner.api.dispose();

  await page.setViewportSize({ width: 375, height: 800 });
  await openHome(page, owner, 'en');
  await expect(detail(page).getByRole('heading', { name: 'Pocket Gym', level: 2 })).toBeVisible();
  // docs/DECISIONS.md: up to 767 px the panel is a bottom sheet, opened from a button naming the selection.
  const open = page.getByRole('button', { name: 'My facilities · Pocket Gym' });
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('list', { name: 'Facilities' })).toBeHidden();
  await open.click();
  const sheet = page.getByRole('dialog', { name: 'My facilities' });
  await expect(sheet.getByRole('button', { name: /Pocket Gym/ })).toBeVisible();
});
