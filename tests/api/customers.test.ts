import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { customerListRoute, segmentCountsRoute } from '#domain/api/customer.ts';
import { auditLog, member } from '#server/db/schema/index.ts';
import { answerOf, dataOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { action, makeCustomer, makeTicket, sellOk, setNow, uniqueMobile } from '../fixtures/customers.ts';
import { type Cookies, makeActiveGym, makeStaff } from '../fixtures/gyms.ts';

// A facility's customers (docs/rules.md#customers): registering with the phone as the dedupe key, the list with
// its segments (derived from the injected clock in Asia/Seoul), search, the import's dry run, the export's audit
// row, removal and erasure.

let t: TestApp;
let owner: Cookies;
let gymId: number;
const LONG = 10 * 365 * 86_400_000;
beforeAll(async () => {
  t = await createTestApp({ config: { session: { idleMs: LONG, absoluteMs: LONG } } });
  setNow(t, '2026-03-02T00:00:00Z');
  const made = await makeActiveGym(t);
  owner = made.owner.cookies;
  gymId = made.gym.id;
});
afterAll(() => t?.close());
afterEach(() => setNow(t, '2026-03-02T00:00:00Z'));

const get = (url: string, cookies: Cookies = owner) => t.app.inject({ method: 'GET', url, cookies });
const list = async (query: string, cookies: Cookies = owner) => {
  const response = await get(`/web/member/total-list?gymId=${gymId}&${query}`, cookies);
  expect(response.statusCode, response.body).toBe(200);
  return answerOf(customerListRoute, response);
};
const counts = async (query = '') => {
  const response = await get(`/web/member/segment-counts?gymId=${gymId}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf(segmentCountsRoute, response).counts;
};

describe('registering customers', () => {
  it('normalises the phone, masks it in lists, shows it whole in the detail, and refuses a second one', async () => {
    const created = await makeCustomer(t, owner, gymId, {
      name: '정하늘',
      phone: '010-2468-1357',
      gender: 'FEMALE',
    });
    expect(created.phone).toBe('010-2468-1357');
    const page = await list('q=2468');
    expect(page.data.map((c) => c.phone)).toContain('010-****-1357');
    const again = await t.app.inject({
      method: 'POST',
      url: `/web/member/customer?gymId=${gymId}`,
      cookies: owner,
      payload: { name: '다른 사람', phone: '01024681357' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ reason: 'duplicatePhone', details: { existingId: created.id } });
    const lookup = await get(`/web/member/customer-lookup?gymId=${gymId}&phone=010-2468-1357`);
    expect(lookup.json().data).toMatchObject({ id: created.id });
  });

  it('refuses a phone that is not a Korean mobile number, and unknown fields', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: `/web/member/customer?gymId=${gymId}`,
      cookies: owner,
      payload: { name: '오류', phone: '02-123-4567' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.phone).toBeDefined();
    const extra = await t.app.inject({
      method: 'POST',
      url: `/web/member/customer?gymId=${gymId}`,
      cookies: owner,
      payload: { name: '오류', phone: uniqueMobile(), ownerGymId: 99 },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('finds by any part of the phone, ignoring hyphens, and by part of the name', async () => {
    const c = await makeCustomer(t, owner, gymId, { name: '황보민준', phone: '010-9753-8642' });
    expect((await list('q=8642')).data.map((r) => r.id)).toContain(c.id);
    expect((await list('q=9753-86')).data.map((r) => r.id)).toContain(c.id);
    expect((await list(`q=${encodeURIComponent('보민')}`)).data.map((r) => r.id)).toContain(c.id);
    expect((await list(`q=${encodeURIComponent('없는이름')}`)).total).toBe(0);
  });
});

describe('segments follow the clock in Asia/Seoul', () => {
  it('moves a customer from active to expiring to expired, at midnight KST while UTC is still the day before', async () => {
    const product = await makeTicket(t, owner, gymId, {
      name: '헬스 1개월',
      periodAmount: 1,
      periodUnit: 'MONTH',
    });
    const customer = await makeCustomer(t, owner, gymId, { name: '세그먼트' });
    const before = await counts();
    await sellOk(t, owner, { gymId, memberId: customer.id, ticketId: product.id, startDate: '2026-03-02' });
    // 1 month from 2 March ends on 1 April.
    const afterSale = await counts();
    expect(afterSale.active).toBe(before.active + 1);
    expect(afterSale.unpaid).toBe(before.unpaid + 1);

    // 24 March 23:59 KST (14:59 UTC): 24 March + 7 days is 31 March, before the end on 1 April.
    setNow(t, '2026-03-24T14:59:00Z');
    let ids = (await list('segment=expiring&days=7')).data.map((c) => c.id);
    expect(ids).not.toContain(customer.id);
    // One minute later it is 25 March in Seoul (still the 24th in UTC): 25 March + 7 days reaches 1 April.
    setNow(t, '2026-03-24T15:00:00Z');
    ids = (await list('segment=expiring&days=7')).data.map((c) => c.id);
    expect(ids).toContain(customer.id);
    ids = (await get(`/web/member/will-inactive-list?gymId=${gymId}&days=7`))
      .json()
      .data.map((c: { id: number }) => c.id);
    expect(ids).toContain(customer.id);

    // 1 April 23:59 KST: the last day, still active.
    setNow(t, '2026-04-01T14:59:00Z');
    expect((await list('segment=active&_end=100')).data.map((c) => c.id)).toContain(customer.id);
    // 2 April 00:00 KST (1 April in UTC): expired.
    setNow(t, '2026-04-01T15:00:00Z');
    const expired = (await get(`/web/member/inactive-list?gymId=${gymId}&_end=100`)).json().data;
    expect(expired.map((c: { id: number }) => c.id)).toContain(customer.id);
    expect(expired.find((c: { id: number }) => c.id === customer.id).passState).toBe('EXPIRED');
    setNow(t, '2026-03-02T00:00:00Z');
  });

  it('counts a hold today as on hold, not active', async () => {
    const product = await makeTicket(t, owner, gymId, {
      name: '헬스 3개월',
      periodAmount: 3,
      periodUnit: 'MONTH',
    });
    const customer = await makeCustomer(t, owner, gymId);
    await sellOk(t, owner, { gymId, memberId: customer.id, ticketId: product.id, startDate: '2026-03-02' });
    const stop = await t.app.inject({
      method: 'POST',
      url: `/web/member/stop/${customer.id}`,
      cookies: owner,
      payload: { gymId, startDate: '2026-03-02', endDate: '2026-03-15', reason: '출장' },
    });
    expect(stop.statusCode, stop.body).toBe(200);
    expect((await list('segment=hold&_end=100')).data.map((c) => c.id)).toContain(customer.id);
    expect((await list('segment=active&_end=100')).data.map((c) => c.id)).not.toContain(customer.id);
    expect(
      (await get(`/web/member/stop-list?gymId=${gymId}&_end=100`))
        .json()
        .data.map((c: { id: number }) => c.id),
    ).toContain(customer.id);
  });

  it('sorts by unpaid amount and by end date', async () => {
    const page = await list('_sort=unpaidAmount&_order=desc&_end=5');
    const amounts = page.data.map((c) => (c as unknown as { unpaidAmount: number }).unpaidAmount);
    expect([...amounts].sort((a, b) => b - a)).toEqual(amounts);
    expect((await list('_sort=passEndDate&_order=asc')).total).toBeGreaterThan(0);
    expect((await get(`/web/member/total-list?gymId=${gymId}&_sort=password`)).statusCode).toBe(400);
  });
});

describe('import', () => {
  it('dry-runs each row as add, duplicate or error, then imports all valid rows or none', async () => {
    const existing = await makeCustomer(t, owner, gymId, { name: '기존회원' });
    const fresh1 = uniqueMobile();
    const fresh2 = uniqueMobile();
    const rows = [
      { name: '새회원', phone: fresh1, gender: '여', birthDate: '1990.05.17' },
      { name: '같은번호', phone: fresh1 },
      { name: '기존', phone: existing.phone },
      { name: '잘못된번호', phone: '12345' },
      { name: '둘째', phone: fresh2, gender: 'M' },
    ];
    const dry = await t.app.inject({
      method: 'POST',
      url: `/web/member/batch-create?gymId=${gymId}&dryRun=true`,
      cookies: owner,
      payload: { rows },
    });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toMatchObject({ dryRun: true, added: 2, duplicates: 2, errors: 1 });
    expect(
      dry.json().data.rows.map((r: { result: string; reason: string | null }) => [r.result, r.reason]),
    ).toEqual([
      ['ADD', null],
      ['DUPLICATE', 'duplicateInFile'],
      ['DUPLICATE', 'duplicateInFacility'],
      ['ERROR', 'mobileFormat'],
      ['ADD', null],
    ]);
    const totalBefore = (await list('')).total;
    const refused = await t.app.inject({
      method: 'POST',
      url: `/web/member/batch-create?gymId=${gymId}`,
      cookies: owner,
      payload: { rows },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors['rows.3.phone']).toBeDefined();
    expect((await list('')).total).toBe(totalBefore);

    const valid = [rows[0]!, rows[2]!, rows[4]!];
    const done = await t.app.inject({
      method: 'POST',
      url: `/web/member/batch-create?gymId=${gymId}`,
      cookies: owner,
      payload: { rows: valid },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ added: 2, duplicates: 1, errors: 0 });
    expect((await list('')).total).toBe(totalBefore + 2);
    const [imported] = await t.db
      .select()
      .from(member)
      .where(and(eq(member.ownerGymId, gymId), eq(member.phone, fresh1)));
    expect(imported).toMatchObject({ gender: 'FEMALE', birthDate: '1990-05-17', userId: null });
  });

  it('refuses more than 5,000 rows', async () => {
    const rows = Array.from({ length: 5001 }, (_, i) => ({ name: `회원${i}`, phone: '01000000000' }));
    const response = await t.app.inject({
      method: 'POST',
      url: `/web/member/batch-create?gymId=${gymId}&dryRun=true`,
      cookies: owner,
      payload: { rows },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('export, removal and erasure', () => {
  it('exports a segment as CSV with a BOM and writes the export to the audit log', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/web/member/customer-export?gymId=${gymId}&segment=all`,
      cookies: owner,
      headers: { 'accept-language': 'ko' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(response.body).toContain('이름');
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.gymId, gymId), eq(auditLog.action, 'customer.export')));
    expect(rows.length).toBeGreaterThan(0);
  });

  it('removes a customer from the lists and keeps the history', async () => {
    const customer = await makeCustomer(t, owner, gymId);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/web/member/${customer.id}?gymId=${gymId}`,
      cookies: owner,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.status).toBe('QUIT');
    expect((await list(`q=${customer.phone.slice(-4)}`)).data.map((c) => c.id)).not.toContain(customer.id);
    expect((await get(`/web/member/customer/${customer.id}?gymId=${gymId}`)).statusCode).toBe(200);
  });

  it('erases personal data only for the representative, with the name typed to confirm; money rows stay', async () => {
    const product = await makeTicket(t, owner, gymId);
    const customer = await makeCustomer(t, owner, gymId, { name: '삭제요청' });
    const pass = await sellOk(t, owner, {
      gymId,
      memberId: customer.id,
      ticketId: product.id,
      startDate: '2026-03-02',
      payments: [{ method: 'CASH', amount: 100_000 }],
    });
    const staff = await makeStaff(t.app, { cookies: owner }, gymId, {
      memberUseYn: true,
      memberSettingYn: true,
    });
    const url = `/web/member/delete-all/${customer.id}?gymId=${gymId}`;
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url,
          cookies: staff.cookies,
          payload: { confirmName: '삭제요청' },
        })
      ).statusCode,
    ).toBe(403);
    const mismatch = await t.app.inject({
      method: 'DELETE',
      url,
      cookies: owner,
      payload: { confirmName: '다른이름' },
    });
    expect(mismatch.statusCode).toBe(400);
    const erased = await t.app.inject({
      method: 'DELETE',
      url,
      cookies: owner,
      payload: { confirmName: '삭제요청' },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().data).toMatchObject({ erased: true, name: '(삭제됨)', phone: '', birthDate: null });
    const kept = await get(`/web/ticket-issue/${pass.id}`);
    expect(kept.json().data.payments).toEqual([expect.objectContaining({ amount: 100_000 })]);
    expect((await action(t, owner, pass.id, 'transfer', { toMemberId: customer.id })).statusCode).toBe(400);
  });
});

describe('memos and usage', () => {
  it('keeps a memo timeline and the usage history', async () => {
    const product = await makeTicket(t, owner, gymId, { sessionCount: 10 });
    const customer = await makeCustomer(t, owner, gymId);
    const pass = await sellOk(t, owner, {
      gymId,
      memberId: customer.id,
      ticketId: product.id,
      startDate: '2026-03-02',
    });
    await action(t, owner, pass.id, 'adjust', { sessions: 1, note: '체험 수업' });
    const memo = await t.app.inject({
      method: 'POST',
      url: `/web/member/customer/${customer.id}/memos?gymId=${gymId}`,
      cookies: owner,
      payload: { content: '무릎 부상 이력, 하체 운동 주의' },
    });
    expect(memo.statusCode, memo.body).toBe(201);
    const memos = (await get(`/web/member/customer/${customer.id}/memos?gymId=${gymId}`)).json().data;
    expect(memos[0]).toMatchObject({ content: '무릎 부상 이력, 하체 운동 주의' });
    const usage = (await get(`/web/member/customer/${customer.id}/usage?gymId=${gymId}`)).json().data;
    expect(usage[0]).toMatchObject({
      kind: 'ADJUST',
      sessions: 1,
      note: '체험 수업',
      ticketIssueId: pass.id,
    });
  });
});

describe('the photo', () => {
  it("lets the facility's staff with memberSettingYn set a customer's photo, and nobody else", async () => {
    const customer = await makeCustomer(t, owner, gymId);
    const reader = await makeStaff(t.app, { cookies: owner }, gymId, { memberUseYn: true });
    const other = await makeActiveGym(t);
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cf000000030101007d0d8a0d0000000049454e44ae426082',
      'hex',
    );
    const upload = (cookies: Cookies) => {
      const boundary = '----fitdesk';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: `/web/member/image/${customer.id}`,
        cookies,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    };
    expect((await upload(other.owner.cookies)).statusCode).toBe(404);
    expect((await upload(reader.cookies)).statusCode).toBe(403);
    const ok = await upload(owner);
    expect(ok.statusCode, ok.body).toBe(200);
    const detail = await get(`/web/member/customer/${customer.id}?gymId=${gymId}`);
    const image = detail.json().data.image as string;
    expect(image).toMatch(/^\/web\/member\/image\//);
    expect((await get(image)).statusCode).toBe(200);
    expect((await get(image, other.owner.cookies)).statusCode).toBe(404);
  });
});
