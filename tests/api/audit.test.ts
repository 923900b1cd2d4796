import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEntry, auditEntrySchema, auditVerifySchema } from '#domain/api/audit.ts';
import { allFlags } from '#domain/permissions.ts';
import { subServiceResource } from '#domain/resources/sub-service.ts';
import type { Db } from '#server/db/client.ts';
import { auditLog } from '#server/db/schema/index.ts';
import { hashOf, writeAudit } from '#server/kernel/audit.ts';
import { maskName, maskPersonal, maskPhone } from '#server/kernel/mask.ts';
import { dataAs, recordsOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeSignedIn } from '../fixtures/factories.ts';
import { type Cookies, makeActiveGym, makeGym, makeStaff, operatorOf } from '../fixtures/gyms.ts';

// The audit log (docs/rules.md#audit): the changes that matter, written in their own transaction, masked, chained
// per facility, listed for the representative, and verified from the first row.

let t: TestApp;
let operator: Cookies;
beforeAll(async () => {
  t = await createTestApp();
  operator = await operatorOf(t);
});
afterAll(() => t?.close());

const get = (url: string, cookies?: Cookies) =>
  t.app.inject({ method: 'GET', url, ...(cookies ? { cookies } : {}) });
const listOf = async (cookies: Cookies, gymId: number, query = '_end=100') => {
  const response = await get(`/web/audit?gymId=${gymId}&${query}`, cookies);
  expect(response.statusCode, response.body).toBe(200);
  return dataAs(auditEntrySchema.array(), response);
};
const verify = async (cookies: Cookies, gymId: number) => {
  const response = await get(`/web/audit/verify?gymId=${gymId}`, cookies);
  expect(response.statusCode, response.body).toBe(200);
  return dataAs(auditVerifySchema, response);
};

describe('what the audit log records', () => {
  it("records the operator's review with the actor's name, masked personal fields, and no secrets", async () => {
    const { owner, gym } = await makeActiveGym(t);
    const entries = await listOf(owner.cookies, gym.id);
    const review = entries.find((e) => e.action === 'gym.review.approve');
    expect(review).toMatchObject({
      gymId: gym.id,
      actorName: 'Platform operator',
      entity: 'gym',
      entityId: String(gym.id),
      before: expect.objectContaining({ gymStatus: 'REQUEST', representName: '김*표' }),
      after: expect.objectContaining({ gymStatus: 'ACTIVE', representName: '김*표' }),
    });
    expect(JSON.stringify(entries)).not.toContain('김대표');
    expect(JSON.stringify(entries)).not.toMatch(/passwordHash|argon2/);

    const rejected = await makeGym(t.app, { owner, status: 'REQUEST' });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/web/gym/${rejected.gym.id}`,
      cookies: operator,
      payload: { gymStatus: 'INACTIVE', inactiveReason: '서류가 흐립니다' },
    });
    expect(put.statusCode).toBe(200);
    const [reject] = await listOf(owner.cookies, rejected.gym.id);
    expect(reject).toMatchObject({
      action: 'gym.review.reject',
      after: expect.objectContaining({ gymStatus: 'INACTIVE', inactiveReason: '서류가 흐립니다' }),
    });
  });

  it('records permission sets, staff approval, set change, suspension and removal, add-on decisions and closing', async () => {
    const { owner, gym } = await makeActiveGym(t);
    const staff = await makeStaff(t.app, owner, gym.id, { memberUseYn: true });
    const setId = staff.gymAuth.id as number;
    const call = (
      method: 'PUT' | 'DELETE' | 'POST',
      url: string,
      payload?: object,
      cookies = owner.cookies,
    ) => t.app.inject({ method, url, cookies, ...(payload ? { payload } : {}) });
    expect((await call('PUT', `/web/gym-auth/${setId}`, { consultUseYn: true })).statusCode).toBe(200);
    const other = await call('POST', '/web/gym-auth', { gymId: gym.id, name: '임시' });
    expect((await call('DELETE', `/web/gym-auth/${other.json().data.id}`)).statusCode).toBe(204);

    // A worker asks to join; the representative approves, moves, suspends and removes them.
    const worker = await makeSignedIn(t.app, { authCode: 'MEMBER' });
    const join = await call('POST', '/web/gym-member/worker', { gymId: gym.id }, worker.cookies);
    const linkId = join.json().data.id as number;
    expect((await call('PUT', `/web/gym-member/${linkId}`, { status: 'ACTIVE' })).statusCode).toBe(200);
    expect((await call('PUT', `/web/gym-member/${linkId}`, { gymAuthId: setId })).statusCode).toBe(200);
    expect((await call('PUT', `/web/gym-member/${linkId}`, { status: 'INACTIVE' })).statusCode).toBe(200);
    const removed = await call(
      'DELETE',
      `/web/gym-member/delete-member-from-gym/${gym.id}/${worker.member.id}`,
    );
    expect(removed.statusCode).toBe(204);

    const services = recordsOf(subServiceResource, await get('/web/sub-service?_end=100', owner.cookies));
    const sub = await call('POST', '/web/gym-sub-service', { gymId: gym.id, subServiceId: services[0]!.id });
    const decided = await call(
      'PUT',
      `/web/gym-sub-service/${sub.json().data.id}`,
      { gymSubServiceStatus: 'APPROVE' },
      operator,
    );
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await call('DELETE', `/web/gym/${gym.id}`)).statusCode).toBe(204);

    const entries = await listOf(owner.cookies, gym.id);
    expect(entries.map((e) => e.action).reverse()).toEqual([
      'gym.review.approve',
      // makeStaff: the set, the invitation, its acceptance and the set given (tests/fixtures/gyms.ts).
      'gym-auth.create',
      'gym-member.invite',
      'gym-member.accept',
      'gym-member.set-change',
      'gym-auth.update',
      'gym-auth.create',
      'gym-auth.delete',
      'gym-member.approve',
      'gym-member.set-change',
      'gym-member.suspend',
      'gym-member.remove',
      'gym-sub-service.review.approve',
      'gym.close',
    ]);
    const byAction = (action: string) => entries.find((e) => e.action === action)!;
    expect(byAction('gym-auth.update')).toMatchObject({
      before: expect.objectContaining({ consultUseYn: false }),
      after: expect.objectContaining({ consultUseYn: true }),
      actorMemberId: owner.member.id,
    });
    expect(byAction('gym-member.set-change').after).toMatchObject({ gymAuthId: setId });
    expect(byAction('gym-member.remove')).toMatchObject({
      entityId: String(linkId),
      after: expect.objectContaining({ status: 'QUIT' }),
    });
    expect(byAction('gym.close').after).toMatchObject({ gymStatus: 'QUIT' });
    // The closed facility's log stays readable, and its chain holds.
    expect(await verify(owner.cookies, gym.id)).toEqual({ ok: true, checked: entries.length });
  });

  it('records every read of a document beside its access log, which the operator still reads', async () => {
    const { owner, gym } = await makeGym(t.app, { status: 'REQUEST' });
    const info = (await get(`/web/gym/${gym.id}`, owner.cookies)).json().data;
    const fileUrl = info.businessUrlImgUrl as string;
    const fileId = fileUrl.split('/').pop()!;
    expect((await get(fileUrl, owner.cookies)).statusCode).toBe(200);
    expect((await get(fileUrl, operator)).statusCode).toBe(200);
    // A HEAD sends no content and is no read.
    expect((await t.app.inject({ method: 'HEAD', url: fileUrl, cookies: operator })).statusCode).toBe(200);

    const reads = (await listOf(owner.cookies, gym.id)).filter((e) => e.action === 'file.read');
    expect(reads.map((e) => [e.entityId, e.actorName])).toEqual([
      [fileId, 'Platform operator'],
      [fileId, expect.any(String)],
    ]);
    const accessLog = await get(`${fileUrl}/access-log`, operator);
    expect(accessLog.statusCode).toBe(200);
    expect(accessLog.json().total).toBe(2);
  });
});

describe('GET /web/audit', () => {
  it('the representative and the operator read it; staff get 403, strangers 404, no session 401', async () => {
    const { owner, gym } = await makeActiveGym(t);
    const staff = await makeStaff(t.app, owner, gym.id, allFlags(true));
    const stranger = await makeSignedIn(t.app, { authCode: 'ADMIN' });
    expect((await get(`/web/audit?gymId=${gym.id}`, operator)).statusCode).toBe(200);
    expect((await get(`/web/audit?gymId=${gym.id}`, staff.cookies)).statusCode).toBe(403);
    expect((await get(`/web/audit/verify?gymId=${gym.id}`, staff.cookies)).statusCode).toBe(403);
    expect((await get(`/web/audit?gymId=${gym.id}`, stranger.cookies)).statusCode).toBe(404);
    expect((await get(`/web/audit/verify?gymId=${gym.id}`, stranger.cookies)).statusCode).toBe(404);
    expect((await get(`/web/audit?gymId=${gym.id}`)).statusCode).toBe(401);
    for (const query of [
      '',
      'gymId=abc',
      `gymId=${gym.id}&_start=0&_end=101`,
      `gymId=${gym.id}&_start=5&_end=5`,
      `gymId=${gym.id}&other=1`,
    ]) {
      const response = await get(`/web/audit?${query}`, owner.cookies);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('pages newest first with X-Total-Count', async () => {
    const { owner, gym } = await makeActiveGym(t);
    await t.db.transaction(async (trx) => {
      for (let i = 0; i < 12; i++) {
        await writeAudit(trx as unknown as Db, {
          gymId: gym.id,
          action: 'gym-auth.update',
          entity: 'gym-auth',
          entityId: i,
          actorMemberId: owner.member.id,
          requestId: null,
          now: t.clock.now(),
        });
      }
    });
    const page = await get(`/web/audit?gymId=${gym.id}&_start=0&_end=5`, owner.cookies);
    expect(page.headers['x-total-count']).toBe('13');
    expect(page.json().total).toBe(13);
    const ids = page.json().data.map((e: AuditEntry) => e.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect(page.json().data[0].entityId).toBe('11');
    const last = await get(`/web/audit?gymId=${gym.id}&_start=10&_end=20`, owner.cookies);
    expect(
      last
        .json()
        .data.map((e: AuditEntry) => e.action)
        .at(-1),
    ).toBe('gym.review.approve');
    expect(last.json().total).toBe(13);
  });
});

describe('the hash chain', () => {
  it('links each row to the one before it, per facility', async () => {
    const first = await makeActiveGym(t);
    const second = await makeActiveGym(t, { owner: first.owner });
    for (const gym of [first.gym, second.gym]) {
      const rows = await t.db.select().from(auditLog).where(eq(auditLog.gymId, gym.id)).orderBy(auditLog.id);
      expect(rows[0]!.prevHash).toBeNull();
      rows.forEach((row, i) => {
        expect(row.hash).toBe(hashOf(row));
        if (i > 0) expect(row.prevHash).toBe(rows[i - 1]!.hash);
      });
    }
  });

  it('verify finds a row tampered with by SQL, and a row removed', async () => {
    const { owner, gym } = await makeActiveGym(t);
    await makeStaff(t.app, owner, gym.id, { memberUseYn: true });
    await makeStaff(t.app, owner, gym.id, { consultUseYn: true });
    const entries = (await listOf(owner.cookies, gym.id)).reverse();
    // The approval, then per staff member its set, the invitation, the acceptance and the set given.
    expect(entries).toHaveLength(9);
    expect(await verify(owner.cookies, gym.id)).toEqual({ ok: true, checked: 9 });

    const middle = entries[1]!;
    await t.db.execute(
      sql`update audit_log set after = jsonb_set(after, '{memberUseYn}', 'false') where id = ${middle.id}`,
    );
    expect(await verify(owner.cookies, gym.id)).toEqual({ ok: false, brokenAt: middle.id, checked: 1 });
    expect(await verify(operator, gym.id)).toEqual({ ok: false, brokenAt: middle.id, checked: 1 });

    // Recomputing the tampered row's own hash moves the break to the next row, whose link no longer holds.
    const [tampered] = await t.db.select().from(auditLog).where(eq(auditLog.id, middle.id));
    await t.db
      .update(auditLog)
      .set({ hash: hashOf(tampered!) })
      .where(eq(auditLog.id, middle.id));
    expect(await verify(owner.cookies, gym.id)).toEqual({ ok: false, brokenAt: entries[2]!.id, checked: 2 });

    await t.db.delete(auditLog).where(eq(auditLog.id, entries[0]!.id));
    expect(await verify(owner.cookies, gym.id)).toEqual({ ok: false, brokenAt: middle.id, checked: 0 });
  });

  it('two writers for one facility at once still form one chain', async () => {
    const { owner, gym } = await makeActiveGym(t);
    const writers = 16;
    await Promise.all(
      Array.from({ length: writers }, (_, i) =>
        t.db.transaction(async (trx) => {
          const tx = trx as unknown as Db;
          await writeAudit(tx, {
            gymId: gym.id,
            action: 'gym-auth.update',
            entity: 'gym-auth',
            entityId: i,
            actorMemberId: owner.member.id,
            requestId: null,
            now: t.clock.now(),
          });
          // Widen the window between reading the previous hash and committing.
          await tx.execute(sql`select pg_sleep(0.01)`);
        }),
      ),
    );
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.gymId, gym.id)).orderBy(auditLog.id);
    expect(rows).toHaveLength(writers + 1);
    expect(new Set(rows.map((r) => r.prevHash)).size).toBe(rows.length);
    expect(await verify(owner.cookies, gym.id)).toEqual({ ok: true, checked: writers + 1 });
  });
});

describe('masking', () => {
  it('masks phone numbers, names beside a phone, e-mail and birth dates, and drops secrets', () => {
    expect(maskPhone('01012345678')).toBe('010-****-5678');
    expect(maskPhone('0212345678')).toBe('021-****-5678');
    expect(maskName('김민수')).toBe('김*수');
    expect(maskName('이준')).toBe('이*');
    expect(
      maskPersonal({
        name: '홍길동',
        phone: '01098765432',
        email: 'hong@example.com',
        birthDate: '1990-05-17',
        passwordHash: '$argon2id$…',
        nested: { representName: '김대표' },
        at: new Date('2026-11-22T00:00:00.000Z'),
      }),
    ).toEqual({
      name: '홍*동',
      phone: '010-****-5432',
      email: 'h***@example.com',
      birthDate: '1990-**-**',
      nested: { representName: '김*표' },
      at: '2026-11-22T00:00:00.000Z',
    });
    // A facility's name is not a person's.
    expect(maskPersonal({ name: '핏데스크 강남점', gymStatus: 'ACTIVE' })).toEqual({
      name: '핏데스크 강남점',
      gymStatus: 'ACTIVE',
    });
  });
});
