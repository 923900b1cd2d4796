import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subServiceTypes } from '#domain/enums.ts';
import { subServiceResource } from '#domain/resources/sub-service.ts';
import { recordsOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeSignedIn } from '../fixtures/factories.ts';
import { approveAddOn, makeActiveGym, makeStaff, operatorOf } from '../fixtures/gyms.ts';
import { injectAs } from '../fixtures/inject.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const catalogue = async (cookies: { sid: string }) =>
  recordsOf(subServiceResource, await t.app.inject({ method: 'GET', url: '/web/sub-service/list', cookies }));

describe('the add-on catalogue', () => {
  it('has one entry per SPEC type, named in both languages, with a price; signed-in accounts read it', async () => {
    const anyone = await makeSignedIn(t.app, { authCode: 'MEMBER' });
    const entries = await catalogue(anyone.cookies);
    expect(entries.map((e) => e.gymSubServiceType).sort()).toEqual([...subServiceTypes].sort());
    for (const entry of entries) {
      expect(entry.nameKo).toMatch(/\p{Script=Hangul}/u);
      expect(entry.nameEn).toMatch(/[A-Za-z]/);
      expect(entry.price).toBeGreaterThan(0);
    }
    expect((await t.app.inject({ method: 'GET', url: '/web/sub-service/list' })).statusCode).toBe(401);
  });

  it('only the operator edits it', async () => {
    const owner = await makeSignedIn(t.app, { authCode: 'ADMIN' });
    const [first] = await catalogue(owner.cookies);
    const put = (cookies: { sid: string }) =>
      t.app.inject({
        method: 'PUT',
        url: `/web/sub-service/${first!.id}`,
        cookies,
        payload: { price: 12_345 },
      });
    expect((await put(owner.cookies)).statusCode).toBe(403);
    const operator = await operatorOf(t);
    expect((await put(operator)).json().data.price).toBe(12_345);
  });
});

describe('subscriptions (gym-sub-service)', () => {
  it('owner requests (WAIT) → operator approves → owner cancels; the list has the catalogue shape', async () => {
    const made = await makeActiveGym(t);
    const gym = made.gym;
    const owner = await injectAs(t.app, made.owner);
    const operator = await injectAs(t.app, { cookies: await operatorOf(t) });
    const consult = (await catalogue(made.owner.cookies)).find((e) => e.gymSubServiceType === 'CONSULT')!;
    const request = { gymId: gym.id, subServiceId: consult.id };
    const requested = await owner.post('/web/gym-sub-service', request);
    expect(requested.statusCode).toBe(201);
    const sub = requested.json().data;
    expect(sub.gymSubServiceStatus).toBe('WAIT');
    expect((await owner.post('/web/gym-sub-service', request)).statusCode).toBe(409);

    const url = `/web/gym-sub-service/${sub.id}`;
    expect((await owner.put(url, { gymSubServiceStatus: 'APPROVE' })).statusCode).toBe(403);
    const approved = await operator.put(url, { gymSubServiceStatus: 'APPROVE' });
    expect(approved.json().data.gymSubServiceStatus).toBe('APPROVE');

    const list = await owner.get(`/web/gym-sub-service/list/${gym.id}`);
    expect(list.json().data).toEqual([
      {
        service: expect.objectContaining({ id: consult.id, gymSubServiceType: 'CONSULT' }),
        gymSubService: expect.objectContaining({ id: sub.id, gymSubServiceStatus: 'APPROVE', gymId: gym.id }),
      },
    ]);
    expect((await owner.delete(url)).statusCode).toBe(409);
    const cancelled = await owner.put(url, { gymSubServiceStatus: 'CANCEL' });
    expect(cancelled.json().data.gymSubServiceStatus).toBe('CANCEL');
    // Cancelled, it may be requested again.
    expect((await owner.post('/web/gym-sub-service', request)).statusCode).toBe(201);
  });

  it.each([
    ['WAIT', 'CANCEL', 409],
    ['DENY', 'APPROVE', 409],
    ['CANCEL', 'APPROVE', 409],
  ] as const)('refuses %s → %s', async (from, to, status) => {
    const { owner, gym } = await makeActiveGym(t);
    const operator = await operatorOf(t);
    const service = (await catalogue(owner.cookies)).find((e) => e.gymSubServiceType === 'LOCKER')!;
    const sub = (
      await t.app.inject({
        method: 'POST',
        url: '/web/gym-sub-service',
        cookies: owner.cookies,
        payload: { gymId: gym.id, subServiceId: service.id },
      })
    ).json().data;
    const move = (cookies: { sid: string }, gymSubServiceStatus: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/web/gym-sub-service/${sub.id}`,
        cookies,
        payload: { gymSubServiceStatus },
      });
    if (from === 'DENY') await move(operator, 'DENY');
    if (from === 'CANCEL') {
      await move(operator, 'APPROVE');
      await move(owner.cookies, 'CANCEL');
    }
    const response = await move(operator, to);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toContain(from);
  });

  it('a worker needs subServiceSettingYn to request', async () => {
    const { owner, gym } = await makeActiveGym(t);
    const [service] = await catalogue(owner.cookies);
    const reader = await makeStaff(t.app, owner, gym.id, { subServiceUseYn: true });
    const setter = await makeStaff(t.app, owner, gym.id, { subServiceSettingYn: true });
    const post = (cookies: { sid: string }) =>
      t.app.inject({
        method: 'POST',
        url: '/web/gym-sub-service',
        cookies,
        payload: { gymId: gym.id, subServiceId: service!.id },
      });
    expect((await post(reader.cookies)).statusCode).toBe(403);
    expect((await post(setter.cookies)).statusCode).toBe(201);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/web/gym-sub-service/list/${gym.id}`,
          cookies: reader.cookies,
        })
      ).json().data,
    ).toHaveLength(1);
  });
});

describe('consultations and settings', () => {
  it('lists, creates and deletes consultations with the right flags', async () => {
    const { owner, gym } = await makeActiveGym(t);
    await approveAddOn(t, gym.id, 'CONSULT');
    const reader = await makeStaff(t.app, owner, gym.id, { consultUseYn: true });
    const created = await t.app.inject({
      method: 'POST',
      url: '/web/consult',
      cookies: owner.cookies,
      payload: {
        gymId: gym.id,
        personKind: 'NONMEMBER',
        name: '상담고객',
        phone: '010-3333-4444',
        content: 'PT 문의',
        consultDate: '2026-11-20',
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      phone: '01033334444',
      status: 'WAIT',
      consultDate: '2026-11-20',
    });
    const list = await t.app.inject({
      method: 'GET',
      url: `/web/consult/list/${gym.id}?q=상담`,
      cookies: reader.cookies,
    });
    expect(list.json()).toMatchObject({ total: 1, data: [expect.objectContaining({ name: '상담고객' })] });
    const id = created.json().data.id;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/web/consult/${id}`, cookies: reader.cookies }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/web/consult/${id}`, cookies: owner.cookies }))
        .statusCode,
    ).toBe(204);
    expect(
      (
        await t.app.inject({ method: 'GET', url: `/web/consult/list/${gym.id}`, cookies: reader.cookies })
      ).json().total,
    ).toBe(0);
  });

  it('settings: any staff reads, the representative writes, with validation', async () => {
    const { owner, gym } = await makeActiveGym(t);
    const staff = await makeStaff(t.app, owner, gym.id, {});
    expect(
      (await t.app.inject({ method: 'GET', url: `/web/setting/gym/${gym.id}`, cookies: staff.cookies }))
        .statusCode,
    ).toBe(200);
    const put = (cookies: { sid: string }, payload: object) =>
      t.app.inject({ method: 'PUT', url: `/web/setting/gym/${gym.id}`, cookies, payload });
    expect((await put(staff.cookies, { willExpireDays: 10 })).statusCode).toBe(403);
    const bad = await put(owner.cookies, { openTime: '25:00', willExpireDays: 0, defaultSenderPhone: 'abc' });
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'defaultSenderPhone',
      'openTime',
      'willExpireDays',
    ]);
    const ok = await put(owner.cookies, {
      openTime: '05:30',
      closeTime: '22:00',
      willExpireDays: 14,
      defaultSenderPhone: '0212345678',
    });
    expect(ok.json().data).toMatchObject({
      openTime: '05:30',
      closeTime: '22:00',
      willExpireDays: 14,
      defaultSenderPhone: '0212345678',
    });
  });
});
