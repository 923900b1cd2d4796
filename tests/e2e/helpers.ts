import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  expect,
  type Page,
  type PlaywrightWorkerArgs,
  request as playwrightRequest,
} from '@playwright/test';
import { DEMO_VERIFICATION } from '../../domain/demo.ts';
import { baseURL } from '../../playwright.config.ts';
import { solidPng } from '../../server/seed/demo-files.ts';

// The one e2e helper module (tests/e2e/resource-helpers.ts re-exports it): seeds through the real API, each
// account with its own request context so its session cookie is its own, and the few page steps the specs share
// (docs/architecture.md#tests).

export const uniqueUserId = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

/** A made-up client address in 10.0.0.0/8 for a seeded visitor. */
let mobileSeq = 0;
/** A fresh mobile number (010 and 8 digits) for a customer or a prospect made by a test. */
export const uniqueMobile = () =>
  `010${String(Date.now() % 10_000).padStart(4, '0')}${String(++mobileSeq + Math.floor(Math.random() * 9000)).padStart(4, '0')}`;

export const visitorAddress = () => {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${(c! % 250) + 1}`;
};

/** Seeds an account through the real API: seed data goes through the API, not the UI. */
export const joinThroughApi = async (
  request: APIRequestContext,
  account: { userId: string; password: string; name: string; authCode?: 'ADMIN' | 'MEMBER' },
) => {
  const response = await request.post('/web/member', {
    // Each seeded account joins from its own address, as separate visitors would; the server trusts
    // X-Forwarded-For here (TRUST_PROXY in playwright.config.ts), so the per-address join limit stays real.
    headers: { 'x-forwarded-for': visitorAddress() },
    data: {
      phone: '01012345678',
      authCode: 'ADMIN',
      consents: { terms: true, privacy: true },
      ...account,
    },
  });
  if (response.status() !== 201)
    throw new Error(`join failed: ${response.status()} ${await response.text()}`);
  return (await response.json()).data as { id: number; userId: string; name: string };
};

// E2E_STATE_DIR lets two runs in one work tree keep their sign-ins apart (with E2E_PORT).
export const OWNER_STATE = `${process.env.E2E_STATE_DIR ?? '.tmp/e2e-state'}/owner.json`;
export const OWNER_NAME = '박대표';

/** The operator bootstrapped on the browser-test server (playwright.config.ts). */
export const OPERATOR = { userId: 'e2eoperator', password: 'operator1234' } as const;

/** A 1×1 PNG: a real image, enough for a document the server checks by its content. */
const TINY_PNG = solidPng(1, 1, [90, 140, 200]);

/**
 * The two documents a review needs (docs/rules.md#verification), uploaded with type ETC through the signed-in
 * context that will send the facility: the server accepts only the caller's own uploads.
 */
export const uploadReviewDocuments = async (
  request: APIRequestContext,
): Promise<{ businessUrlImgUrl: string; representIdImgUrl: string }> => {
  const upload = async (name: string) => {
    const response = await request.post('/web/file/upload?type=ETC', {
      multipart: { file: { name, mimeType: 'image/png', buffer: TINY_PNG } },
    });
    if (response.status() !== 201)
      throw new Error(`upload ${name} failed: ${response.status()} ${await response.text()}`);
    return ((await response.json()).data as string[])[0]!;
  };
  return {
    businessUrlImgUrl: await upload('business-registration.png'),
    representIdImgUrl: await upload('representative-id.png'),
  };
};

/**
 * A verified (ACTIVE) facility made through the real API: a new owner submits it, the operator approves it.
 * Each call signs in with its own request context, so the caller's cookies are untouched.
 */
export const createActiveGym = async (
  request: APIRequestContext,
  gym: { name: string; address?: string },
): Promise<{ id: number; name: string; ownerUserId: string; ownerPassword: string }> => {
  const ownerUserId = uniqueUserId('gymowner');
  const ownerPassword = 'owner1234';
  await joinThroughApi(request, { userId: ownerUserId, password: ownerPassword, name: '대표자' });
  const owner = await signIn({ request: playwrightRequest }, baseURL, {
    userId: ownerUserId,
    password: ownerPassword,
  });
  const operator = await signIn({ request: playwrightRequest }, baseURL, OPERATOR);
  try {
    const created = await owner.api.post('/web/gym', {
      data: {
        name: gym.name,
        ...DEMO_VERIFICATION,
        ...(await uploadReviewDocuments(owner.api)),
        address: gym.address ?? '서울특별시 강남구 테헤란로 1',
        gymStatus: 'REQUEST',
      },
    });
    if (created.status() !== 201)
      throw new Error(`create gym failed: ${created.status()} ${await created.text()}`);
    const { id } = (await created.json()).data as { id: number };
    const approved = await operator.api.put(`/web/gym/${id}`, { data: { gymStatus: 'ACTIVE' } });
    if (approved.status() !== 200)
      throw new Error(`approve gym failed: ${approved.status()} ${await approved.text()}`);
    return { id, name: gym.name, ownerUserId, ownerPassword };
  } finally {
    await owner.api.dispose();
    await operator.api.dispose();
  }
};

/** What signIn needs of Playwright: its request API (the `playwright` fixture, or `request` imported). */
type Playwright = Pick<PlaywrightWorkerArgs['playwright'], 'request'>;

export type ApiSession = {
  api: APIRequestContext;
  id: number;
  userId: string;
  password: string;
  name: string;
};

const expectStatus = async (
  response: { status: () => number; text: () => Promise<string> },
  status: number,
) => {
  if (response.status() !== status)
    throw new Error(`expected ${status}, got ${response.status()}: ${await response.text()}`);
};

export const signIn = async (
  playwright: Playwright,
  baseURL: string,
  account: { userId: string; password: string },
): Promise<ApiSession> => {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'Accept-Language': 'en' } });
  const response = await api.post('/web/member/login', {
    data: account,
    headers: { 'x-forwarded-for': visitorAddress() },
  });
  await expectStatus(response, 200);
  const member = (await response.json()).data as { id: number; name: string };
  return { api, id: member.id, name: member.name, ...account };
};

/** A new account (ADMIN: a representative; MEMBER: a worker), signed in. */
export const newAccount = async (
  playwright: Playwright,
  request: APIRequestContext,
  baseURL: string,
  { prefix, name, authCode }: { prefix: string; name: string; authCode: 'ADMIN' | 'MEMBER' },
): Promise<ApiSession> => {
  const userId = uniqueUserId(prefix);
  const password = `${prefix}pass123`;
  await joinThroughApi(request, { userId, password, name, authCode });
  return signIn(playwright, baseURL, { userId, password });
};

export type Gym = { id: number; name: string; gymStatus: string };

/** The owner's facility: a draft (WAIT), or sent for review (REQUEST) with the verification info and documents. */
export const createGym = async (
  owner: ApiSession,
  name: string,
  status: 'WAIT' | 'REQUEST' = 'WAIT',
): Promise<Gym> => {
  const review =
    status === 'REQUEST'
      ? {
          businessNo: '123-45-67890',
          representName: owner.name,
          businessForm: 'INDIVIDUAL',
          businessType: 'Service',
          businessField: 'Fitness',
          postNo: '06236',
          address: 'Teheran-ro 1, Gangnam-gu, Seoul',
          addressDetail: '2F',
          ...(await uploadReviewDocuments(owner.api)),
          gymStatus: 'REQUEST',
        }
      : {};
  const response = await owner.api.post('/web/gym', { data: { name, ...review } });
  await expectStatus(response, 201);
  return (await response.json()).data as Gym;
};

export const getJson = async <T>(session: ApiSession, path: string): Promise<T> => {
  const response = await session.api.get(path);
  await expectStatus(response, 200);
  return (await response.json()).data as T;
};

export const put = async (session: ApiSession, path: string, data: unknown) => {
  const response = await session.api.put(path, { data });
  await expectStatus(response, 200);
  return (await response.json()).data;
};

export type GymAuth = {
  id: number;
  name: string;
  defaultYn: boolean;
  representYn: boolean;
  consultSettingYn: boolean;
};

export const permissionSetsOf = (owner: ApiSession, gymId: number) =>
  getJson<GymAuth[]>(owner, `/web/gym-auth?gymId=${gymId}&_start=0&_end=50`);

/** A worker asks to join an ACTIVE facility: a WAIT staff link. */
export const askToJoin = async (worker: ApiSession, gymId: number) => {
  const response = await worker.api.post('/web/gym-member/worker', { data: { gymId } });
  await expectStatus(response, 201);
  return (await response.json()).data as { id: number; status: string };
};

/** The owner asks for the first add-on of the catalogue: a WAIT subscription. */
export const requestAddOn = async (owner: ApiSession, gymId: number) => {
  const catalogue = await getJson<{ id: number; nameEn: string }[]>(
    owner,
    '/web/sub-service/list?_start=0&_end=20',
  );
  const addOn = catalogue[0];
  if (!addOn) throw new Error('the add-on catalogue is empty');
  const response = await owner.api.post('/web/gym-sub-service', { data: { gymId, subServiceId: addOn.id } });
  await expectStatus(response, 201);
  return { subscription: (await response.json()).data as { id: number }, addOn };
};

/**
 * Picks an option of an antd select by its label. The selected value's text lies over the input, hence the forced
 * click, which does not wait for a drawer or a closing list to settle: so the input must be wholly on screen first,
 * and a click that lands while the list is still sliding in (it closes the list) opens it again and retries.
 */
export const choose = async (page: Page, label: string, option: string) => {
  const select = page.getByRole('combobox', { name: label });
  await expect(select).toBeInViewport({ ratio: 1 });
  // The open list is appended last; its options carry their label as title.
  const openOption = page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .getByTitle(option, { exact: true })
    .last();
  await expect(async () => {
    if (!(await openOption.isVisible())) await select.click({ force: true });
    await openOption.click({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
};

/** No serious or critical axe findings on the page as it stands. */
export const expectNoSeriousViolations = async (page: Page) => {
  // A dialog still fading in has text over a half-transparent background: axe would measure the contrast mid-way.
  // Endless animations (a spinner) are not waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
};

/** The owner subscribes to an add-on of a given type and the operator approves it: an APPROVE subscription. */
export const approvedAddOn = async (
  owner: ApiSession,
  operator: ApiSession,
  gymId: number,
  type: 'MESSAGE' | 'CONSULT' | 'CONTRACT' | 'ENTER' | 'EXERCISE' | 'NUTRITION' | 'APP' | 'LOCKER',
) => {
  const catalogue = await getJson<{ id: number; gymSubServiceType: string }[]>(
    owner,
    '/web/sub-service/list?_start=0&_end=20',
  );
  const addOn = catalogue.find((entry) => entry.gymSubServiceType === type);
  if (!addOn) throw new Error(`no ${type} add-on in the catalogue`);
  const response = await owner.api.post('/web/gym-sub-service', { data: { gymId, subServiceId: addOn.id } });
  await expectStatus(response, 201);
  const { id } = (await response.json()).data as { id: number };
  await put(operator, `/web/gym-sub-service/${id}`, { gymSubServiceStatus: 'APPROVE' });
};

/** Signs the browser page in as an account (its request context shares the page's cookies). */
export const signInPage = async (page: Page, { userId, password }: { userId: string; password: string }) => {
  const response = await page.request.post('/web/member/login', {
    data: { userId, password },
    headers: { 'x-forwarded-for': visitorAddress() },
  });
  await expectStatus(response, 200);
};

/** Fills LOGIN's form and sends it (the page must be on /login); the caller checks where it leads. */
export const submitLoginForm = async (
  page: Page,
  { userId, password }: { userId: string; password: string },
) => {
  await page.getByLabel('User ID').fill(userId);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
};
