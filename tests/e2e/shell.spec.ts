import { type APIRequestContext, expect, type Page, type PlaywrightWorkerArgs, test } from '@playwright/test';
import {
  type ApiSession,
  approvedAddOn,
  askToJoin,
  createGym,
  expectNoSeriousViolations,
  newAccount,
  OPERATOR,
  put,
  signIn,
  signInPage,
} from './resource-helpers.ts';

// The app shell (docs/rules.md#app-shell, docs/rules.md#routes-and-layouts, docs/rules.md#modals-and-errors):
// layouts, header, menus, guards, error screens.

const languages = [
  {
    lng: 'en',
    brand: 'FitDesk',
    logout: 'Log out',
    confirmLogout: 'Are you sure you want to log out?',
    cancel: 'Cancel',
    menu: 'Main menu',
    groups: ['Member', 'Additional services', 'Payment', 'Settings'],
    home: 'Home',
    paymentMethod: 'Payment method (Coming soon)',
    profile: 'Profile',
    allServices: 'All services',
    consulting: 'Consultation and analysis',
    locker: 'Locker',
    unpaid: 'Unpaid balances',
    memberList: 'Members',
    noFacility: 'No facility selected',
    noAccess: 'No access permission.',
  },
  {
    lng: 'ko',
    brand: '핏데스크',
    logout: '로그아웃',
    confirmLogout: '로그아웃 하시겠습니까?',
    cancel: '취소',
    menu: '주 메뉴',
    groups: ['회원', '부가 서비스', '결제', '설정'],
    home: '홈',
    paymentMethod: '결제 수단 (준비 중)',
    profile: '프로필',
    allServices: '전체 서비스',
    consulting: '상담 및 분석 서비스',
    locker: '락커',
    unpaid: '미수금',
    memberList: '회원 목록',
    noFacility: '선택된 시설 없음',
    noAccess: '접근 권한이 없습니다.',
  },
] as const;

let operator: ApiSession;
test.beforeAll(async ({ playwright, baseURL }) => {
  operator = await signIn(playwright, baseURL!, OPERATOR);
});

/** A representative with one verified facility, signed in on the page. */
const ownerWithActiveGym = async (
  {
    page,
    playwright,
    request,
    baseURL,
  }: {
    page: Page;
    playwright: PlaywrightWorkerArgs['playwright'];
    request: APIRequestContext;
    baseURL?: string;
  },
  name: string,
) => {
  const owner = await newAccount(playwright, request, baseURL!, { prefix: 'shell', name, authCode: 'ADMIN' });
  const gym = await createGym(owner, `${name} 피트니스`, 'REQUEST');
  await put(operator, `/web/gym/${gym.id}`, { gymStatus: 'ACTIVE' });
  await signInPage(page, owner);
  return { owner, gym };
};

const shellHeader = (page: Page) => page.locator('header.fd-shell-header');

for (const t of languages) {
  test.describe(`shell (${t.lng})`, () => {
    test('the header is 80 px with the brand and logout; HOME and PROFILE show the three-icon rail', async ({
      page,
      playwright,
      request,
      baseURL,
    }) => {
      await ownerWithActiveGym({ page, playwright, request, baseURL }, '김레일');
      await page.goto(`/?lng=${t.lng}`);
      const header = shellHeader(page);
      await expect(header).toBeVisible();
      expect((await header.boundingBox())?.height).toBe(80);
      await expect(header.getByRole('link', { name: new RegExp(t.brand) })).toBeVisible();
      await expect(header.getByRole('button', { name: t.logout })).toBeVisible();

      const rail = page.getByRole('navigation', { name: t.menu });
      expect((await rail.boundingBox())?.width).toBe(50);
      await expect(rail.getByRole('link', { name: t.home })).toBeVisible();
      await expect(rail.getByRole('button', { name: t.paymentMethod })).toBeDisabled();
      await rail.getByRole('link', { name: t.profile }).click();
      await expect(page).toHaveURL(/\/profile$/);
      await expect(page.getByRole('navigation', { name: t.menu })).toHaveCSS('width', '50px');

      // The brand goes HOME.
      await header.getByRole('link', { name: new RegExp(t.brand) }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page).toHaveTitle(new RegExp(t.brand));
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.+/);
      await expect(page.locator('meta[name="author"]')).toHaveAttribute('content', /핏데스크|FitDesk/);
    });

    test('other pages show the 200 px menu with the facility and the four groups; add-ons only when approved', async ({
      page,
      playwright,
      request,
      baseURL,
      context,
    }) => {
      const { owner, gym } = await ownerWithActiveGym(
        { page, playwright, request, baseURL } as never,
        '박메뉴',
      );
      await page.goto(`/gym-auth?lng=${t.lng}`);
      const menu = page.getByRole('navigation', { name: t.menu });
      await expect(menu).toHaveCSS('width', '200px');
      await expect(menu.getByText(gym.name)).toBeVisible();
      for (const group of t.groups) {
        await expect(menu.getByRole('menuitem', { name: group, exact: true })).toBeVisible();
      }
      // A page opened by its address opens its own group of the menu, with its entry marked.
      await page.goto(`/sales/unpaid?lng=${t.lng}`);
      const unpaid = menu.getByRole('menuitem', { name: t.unpaid, exact: true });
      await expect(unpaid).toBeVisible();
      await expect(unpaid).toHaveClass(/ant-menu-item-selected/);
      await expect(menu.getByRole('menuitem', { name: t.memberList, exact: true })).toBeHidden();

      await menu.getByRole('menuitem', { name: t.groups[1], exact: true }).click();
      await expect(menu.getByRole('menuitem', { name: t.allServices })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: t.consulting })).toHaveCount(0);
      await expect(menu.getByRole('menuitem', { name: t.locker })).toHaveCount(0);

      await approvedAddOn(owner, operator, gym.id, 'CONSULT');
      await page.reload();
      await menu.getByRole('menuitem', { name: t.groups[1], exact: true }).click();
      const consulting = menu.getByRole('link', { name: t.consulting });
      await expect(consulting).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: t.locker })).toHaveCount(0);

      // CONSULT opens the consulting area in a new window, as the facility's master.
      const [popup] = await Promise.all([context.waitForEvent('page'), consulting.click()]);
      await expect(popup).toHaveURL(new RegExp(`/consulting\\?gymId=${gym.id}&gymMaster=Y$`));
      // The tablet opens on its welcome page, without the shell.
      await expect(
        popup.getByRole('button', { name: t.lng === 'en' ? 'Start consultation' : '상담 시작하기' }),
      ).toBeVisible();
      await expect(popup.locator('header.fd-shell-header')).toHaveCount(0);
    });

    test('logout asks first; cancel stays, confirm ends the session and opens LOGIN', async ({
      page,
      playwright,
      request,
      baseURL,
    }) => {
      await ownerWithActiveGym({ page, playwright, request, baseURL }, '이나감');
      await page.goto(`/gym-auth?lng=${t.lng}`);
      await shellHeader(page).getByRole('button', { name: t.logout }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(t.confirmLogout);
      await dialog.getByRole('button', { name: t.cancel }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/gym-auth/);

      await shellHeader(page).getByRole('button', { name: t.logout }).click();
      await page.getByRole('dialog').getByRole('button', { name: t.logout }).click();
      await expect(page).toHaveURL(/\/login/);
      await expect(shellHeader(page)).toHaveCount(0);
      expect((await page.request.get('/web/member/validate')).status()).toBe(401);
    });
  });
}

test('LOGIN and SELECT have neither header nor side menu', async ({ page }) => {
  await page.goto('/login?lng=en');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(shellHeader(page)).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  await page.goto('/select?lng=en');
  await expect(page.getByRole('link', { name: /Facility Management/ }).first()).toBeVisible();
  await expect(shellHeader(page)).toHaveCount(0);
});

test.describe('guards', () => {
  test('the operator gets the access guard on a facility page, and can log out from it (en)', async ({
    page,
  }) => {
    await signInPage(page, OPERATOR);
    await page.goto('/memberManage/list?lng=en');
    await expect(page.getByRole('heading', { name: 'No access permission.' })).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login/);
  });

  test('an add-on page without an approved add-on says "No permission" (ko)', async ({
    page,
    playwright,
    request,
    baseURL,
  }) => {
    await ownerWithActiveGym({ page, playwright, request, baseURL }, '최락커');
    await page.goto('/locker?lng=ko');
    await expect(page.getByRole('heading', { name: '권한이 없습니다' })).toBeVisible();
    await expect(page.getByText('부가서비스 메뉴를 확인해 주세요')).toBeVisible();
  });

  test('a facility page without an active facility asks to choose one (en)', async ({
    page,
    playwright,
    request,
    baseURL,
  }) => {
    const owner = await newAccount(playwright, request, baseURL!, {
      prefix: 'draft',
      name: '정초안',
      authCode: 'ADMIN',
    });
    await createGym(owner, '정초안 짐');
    await signInPage(page, owner);
    await page.goto('/memberManage/list?lng=en');
    await expect(page.getByRole('heading', { name: 'No facility selected' })).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: /home/i }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown path shows "404 / Page not found" after a second (ko)', async ({
    page,
    playwright,
    request,
    baseURL,
  }) => {
    await ownerWithActiveGym({ page, playwright, request, baseURL }, '한없음');
    await page.goto('/no-such-page?lng=ko');
    await expect(page.getByText('404')).toBeVisible();
    await expect(page.getByText('페이지를 찾을 수 없습니다')).toBeVisible();
  });

  test('an error reaching the boundary shows "ERROR 발생" with its status, and reset goes HOME (en)', async ({
    page,
    playwright,
    request,
    baseURL,
  }) => {
    await ownerWithActiveGym({ page, playwright, request, baseURL }, '오류남');
    await page.goto('/gym-auth/show/2147483000?lng=en');
    await expect(page.getByText('ERROR 발생')).toBeVisible();
    await expect(page.getByText('404', { exact: false }).first()).toBeVisible();
    await page.getByRole('button', { name: /reset/i }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('ERROR 발생')).toHaveCount(0);
  });
});

test.describe('consulting layout', () => {
  test('without gymId it shows the generic unavailable page (en)', async ({
    page,
    playwright,
    request,
    baseURL,
  }) => {
    await ownerWithActiveGym({ page, playwright, request, baseURL }, '상담없음');
    await page.goto('/consulting?lng=en');
    await expect(page.getByRole('heading', { name: 'This service is not available' })).toBeVisible();
    await expect(shellHeader(page)).toHaveCount(0);
  });

  test('without an approved CONSULT add-on it shows "not available" (en)', async ({
    page,
    playwright,
    request,
    baseURL,
  }) => {
    const { gym } = await ownerWithActiveGym({ page, playwright, request, baseURL }, '상담미승인');
    await page.goto(`/consulting?gymId=${gym.id}&gymMaster=Y&lng=en`);
    await expect(page.getByRole('heading', { name: 'Consultation service not available' })).toBeVisible();
  });

  test('an unknown facility opens the "gym information not found" modal (ko)', async ({
    page,
    playwright,
    request,
    baseURL,
  }) => {
    await ownerWithActiveGym({ page, playwright, request, baseURL }, '상담모름');
    await page.goto('/consulting?gymId=2147483000&lng=ko');
    await expect(page.getByRole('dialog')).toContainText('헬스장 정보를 찾을 수 없습니다.');
  });
});

test('a stored id that cannot be restored alerts "A problem has occurred." (en)', async ({
  page,
  playwright,
  request,
  baseURL,
}) => {
  await ownerWithActiveGym({ page, playwright, request, baseURL }, '복원실패');
  await page.goto('/profile?lng=en');
  await expect(shellHeader(page)).toBeVisible();
  // Someone else's id: the server answers 404, as it does for any member one may not read.
  await page.evaluate(() => sessionStorage.setItem('id', '2147483000'));
  await page.reload();
  await expect(page.getByRole('dialog')).toContainText('A problem has occurred.');
});

test('no outside script is loaded without its key', async ({ page, playwright, request, baseURL }) => {
  await ownerWithActiveGym({ page, playwright, request, baseURL }, '스크립트');
  await page.goto('/?lng=en');
  await expect(shellHeader(page)).toBeVisible();
  await expect(page.locator('script[src*="kakao"], script[src*="channel.io"]')).toHaveCount(0);
});

test('HOME has no serious accessibility violations in the shell (ko)', async ({
  page,
  playwright,
  request,
  baseURL,
}) => {
  await ownerWithActiveGym({ page, playwright, request, baseURL }, '접근성');
  await page.goto('/gym-auth?lng=ko');
  await expect(page.getByRole('navigation', { name: '주 메뉴' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test.describe('facility selection (docs/rules.md#facility-selection)', () => {
  test('the first facility is chosen on load; leaving HOME keeps only an ACTIVE choice (en)', async ({
    page,
    playwright,
    request,
    baseURL,
  }) => {
    const { owner, gym: active } = await ownerWithActiveGym({ page, playwright, request, baseURL }, '윤선택');
    const draft = await createGym(owner, '윤선택 초안');
    const card = (name: string) => page.getByRole('button', { name: new RegExp(name) });
    const stored = () => page.evaluate(() => sessionStorage.getItem('selectedGymId'));
    const rail = page.getByRole('navigation', { name: 'Main menu' });

    await page.goto('/?lng=en');
    await expect(card(active.name)).toHaveAttribute('aria-pressed', 'true');
    await card(draft.name).click();
    await expect(card(draft.name)).toHaveAttribute('aria-pressed', 'true');
    expect(await stored()).toBe(String(draft.id));

    // A draft is not kept outside HOME.
    await rail.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect.poll(stored).toBeNull();

    // Back on HOME the first facility is chosen again, and an ACTIVE one is kept on leaving.
    await rail.getByRole('link', { name: 'Home' }).click();
    await expect(card(active.name)).toHaveAttribute('aria-pressed', 'true');
    await rail.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    expect(await stored()).toBe(String(active.id));
    await page.goto('/gym-auth?lng=en');
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByText(active.name)).toBeVisible();
  });

  test('entering the add-on pages fetches the subscriptions again (ko)', async ({
    page,
    playwright,
    request,
    baseURL,
  }) => {
    const { owner, gym } = await ownerWithActiveGym({ page, playwright, request, baseURL }, '구독갱신');
    await page.goto('/gym-auth?lng=ko');
    const menu = page.getByRole('navigation', { name: '주 메뉴' });
    await menu.getByRole('menuitem', { name: '부가 서비스' }).click();
    await expect(menu.getByRole('menuitem', { name: '락커' })).toHaveCount(0);

    await approvedAddOn(owner, operator, gym.id, 'LOCKER');
    await menu.getByRole('link', { name: '전체 서비스' }).click();
    await expect(page).toHaveURL(/\/gym-sub-service/);
    await expect(menu.getByRole('menuitem', { name: /락커/ })).toBeVisible();
  });
});

for (const lng of ['en', 'ko'] as const) {
  test(`a failed query answering 400 opens the ":::400:::" alert (${lng})`, async ({
    page,
    playwright,
    request,
    baseURL,
  }) => {
    await ownerWithActiveGym({ page, playwright, request, baseURL }, '사백');
    await page.goto(`/gym-auth?lng=${lng}`);
    const search = page.getByRole('textbox', { name: lng === 'en' ? 'Search' : '검색' });
    // The API takes at most 100 characters of search text (docs/rules.md#modals-and-errors: a 400 opens this
    // alert).
    await search.fill('a'.repeat(101));
    await search.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(':::400:::');
    await dialog.getByRole('button', { name: lng === 'en' ? 'OK' : '확인' }).click();
    await expect(dialog).toBeHidden();
  });
}

for (const t of languages) {
  test(`an approved worker's menu follows their permission set (${t.lng})`, async ({
    page,
    playwright,
    request,
    baseURL,
  }) => {
    const { owner, gym } = await ownerWithActiveGym({ page, playwright, request, baseURL }, '권한대표');
    // A set that reads members and consultations, and nothing else.
    const created = await owner.api.post('/web/gym-auth', {
      data: { gymId: gym.id, name: 'Reception', memberUseYn: true, consultUseYn: true },
    });
    expect(created.status()).toBe(201);
    const set = (await created.json()).data as { id: number };

    const worker = await newAccount(playwright, request, baseURL!, {
      prefix: 'menuwk',
      name: '메뉴직원',
      authCode: 'MEMBER',
    });
    const link = await askToJoin(worker, gym.id);
    await put(owner, `/web/gym-member/${link.id}`, { status: 'ACTIVE', gymAuthId: set.id });

    await page.context().clearCookies();
    await signInPage(page, worker);
    await page.goto(`/gym-member?lng=${t.lng}`);
    const menu = page.getByRole('navigation', { name: t.menu });
    await expect(menu.getByText(gym.name)).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: t.groups[0], exact: true })).toBeVisible();
    // No add-on, payment or settings rights: those groups are gone.
    for (const group of t.groups.slice(1)) {
      await expect(menu.getByRole('menuitem', { name: group, exact: true })).toHaveCount(0);
    }
    // A page outside the set is refused by the guard.
    await page.goto(`/setting/gym?lng=${t.lng}`);
    await expect(page.getByRole('heading', { name: t.noAccess })).toBeVisible();
  });
}
