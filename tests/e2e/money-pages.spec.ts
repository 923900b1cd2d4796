import { expect, type Page, test } from '@playwright/test';
import { type ApiSession, expectNoSeriousViolations, getJson, signIn } from './helpers.ts';

// Every page of the money issue (issue 15) on the demo facility, which the demo seed fills with six months of sales,
// payments, refunds, balances, expenses, receipts, products and a running promotion: axe finds nothing serious on
// a desk screen (English), and on a 360 px phone (Korean) the page body never scrolls sideways.
// One signed-in demo owner per worker; one visit per page and check.
test.describe.configure({ timeout: 480_000 });

const DEMO = { userId: 'demo', password: 'demo1234' } as const;
const PHONE = { width: 360, height: 740 };

type State = Awaited<ReturnType<ApiSession['api']['storageState']>>;
let state: State;
let pages: string[];

test.beforeAll(async ({ playwright, baseURL }) => {
  const demo = await signIn(playwright, baseURL!, DEMO);
  try {
    const gyms = await getJson<{ id: number; gymStatus: string }[]>(demo, `/web/member/gym-list/${demo.id}`);
    const gymId = gyms.find((g) => g.gymStatus === 'ACTIVE')!.id;
    const [product] = await getJson<{ id: number }[]>(demo, `/web/product/list/${gymId}?_start=0&_end=1`);
    // A payment request for one of the demo balances: its link is shown once, so a new one is made here.
    const unpaid = await getJson<{ rows: { saleId: number; owed: number }[] }>(
      demo,
      `/web/sales/unpaid?gymId=${gymId}&_start=0&_end=1`,
    );
    const sale = unpaid.rows[0]!;
    const made = await demo.api.post('/web/pay-request', { data: { gymId, saleId: sale.saleId } });
    expect(made.status(), await made.text()).toBe(201);
    const link = new URL((await made.json()).data.url as string, baseURL);
    pages = [
      '/',
      '/pay/payment',
      '/pay/history',
      '/sales/unpaid',
      '/sales/management',
      '/sales/statistics',
      '/revenue/revenue-history',
      '/revenue/revenue-chart',
      '/pay/expenditure',
      '/manage/receipt',
      '/product/manage',
      '/product/manage/add',
      `/product/manage/info?id=${product!.id}`,
      `/product/manage/detail?id=${product!.id}`,
      '/product/group',
      '/product/promotion',
      `${link.pathname}${link.search}`,
      '/pay/req?token=not-a-valid-token-at-all',
    ];
    state = await demo.api.storageState();
  } finally {
    await demo.api.dispose();
  }
});

/** Opens a page and waits for its content: a heading, and no spinner or skeleton left. */
const open = async (page: Page, path: string, lng: 'ko' | 'en') => {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${lng}`);
  await expect(page.locator('main h1').first(), path).toBeVisible();
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton'), path).toHaveCount(0);
};

/** The document is no wider than the screen: nothing makes the page body scroll sideways. */
const expectFits = async (page: Page, path: string) => {
  const { scrollWidth, clientWidth, wide } = await page.evaluate(() => {
    const clientWidth = document.documentElement.clientWidth;
    return {
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth,
      // On failure, name what sticks out.
      wide: [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > clientWidth + 0.5)
        .slice(0, 5)
        .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`),
    };
  });
  expect(scrollWidth, `${path}: no sideways scroll (${wide.join(', ')})`).toBeLessThanOrEqual(clientWidth);
};

/** Runs a check on every page and reports every page that fails, not only the first. */
const everyPage = async (
  page: Page,
  lng: 'ko' | 'en',
  check: (page: Page, path: string) => Promise<void>,
) => {
  const failures: string[] = [];
  for (const path of pages) {
    try {
      await open(page, path, lng);
      await check(page, path);
    } catch (error) {
      failures.push(`${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  expect(failures).toEqual([]);
};

test('every money page is axe-clean on a desk screen (en)', async ({ browser }) => {
  const context = await browser.newContext({ storageState: state, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await everyPage(page, 'en', () => expectNoSeriousViolations(page));
  await context.close();
});

// axe ran on the desk screen above: the phone layout is the same markup, so here only the width is checked.
test('every money page fits a 360 px phone (ko)', async ({ browser }) => {
  const context = await browser.newContext({ storageState: state, viewport: PHONE });
  const page = await context.newPage();
  await everyPage(page, 'ko', (_, path) => expectFits(page, path));
  await context.close();
});
