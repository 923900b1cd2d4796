import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { joinThroughApi, uniqueUserId, uploadReviewDocuments, visitorAddress } from './helpers.ts';

// Seeds for the resource and console specs, through the real API (STYLE.md). Each account gets its own request
// context, so its session cookie is its own.

type Playwright = PlaywrightWorkerArgs['playwright'];

export const OPERATOR = { userId: 'e2eoperator', password: 'operator1234' } as const;

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

/** Picks an option of an antd select by its label (the selected value's text lies over the input, hence force). */
export const choose = async (page: Page, label: string, option: string) => {
  await page.getByRole('combobox', { name: label }).click({ force: true });
  // The open list is appended last; its options carry their label as title.
  await page.getByTitle(option, { exact: true }).last().click();
};

/** No serious or critical axe findings on the page as it stands. */
export const expectNoSeriousViolations = async (page: Page) => {
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
