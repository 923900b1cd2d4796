import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { resources } from '#domain/resources/index.ts';
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
} from './helpers.ts';

// The back-office and the public pages on a phone (390×844, docs/DECISIONS.md: the 900 px content minimum holds
// from the tablet breakpoint up): the document never scrolls sideways, header texts stay on one line, the menu
// is a drawer. One page visit per check; one owner and the operator signed in once per worker.
// Each "every page" walk takes about 3.4 min beside the other worker on a two-core CI machine; 4 min ran out there
// under extra load, so they get 8.
test.describe.configure({ timeout: 480_000 });

const PHONE = { width: 390, height: 844 };
const LANGUAGES = ['ko', 'en'] as const;
type Language = (typeof LANGUAGES)[number];

// A long Korean name: it used to break as "김/대/표" in the header.
const OWNER = '김대표';

// Every list the generic screens register (src/resources/registry.ts reads the same declarations): a facility's
// at /<name> when a facility right opens it, the operator's at /admin/<name>.
// A resource with bespoke pages (ownerPages) has no generic screen for the facility; its pages are listed below.
const ownerLists = resources
  .filter((r) => r.operations.includes('list') && r.access.list?.gym && !r.ownerPages)
  .map((r) => `/${r.name}`);
const ownerCreates = resources
  .filter((r) => r.operations.includes('create') && r.schemas.create && r.access.create?.gym && !r.ownerPages)
  .map((r) => `/${r.name}/create`);
const adminLists = resources
  .filter((r) => r.operations.includes('list') && (r.access.list?.superadmin || r.access.list?.signedIn))
  .map((r) => `/admin/${r.name}`);

/** The owner's pages: HOME, PROFILE, the facility settings (src/App.tsx) and the generic screens. */
const OWNER_PAGES = [
  '/',
  '/profile',
  '/setting/gym',
  '/setting/gym/permission',
  '/setting/gym/worker/detail',
  '/setting/gym/audit',
  '/memberManage/list',
  '/ticket/list',
  '/ticket/list/add',
  '/ticket/issueList',
  '/memberManage/consult-list',
  '/plan/schedule',
  '/plan/reservationHistory',
  '/trainer',
  ...ownerLists,
  ...ownerCreates,
];
const OPERATOR_PAGES = [
  '/admin/review/facilities',
  '/admin/review/add-ons',
  '/admin/operations/outbox',
  '/admin/operations/backups',
  ...adminLists,
];
const PUBLIC_PAGES = ['/login', '/join', '/select'];

let owner: ApiSession;
let operator: ApiSession;
type State = Awaited<ReturnType<ApiSession['api']['storageState']>>;
let ownerState: State;
let gymId: number;
let operatorState: State;

test.beforeAll(async ({ playwright, request, baseURL }) => {
  operator = await signIn(playwright, baseURL!, OPERATOR);
  owner = await newAccount(playwright, request, baseURL!, {
    prefix: 'mobile',
    name: OWNER,
    authCode: 'ADMIN',
  });
  const gym = await createGym(owner, `${OWNER} 피트니스 강남점`, 'REQUEST');
  await put(operator, `/web/gym/${gym.id}`, { gymStatus: 'ACTIVE' });
  await approvedAddOn(owner, operator, gym.id, 'CONSULT');
  gymId = gym.id;
  ownerState = await owner.api.storageState();
  operatorState = await operator.api.storageState();
});

test.afterAll(async () => {
  await owner?.api.dispose();
  await operator?.api.dispose();
});

const phone = async (browser: Browser, storageState?: State): Promise<Page> => {
  const context = await browser.newContext({ viewport: PHONE, storageState });
  return context.newPage();
};

/** The document's width: what a sideways scroll would reveal. */
const documentWidths = (page: Page) =>
  page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));

/** How many lines the element's text takes (by the distinct tops of its text's boxes). */
const linesOf = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const tops = new Set(
      [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
    );
    return tops.size;
  });

/**
 * The texts of the page's header (the shell's, the console's, the landing's, or the sign-in card's top row) that
 * take more than one line: a word broken in two, such as "김/대/표". Each visible text node is measured; a
 * badge's rolling digits and visually hidden labels are not shown text.
 */
const brokenHeaderTexts = (page: Page) =>
  page
    .locator('header.fd-shell-header, .ant-layout-header, header.fd-m-header, .fd-card-top')
    .first()
    .evaluate((header) => {
      const broken: string[] = [];
      let count = 0;
      const walker = document.createTreeWalker(header, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!node.textContent?.trim() || !parent) continue;
        if (parent.closest('.ant-badge, .fd-m-visually-hidden') || parent.offsetParent === null) continue;
        count += 1;
        const range = document.createRange();
        range.selectNodeContents(node);
        const tops = new Set(
          [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
        );
        if (tops.size > 1) broken.push(node.textContent.trim());
      }
      return { count, broken };
    });

/** Every header text (brand, names, buttons, links) sits on one line. */
const expectHeaderOnOneLine = async (page: Page, path: string) => {
  const { count, broken } = await brokenHeaderTexts(page);
  expect(count, `${path}: a header`).toBeGreaterThan(0);
  expect(broken, `${path}: header texts on more than one line`).toEqual([]);
};

const expectFits = async (page: Page, path: string) => {
  const { scrollWidth, clientWidth } = await documentWidths(page);
  // On failure, name what sticks out.
  const wide =
    scrollWidth > clientWidth
      ? await page.evaluate(
          (width) =>
            [...document.querySelectorAll('body *')]
              .filter((element) => element.getBoundingClientRect().right > width)
              .slice(0, 5)
              .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`),
          clientWidth,
        )
      : [];
  expect(scrollWidth, `${path}: no sideways scroll (${wide.join(', ')})`).toBeLessThanOrEqual(clientWidth);
};

/** Opens each path on the phone and checks it fits, once its main content has shown. */
const visitAll = async (
  page: Page,
  paths: readonly string[],
  lng: Language,
  ready: (page: Page) => Locator,
  header = true,
) => {
  for (const path of paths) {
    await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${lng}`);
    await expect(ready(page), path).toBeVisible();
    // Wait for the content itself, not only the frame.
    await expect(page.locator('.ant-spin-spinning, .ant-skeleton')).toHaveCount(0);
    await expectFits(page, path);
    if (header) await expectHeaderOnOneLine(page, path);
  }
};

for (const lng of LANGUAGES) {
  test.describe(`on a phone (${lng})`, () => {
    test('every page of the owner fits the screen, and the header keeps brand, bell and menu button', async ({
      browser,
    }) => {
      const page = await phone(browser, ownerState);
      await visitAll(page, OWNER_PAGES, lng, (p) =>
        p.locator('main h1, main h2, main h3, main h4, main table').first(),
      );
      // The header holds the brand, the bell and the menu button; the name and language are in the drawer.
      const header = page.locator('header.fd-shell-header');
      await expect(
        header.getByRole('button', { name: lng === 'ko' ? '메뉴 열기' : 'Open menu' }),
      ).toBeVisible();
      await expect(header.getByText(OWNER)).toHaveCount(0);
      await expect(header.getByRole('button', { name: lng === 'ko' ? '로그아웃' : 'Log out' })).toHaveCount(
        0,
      );
      // The consulting pipeline and the tablet have no shell header: they only must not scroll sideways.
      await visitAll(
        page,
        ['/crm', `/consulting?gymId=${gymId}&gymMaster=Y`],
        lng,
        (p) => p.locator('main h1, main h2, main h3, main h4').first(),
        false,
      );
      await page.context().close();
    });

    test('the operator console fits the screen', async ({ browser }) => {
      const page = await phone(browser, operatorState);
      await visitAll(page, OPERATOR_PAGES, lng, (p) =>
        p.locator('main h1, main h2, main h3, main h4, main table').first(),
      );
      await page.context().close();
    });

    test('sign-in, join and the landing fit the screen', async ({ browser }) => {
      const page = await phone(browser);
      await visitAll(page, PUBLIC_PAGES, lng, (p) => p.locator('main').first());
      await page.context().close();
    });

    test('the menu drawer opens from the header, shows the name, and navigates', async ({ browser }) => {
      const page = await phone(browser, ownerState);
      const t =
        lng === 'ko'
          ? { open: '메뉴 열기', member: '회원', list: '회원 목록', home: '홈', menu: '주 메뉴' }
          : { open: 'Open menu', member: 'Member', list: 'Members', home: 'Home', menu: 'Main menu' };
      await page.goto(`/?lng=${lng}`);
      const button = page.locator('header.fd-shell-header').getByRole('button', { name: t.open });
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await button.click();
      const drawer = page.getByRole('dialog');
      await expect(drawer).toBeVisible();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      // The member's name, one line, and the language switch and logout are in the drawer.
      const name = drawer.locator('.fd-shell-member');
      await expect(name).toHaveText(OWNER);
      expect(await linesOf(name)).toBe(1);
      await expect(drawer.getByRole('radiogroup')).toBeVisible();
      const logout = drawer.getByRole('button', { name: lng === 'ko' ? '로그아웃' : 'Log out' });
      await expect(logout).toBeVisible();
      await expectNoSeriousViolations(page);

      // A dialog fits the screen with 16 px to spare on each side; cancelling keeps the session.
      await logout.click();
      const confirm = page
        .locator('.ant-modal')
        .filter({ hasText: lng === 'ko' ? '로그아웃 하시겠습니까?' : 'log out?' });
      await expect(confirm).toBeVisible();
      // Polled: the dialog zooms in from the button.
      await expect
        .poll(async () => {
          const box = await confirm.boundingBox();
          return box && box.x >= 16 && box.x + box.width <= PHONE.width - 16;
        })
        .toBe(true);
      await confirm.getByRole('button', { name: lng === 'ko' ? '취소' : 'Cancel' }).click();
      await expect(confirm).toBeHidden();

      // On HOME no group is open: Member opens its entries.
      const menu = drawer.getByRole('navigation', { name: t.menu });
      await expect(menu.getByRole('link', { name: t.list })).toBeHidden();
      await menu.getByRole('menuitem', { name: t.member, exact: true }).click();
      await menu.getByRole('link', { name: t.list }).click();
      await expect(page).toHaveURL(/\/memberManage\/list(\?|$)/);
      await expect(drawer).toBeHidden();
      await expect(page.getByRole('table')).toBeVisible();
      await expectFits(page, '/memberManage/list');

      // And back HOME through the drawer.
      await button.click();
      await page.getByRole('dialog').getByRole('link', { name: t.home }).click();
      await expect(page).toHaveURL(/\/(\?|$)/);
      await page.context().close();
    });

    test('HOME: the facility panel is a sheet, and the quick links take one Tab each with a ring', async ({
      browser,
    }) => {
      const page = await phone(browser, ownerState);
      await page.goto(`/?lng=${lng}`);
      const sheetButton = page.getByRole('button', {
        name: lng === 'ko' ? /^내 시설 · / : /^My facilities · /,
      });
      await expect(sheetButton).toHaveAttribute('aria-expanded', 'false');
      await sheetButton.click();
      const sheet = page.getByRole('dialog');
      await expect(sheet.getByRole('button', { name: new RegExp(`${OWNER} 피트니스`) })).toBeVisible();
      await sheet.getByRole('button', { name: new RegExp(`${OWNER} 피트니스`) }).click();
      await expect(sheet).toBeHidden();
      await expectNoSeriousViolations(page);

      // Each quick link is one Tab stop, with a visible focus ring.
      const links = page
        .getByRole('navigation', { name: lng === 'ko' ? '바로 가기' : 'Quick links' })
        .getByRole('link');
      await expect(links.first()).toBeVisible();
      await links.first().focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await expect(links.nth(0)).toBeFocused();
      const ring = await links.nth(0).evaluate((element) => getComputedStyle(element).outlineStyle);
      expect(ring).not.toBe('none');
      await page.keyboard.press('Tab');
      await expect(links.nth(1)).toBeFocused();
      await page.context().close();
    });
  });
}

// docs/rules.md#lists-and-search: the demo's lists on a phone, as the demo's representative (every list the demo
// fills, with every kind of row it has). The document never scrolls sideways; each row's name (pinned at the start)
// keeps every text on one line, never "김/신/규", and its figure (pinned at the end) shows inside the screen while
// the columns between scroll inside the table.
const DEMO = { userId: 'demo', password: 'demo1234' } as const;
// The receipts page shows the month: early in a month it may hold no row yet.
const DEMO_LISTS: { path: string; tab?: string; maybeEmpty?: true }[] = [
  { path: '/memberManage/list' },
  { path: '/pay/history' },
  { path: '/sales/unpaid' },
  { path: '/sales/management' },
  { path: '/ticket/issueList' },
  { path: '/memberManage/consult-list' },
  { path: '/locker', tab: '만료 임박' },
  { path: '/locker', tab: '만료 미반납' },
  { path: '/manage/entryList' },
  { path: '/manage/receipt', maybeEmpty: true },
  { path: '/manage/receipt', tab: '세금계산서', maybeEmpty: true },
  { path: '/pay/expenditure' },
  // A pending join request (newbie), a sent invitation (invitee) and the staff.
  { path: '/setting/gym/worker/detail' },
];

/** Each list with rows: its pinned name and figure in the first rows, measured as they show. */
const pinnedCells = (page: Page) =>
  page.evaluate(() => {
    const linesOf = (element: Element) => {
      const broken: string[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const tops = new Set(
          [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
        );
        if (tops.size > 1) broken.push(node.textContent.trim());
      }
      return broken;
    };
    const tables = [...document.querySelectorAll('main .ant-table')].filter(
      (table) =>
        table.querySelector('tbody tr.ant-table-row') && (table as HTMLElement).offsetParent !== null,
    );
    return tables.map((table) =>
      [...table.querySelectorAll('tbody tr.ant-table-row')].slice(0, 8).map((row) => {
        const starts = [...row.querySelectorAll('td.ant-table-cell-fix-left')].filter(
          (cell) => !cell.classList.contains('ant-table-selection-column'),
        );
        const name = starts.at(-1);
        const figure = row.querySelector('td.ant-table-cell-fix-right');
        const box = (cell: Element | null | undefined) => {
          if (!cell) return null;
          const r = cell.getBoundingClientRect();
          return { left: Math.round(r.left), right: Math.round(r.right) };
        };
        return {
          name: name?.textContent?.trim() ?? null,
          broken: name ? linesOf(name) : [],
          nameBox: box(name),
          figure: figure?.textContent?.trim() ?? null,
          figureBox: box(figure),
        };
      }),
    );
  });

for (const { path, tab, maybeEmpty } of DEMO_LISTS) {
  const list = `${path}${tab ? ` (${tab})` : ''}`;
  test(`the demo's ${list} on a phone: no sideways page, names on one line, figures in view (ko)`, async ({
    browser,
  }) => {
    for (const width of [390, 360]) {
      const where = `${list} at ${width} px`;
      const context = await browser.newContext({ viewport: { width, height: 844 } });
      const page = await context.newPage();
      await signInPage(page, DEMO);
      await page.goto(`${path}?lng=ko`);
      // A page opened cold on a loaded two-core machine may take its time (playwright.config.ts).
      await expect(page.locator('main h1, main h2').first(), where).toBeVisible({ timeout: 60_000 });
      if (tab) await page.getByRole('tab', { name: tab, exact: true }).click();
      // A tab's list: the other tabs' lists stay in the page, hidden.
      const rows = page.locator('main tbody tr.ant-table-row:visible');
      await expect(
        maybeEmpty ? rows.or(page.locator('main .ant-table-placeholder:visible')).first() : rows.first(),
        where,
      ).toBeVisible();
      await expect(page.locator('.ant-spin-spinning, .ant-skeleton')).toHaveCount(0);
      await expectFits(page, where);
      const tables = maybeEmpty && (await rows.count()) === 0 ? [] : await pinnedCells(page);
      if (!maybeEmpty) expect(tables.length, `${where}: a list with rows`).toBeGreaterThan(0);
      for (const cells of tables)
        for (const row of cells) {
          expect(row.name, `${where}: a pinned name`).toBeTruthy();
          expect(row.broken, `${where}: ${row.name} broken over lines`).toEqual([]);
          expect(row.nameBox!.left, `${where}: ${row.name} in view`).toBeGreaterThanOrEqual(0);
          expect(row.figure, `${where}: ${row.name}'s pinned figure`).not.toBeNull();
          expect(row.figureBox!.right, `${where}: ${row.name}'s ${row.figure} in view`).toBeLessThanOrEqual(
            width,
          );
          expect(row.figureBox!.left, `${where}: ${row.figure} after ${row.name}`).toBeGreaterThanOrEqual(
            row.nameBox!.right,
          );
        }
      await context.close();
    }
  });
}

// docs/rules.md#home: the day's figures come first, above the fold on a phone and on a desk, with the demo's
// notices (approved add-ons, the waiting consults as one line) after them.
for (const viewport of [PHONE, { width: 1366, height: 768 }]) {
  test(`HOME keeps the day's figures above the fold at ${viewport.width}x${viewport.height} (ko)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await signInPage(page, DEMO);
    const listed = page.waitForResponse((response) => response.url().includes('/web/notification/list'));
    await page.goto('/?lng=ko');
    await listed;
    const figures = page.locator('section.fd-today');
    await expect(figures.getByRole('list')).toBeVisible();
    await expect(figures.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(figures.getByRole('listitem').first()).toBeVisible();
    const box = await figures.boundingBox();
    expect(box!.y + box!.height, 'the figures end above the fold').toBeLessThanOrEqual(viewport.height);
    // The demo's unread notices (another spec may have read them) come after the figures.
    const notices = page.getByRole('region', { name: '최근 알림' });
    if ((await notices.count()) === 0) {
      await context.close();
      return;
    }
    const noticesBox = await notices.boundingBox();
    expect(noticesBox!.y).toBeGreaterThanOrEqual(box!.y + box!.height);
    // The waiting consults are one line with a link to the list, not one notice each.
    const waiting = notices.locator('.fd-notice-waiting');
    if ((await waiting.count()) > 0) {
      await expect(waiting).toHaveCount(1);
      await expect(waiting.getByRole('link', { name: '상담 목록' })).toHaveAttribute(
        'href',
        '/memberManage/consult-list',
      );
    }
    await context.close();
  });
}

test('the Korean pager reads in Korean, not "20 / page"', async ({ browser }) => {
  const page = await phone(browser, operatorState);
  await page.goto('/admin/member?lng=ko');
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.locator('body')).not.toContainText('/ page');
  await page.context().close();
});

test('the landing: the section menu opens from a button, and "+" confirms beside itself', async ({
  browser,
}) => {
  const page = await phone(browser);
  await page.goto('/select?lng=ko');
  const button = page.getByRole('button', { name: '섹션 메뉴' });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  const nav = page.getByRole('navigation', { name: '섹션' });
  await expect(nav.getByRole('link', { name: '요금' })).toBeHidden();
  // The keyboard opens it.
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: '요금' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await nav.getByRole('link', { name: '요금' }).click();
  await expect(page).toHaveURL(/#pricing$/);
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  const add = page.getByRole('button', { name: '쌀밥 추가' });
  await add.click();
  const status = add.locator('..').getByRole('status');
  await expect(status).toHaveText('쌀밥 1인분을 식단에 담았습니다 · × 1');
  await add.click();
  await expect(status).toHaveText('쌀밥 1인분을 식단에 담았습니다 · × 2');
  await page.context().close();
});
