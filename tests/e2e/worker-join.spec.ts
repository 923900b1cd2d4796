import { expect, test } from '@playwright/test';
import { createActiveGym, uniqueUserId, visitorAddress } from './helpers.ts';
import { expectNoSeriousViolations } from './resource-helpers.ts';

// Worker join (issue 6 point 5): a MEMBER account, signed in on the spot, finds a verified facility through the
// public search and asks to join its staff; HOME then shows the pending request.
test.describe.configure({ timeout: 90_000 });

type Language = 'en' | 'ko';

const TEXT = {
  en: {
    userId: 'User ID',
    password: 'Password',
    confirm: 'Confirm password',
    name: 'Name',
    phone: 'Phone',
    submit: 'Sign up',
    findTitle: 'Find your facility',
    search: 'Facility name',
    searchButton: 'Search',
    requestFor: (name: string) => `Request to join ${name}`,
    confirmText: (name: string) => `Ask to join the staff of "${name}"?`,
    ok: 'OK',
    sent: 'Request sent',
    toHome: 'Go to home',
    noResults: 'No verified facility matches your search.',
    pending: (name: string) => `Your request to join ${name} is waiting for the representative's approval.`,
  },
  ko: {
    userId: '아이디',
    password: '비밀번호',
    confirm: '비밀번호 확인',
    name: '이름',
    phone: '휴대폰 번호',
    submit: '회원가입',
    findTitle: '근무하는 시설 찾기',
    search: '시설명',
    searchButton: '검색',
    requestFor: (name: string) => `${name}에 가입 요청`,
    confirmText: (name: string) => `"${name}"에 직원으로 가입을 요청하시겠습니까?`,
    ok: '확인',
    sent: '요청을 보냈습니다',
    toHome: '홈으로 가기',
    noResults: '검색어와 일치하는 인증 시설이 없습니다.',
    pending: (name: string) => `${name} 가입 요청이 대표자의 승인을 기다리고 있습니다.`,
  },
} as const;

for (const language of ['en', 'ko'] as Language[]) {
  const t = TEXT[language];

  test(`a worker joins, finds a verified facility, asks to join it and sees the request pending on HOME (${language})`, async ({
    page,
    request,
  }) => {
    const suffix = uniqueUserId('');
    const gym = await createActiveGym(request, {
      name: `Barbell ${suffix}`,
      address: `서울특별시 마포구 월드컵로 ${suffix}`,
    });
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress() });

    await page.goto(`/join/worker?lng=${language}`);
    await page.getByLabel(t.userId).fill(uniqueUserId('worker'));
    await page.getByLabel(t.password, { exact: true }).fill('goodpass12');
    await page.getByLabel(t.confirm).fill('goodpass12');
    await page.getByLabel(t.name, { exact: true }).fill('이직원');
    await page.getByLabel(t.phone).fill('01077778888');
    // The two required agreements of the join (docs/rules.md#join).
    await page.locator('input[name="consents.terms"]').check();
    await page.locator('input[name="consents.privacy"]').check();
    await page.getByRole('button', { name: t.submit }).click();

    // Signed in, the second step: the public search of verified facilities.
    await expect(page.getByRole('heading', { name: t.findTitle })).toBeVisible();
    const search = page.getByRole('searchbox', { name: t.search });
    await search.fill(`nothing-like-${suffix}`);
    await page.getByRole('button', { name: t.searchButton }).click();
    await expect(page.getByText(t.noResults)).toBeVisible();

    await search.fill(gym.name);
    await search.press('Enter');
    const askToJoin = page.getByRole('button', { name: t.requestFor(gym.name) });
    await expect(askToJoin).toBeVisible();
    await expect(page.getByText(`서울특별시 마포구 월드컵로 ${suffix}`)).toBeVisible();
    await expectNoSeriousViolations(page);
    await askToJoin.click();

    const confirm = page.getByRole('dialog').filter({ hasText: t.confirmText(gym.name) });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: t.ok }).click();
    await expect(page.getByText(t.sent)).toBeVisible();
    await page.getByRole('button', { name: t.toHome }).click();

    await expect(page).toHaveURL(/\/(\?.*)?$/);
    await expect(page.getByText(t.pending(gym.name))).toBeVisible();
  });
}
