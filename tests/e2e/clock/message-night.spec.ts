import { expect, test } from '@playwright/test';
import messagesEn from '#src/i18n/locales/features/messages.en.json' with { type: 'json' };
import {
  type ApiSession,
  approvedAddOn,
  createGym,
  newAccount,
  OPERATOR,
  put,
  signIn,
  signInPage,
  uniqueMobile,
  uploadReviewDocuments,
} from '../resource-helpers.ts';

// The night-time rule (issue 29; docs/rules.md#messaging) on the server whose clock the test moves: at 21:30
// Seoul an advertising send to someone without night consent asks first, and "move it to 08:00" schedules it for
// the next morning (English). The edges (21:00:00 and 08:00:00) are proven in tests/api/message-*.test.ts.
test.describe.configure({ timeout: 180_000 });

const en = messagesEn;
const HOUR = 3_600_000;

const post = async (session: ApiSession, path: string, data: unknown, status = 201) => {
  const response = await session.api.post(path, { data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(status);
  return (await response.json()).data;
};

/** The next 21:30 Seoul (12:30 UTC) after the real time, and the 08:00 Seoul that follows it as "YYYY.MM.DD". */
const tonight = () => {
  const now = Date.now();
  const day = Math.floor(now / (24 * HOUR)) * 24 * HOUR;
  let at = day + 12.5 * HOUR;
  if (at <= now + 60_000) at += 24 * HOUR;
  const morning = new Date(at + 9 * HOUR + 24 * HOUR).toISOString().slice(0, 10).replaceAll('-', '.');
  return { at: new Date(at).toISOString(), morning };
};

test.afterAll(async ({ request }) => {
  await request.put('/web/test-clock', { data: { offsetDays: 0 } });
});

test('at 21:30 Seoul an advertising send asks, and is moved to 08:00 the next morning (en)', async ({
  page,
  playwright,
  request,
  baseURL,
}) => {
  await request.put('/web/test-clock', { data: { offsetDays: 0 } });
  const operator = await signIn(playwright, baseURL!, OPERATOR);
  const owner = await newAccount(playwright, request, baseURL!, {
    prefix: 'ngt',
    name: '야간대표',
    authCode: 'ADMIN',
  });
  const gym = await createGym(owner, `야간 테스트 ${owner.userId}`, 'REQUEST');
  await put(operator, `/web/gym/${gym.id}`, { gymStatus: 'ACTIVE' });
  await approvedAddOn(owner, operator, gym.id, 'MESSAGE');
  const { businessUrlImgUrl } = await uploadReviewDocuments(owner.api);
  const sender = await post(owner, '/web/message/sender', {
    gymId: gym.id,
    phone: '02-1566-7777',
    owner: 'GYM',
    proofFile: businessUrlImgUrl,
  });
  await post(operator, `/web/platform/message/sender/${sender.id}/review`, { status: 'APPROVE' }, 200);
  await post(operator, '/web/platform/message/credit', { gymId: gym.id, amount: 10_000, note: 'e2e' });
  // Both agreed to advertising by text; only the first to night-time advertising.
  for (const [name, night] of [
    ['윤야간', true],
    ['장주간', false],
  ] as const) {
    const customer = await post(owner, `/web/member/customer?gymId=${gym.id}`, {
      name,
      phone: uniqueMobile(),
    });
    await put(owner, `/web/member/customer/${customer.id}/consent?gymId=${gym.id}`, {
      source: 'DESK',
      consents: { SMS: true, NIGHT: night },
    });
  }

  const { at, morning } = tonight();
  const moved = await request.put('/web/test-clock', { data: { at } });
  expect(moved.status(), await moved.text()).toBe(200);

  await signInPage(page, owner);
  await page.goto('/subservice/groupsns/add?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: en.composeTitle })).toBeVisible();
  await page.locator('.ant-radio-button-wrapper', { hasText: 'All' }).first().click();
  await expect(page.getByTestId('audience-count')).toContainText('2 in the audience');
  await page.locator('#message-content').fill('Weekend PT: two sessions free with ten.');
  await page.locator('.ant-radio-button-wrapper', { hasText: en.ad.advertising }).click();

  // The server's clock says night: the screen asks before anything is sent.
  const ask = page.getByRole('alert').filter({ hasText: en.ad.night });
  await expect(ask).toBeVisible();
  const send = page.getByRole('button', { name: en.submit.now, exact: true });
  await expect(send).toBeDisabled();
  await ask.getByText(en.ad.DEFER, { exact: true }).click();
  await send.click();

  const drawer = page.locator('.ant-drawer-content');
  await expect(drawer).toContainText(en.state.WAIT);
  await expect(drawer).toContainText(`${morning} 08:00`);
  await expect(drawer).toContainText('moved from');
  await operator.api.dispose();
  await owner.api.dispose();
});
