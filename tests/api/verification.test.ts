import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationListRoute } from '#domain/api/notification.ts';
import { allFlags } from '#domain/permissions.ts';
import { subServiceResource } from '#domain/resources/sub-service.ts';
import { gym as gymTable } from '#server/db/schema/index.ts';
import { dataOf, recordsOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeSignedIn } from '../fixtures/factories.ts';
import { reviewDocuments, uploadFile } from '../fixtures/files.ts';
import {
  type Cookies,
  makeActiveGym,
  makeGym,
  makeStaff,
  operatorOf,
  verificationInfo,
} from '../fixtures/gyms.ts';

// Facility verification end to end on the API (issue 6): the documents a review needs, the state path the
// operator drives, the notices each decision leaves for the representative, and the worker's request to join.

let t: TestApp;
let operator: Cookies;
beforeAll(async () => {
  t = await createTestApp();
  operator = await operatorOf(t);
});
afterAll(() => t?.close());

const put = (cookies: Cookies, id: number, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/web/gym/${id}`, cookies, payload });
const getGym = async (cookies: Cookies, id: number) =>
  (await t.app.inject({ method: 'GET', url: `/web/gym/${id}`, cookies })).json().data;
const noticesOf = async (cookies: Cookies) =>
  dataOf(
    notificationListRoute,
    await t.app.inject({ method: 'GET', url: '/web/notification/list?_end=100', cookies }),
  );

describe('the verification state path (docs/rules.md#state-machines)', () => {
  it('REQUEST → INACTIVE (reason required) → REQUEST (reason cleared) → ACTIVE, each decision noticed to the representative only', async () => {
    const { owner, gym } = await makeGym(t.app, { status: 'REQUEST' });
    const staff = await makeStaff(t.app, owner, gym.id, allFlags(true));
    expect(gym.gymStatus).toBe('REQUEST');
    const submitted = await getGym(owner.cookies, gym.id);
    expect(submitted.businessUrlImgUrl).toMatch(/^\/web\/file\/[0-9a-f]{32}$/);
    expect(submitted.representIdImgUrl).toMatch(/^\/web\/file\/[0-9a-f]{32}$/);
    expect(submitted.workerIdImgUrl).toBeNull();

    // The operator's review queue holds it.
    const queue = await t.app.inject({
      method: 'GET',
      url: '/web/gym?gymStatus=REQUEST&_end=100',
      cookies: operator,
    });
    expect(queue.json().data.map((g: { id: number }) => g.id)).toContain(gym.id);

    for (const reason of [undefined, '', '   ']) {
      const noReason = await put(operator, gym.id, { gymStatus: 'INACTIVE', inactiveReason: reason });
      expect(noReason.statusCode).toBe(400);
      expect(Object.keys(noReason.json().errors)).toEqual(['inactiveReason']);
    }
    expect((await getGym(owner.cookies, gym.id)).gymStatus).toBe('REQUEST');
    expect(await noticesOf(owner.cookies)).toEqual([]);

    const rejected = await put(operator, gym.id, {
      gymStatus: 'INACTIVE',
      inactiveReason: '  사업자등록증이 흐립니다  ',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({
      gymStatus: 'INACTIVE',
      inactiveReason: '사업자등록증이 흐립니다',
    });
    expect(await noticesOf(owner.cookies)).toEqual([
      expect.objectContaining({
        gymId: gym.id,
        gymName: gym.name,
        kind: 'GYM_REJECTED',
        reason: '사업자등록증이 흐립니다',
        subServiceType: null,
        readYn: false,
      }),
    ]);

    // The owner sees the reason, replaces the blurred document and resubmits: the reason is cleared.
    const seen = await getGym(owner.cookies, gym.id);
    expect(seen.inactiveReason).toBe('사업자등록증이 흐립니다');
    const clearer = await uploadFile(t.app, owner.cookies, { name: 'clearer.png' });
    const resubmitted = await put(owner.cookies, gym.id, {
      gymStatus: 'REQUEST',
      businessUrlImgUrl: clearer,
    });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect(resubmitted.json().data).toMatchObject({
      gymStatus: 'REQUEST',
      inactiveReason: null,
      businessUrlImgUrl: clearer,
    });

    const approved = await put(operator, gym.id, { gymStatus: 'ACTIVE' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ gymStatus: 'ACTIVE', inactiveReason: null });
    const notices = await noticesOf(owner.cookies);
    expect(notices.map((n) => n.kind)).toEqual(['GYM_APPROVED', 'GYM_REJECTED']);
    expect(notices[0]).toMatchObject({ gymId: gym.id, reason: null });

    // Staff and the operator hear nothing of it: the notices are the representative's.
    expect(await noticesOf(staff.cookies)).toEqual([]);
    expect(await noticesOf(operator)).toEqual([]);

    // Now verified, it is public and takes workers.
    const search = await t.app.inject({
      method: 'GET',
      url: `/web/gym/search?q=${encodeURIComponent(gym.name)}`,
      remoteAddress: '10.200.0.1',
    });
    expect(search.json().data.map((g: { id: number }) => g.id)).toEqual([gym.id]);
  });

  it('a REQUEST without the documents answers 400 naming them, on create and on update; the certificate stays optional', async () => {
    const owner = await makeSignedIn(t.app, { authCode: 'ADMIN' });
    const create = await t.app.inject({
      method: 'POST',
      url: '/web/gym',
      cookies: owner.cookies,
      payload: { name: '서류 없음', ...verificationInfo(), gymStatus: 'REQUEST' },
    });
    expect(create.statusCode).toBe(400);
    expect(Object.keys(create.json().errors).sort()).toEqual(['businessUrlImgUrl', 'representIdImgUrl']);
    expect(create.json().errors.businessUrlImgUrl).toEqual(['This is required to request verification.']);

    const { gym } = await makeGym(t.app, { owner });
    const missing = await put(owner.cookies, gym.id, { ...verificationInfo(), gymStatus: 'REQUEST' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['businessUrlImgUrl', 'representIdImgUrl']);
    const onlyOne = await uploadFile(t.app, owner.cookies);
    const half = await put(owner.cookies, gym.id, {
      ...verificationInfo(),
      businessUrlImgUrl: onlyOne,
      gymStatus: 'REQUEST',
    });
    expect(Object.keys(half.json().errors)).toEqual(['representIdImgUrl']);
    expect(await getGym(owner.cookies, gym.id)).toMatchObject({ gymStatus: 'WAIT', businessUrlImgUrl: null });

    // Saved first as a draft, the stored documents count when the status alone moves later.
    const documents = await reviewDocuments(t.app, owner.cookies);
    const saved = await put(owner.cookies, gym.id, { ...verificationInfo(), ...documents });
    expect(saved.json().data).toMatchObject({ gymStatus: 'WAIT', ...documents });
    const sent = await put(owner.cookies, gym.id, { gymStatus: 'REQUEST' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({ gymStatus: 'REQUEST', workerIdImgUrl: null });
  });

  it('clearing a required document blocks the resubmission', async () => {
    const { owner, gym } = await makeGym(t.app, { status: 'REQUEST' });
    await put(operator, gym.id, { gymStatus: 'INACTIVE', inactiveReason: '신분증 확인 불가' });
    const response = await put(owner.cookies, gym.id, { gymStatus: 'REQUEST', representIdImgUrl: null });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['representIdImgUrl']);
    expect(await getGym(owner.cookies, gym.id)).toMatchObject({
      gymStatus: 'INACTIVE',
      inactiveReason: '신분증 확인 불가',
    });
  });

  it("refuses someone else's file as a document, in Korean too, and changes nothing", async () => {
    const { owner, gym } = await makeGym(t.app);
    const other = await makeSignedIn(t.app);
    const theirs = await uploadFile(t.app, other.cookies);
    const before = await getGym(owner.cookies, gym.id);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/web/gym/${gym.id}`,
      cookies: owner.cookies,
      headers: { 'accept-language': 'ko' },
      payload: {
        ...verificationInfo(),
        ...(await reviewDocuments(t.app, owner.cookies)),
        workerIdImgUrl: theirs,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      workerIdImgUrl: ['이 서류를 다시 올려 주세요. 직접 올린 파일이 아닙니다.'],
    });
    expect(await getGym(owner.cookies, gym.id)).toEqual(before);

    // Nor another facility's adopted document, nor a document uploaded with another type.
    const otherGym = await makeActiveGym(t);
    const adopted = (await getGym(otherGym.owner.cookies, otherGym.gym.id)).businessUrlImgUrl;
    const inbody = await uploadFile(t.app, owner.cookies, { type: 'INBODY' });
    const mixed = await put(owner.cookies, gym.id, { businessUrlImgUrl: adopted, representIdImgUrl: inbody });
    expect(mixed.statusCode).toBe(400);
    expect(Object.keys(mixed.json().errors).sort()).toEqual(['businessUrlImgUrl', 'representIdImgUrl']);
  });

  it("a second reject of a rejected facility answers 409 naming both states and keeps the owner's reason", async () => {
    const { owner, gym } = await makeGym(t.app, { status: 'REQUEST' });
    const first = await put(operator, gym.id, { gymStatus: 'INACTIVE', inactiveReason: '서류가 흐립니다' });
    expect(first.statusCode, first.body).toBe(200);
    for (const [payload, language] of [
      [{ gymStatus: 'INACTIVE', inactiveReason: '' }, 'en'],
      [{ gymStatus: 'INACTIVE' }, 'en'],
      [{ gymStatus: 'INACTIVE', inactiveReason: '다른 이유' }, 'ko'],
    ] as const) {
      const again = await t.app.inject({
        method: 'PUT',
        url: `/web/gym/${gym.id}`,
        cookies: operator,
        headers: { 'accept-language': language },
        payload,
      });
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json()).toMatchObject({ code: 'CONFLICT', reason: 'sameState' });
      expect(again.json().message).toMatch(/INACTIVE.*INACTIVE/);
    }
    // The same holds for the owner and for any state: ACTIVE → ACTIVE is no transition either.
    const ownerAgain = await put(owner.cookies, gym.id, { gymStatus: 'INACTIVE' });
    expect(ownerAgain.statusCode).toBe(409);
    expect(await getGym(owner.cookies, gym.id)).toMatchObject({
      gymStatus: 'INACTIVE',
      inactiveReason: '서류가 흐립니다',
    });
    const notices = await noticesOf(owner.cookies);
    expect(notices.map((n) => n.kind)).toEqual(['GYM_REJECTED']);

    // The operator may reword the reason of a rejected facility, never blank it.
    for (const inactiveReason of ['', '   ', null]) {
      const blank = await put(operator, gym.id, { inactiveReason });
      expect(blank.statusCode, blank.body).toBe(400);
      expect(Object.keys(blank.json().errors)).toEqual(['inactiveReason']);
    }
    expect((await getGym(owner.cookies, gym.id)).inactiveReason).toBe('서류가 흐립니다');
    const reworded = await put(operator, gym.id, { inactiveReason: ' 신분증이 흐립니다 ' });
    expect(reworded.statusCode, reworded.body).toBe(200);
    expect(reworded.json().data.inactiveReason).toBe('신분증이 흐립니다');
  });

  it('ACTIVE → ACTIVE is refused with 409 too', async () => {
    const { gym } = await makeActiveGym(t);
    const again = await put(operator, gym.id, { gymStatus: 'ACTIVE' });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ reason: 'sameState' });
    expect(again.json().message).toContain('ACTIVE');
  });

  it('keeps the business number 3-2-5 but does not block a failed check digit', async () => {
    const { owner, gym } = await makeGym(t.app);
    const bad = await put(owner.cookies, gym.id, { businessNo: '1234567890' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.businessNo).toEqual(['Enter the business number as 123-45-67890.']);
    const unchecked = await put(owner.cookies, gym.id, { businessNo: '123-45-67890' });
    expect(unchecked.statusCode).toBe(200);
    expect(unchecked.json().data.businessNo).toBe('123-45-67890');
  });
});

describe('add-on decisions are noticed too', () => {
  it('APPROVE and DENY by the operator leave a notice with the add-on; the owner cancelling does not', async () => {
    const { owner, gym } = await makeActiveGym(t);
    const before = (await noticesOf(owner.cookies)).length;
    const catalogue = recordsOf(
      subServiceResource,
      await t.app.inject({ method: 'GET', url: '/web/sub-service/list?_end=20', cookies: owner.cookies }),
    );
    const subscribe = async (type: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/web/gym-sub-service',
          cookies: owner.cookies,
          payload: { gymId: gym.id, subServiceId: catalogue.find((c) => c.gymSubServiceType === type)!.id },
        })
      ).json().data.id as number;
    const decide = (cookies: Cookies, id: number, status: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/web/gym-sub-service/${id}`,
        cookies,
        payload: { gymSubServiceStatus: status },
      });

    const locker = await subscribe('LOCKER');
    const message = await subscribe('MESSAGE');
    expect((await decide(operator, locker, 'APPROVE')).statusCode).toBe(200);
    expect((await decide(operator, message, 'DENY')).statusCode).toBe(200);
    expect((await decide(owner.cookies, locker, 'CANCEL')).statusCode).toBe(200);

    const notices = await noticesOf(owner.cookies);
    expect(notices).toHaveLength(before + 2);
    expect(notices.slice(0, 2)).toEqual([
      expect.objectContaining({
        kind: 'SUB_SERVICE_DENIED',
        subServiceType: 'MESSAGE',
        gymId: gym.id,
        reason: null,
      }),
      expect.objectContaining({ kind: 'SUB_SERVICE_APPROVED', subServiceType: 'LOCKER', gymId: gym.id }),
    ]);
  });

  it('a refused decision leaves no notice', async () => {
    const { owner, gym } = await makeGym(t.app, { status: 'REQUEST' });
    // The owner may not approve their own facility; nothing is noticed.
    expect((await put(owner.cookies, gym.id, { gymStatus: 'ACTIVE' })).statusCode).toBe(403);
    expect(await noticesOf(owner.cookies)).toEqual([]);
  });
});

describe('the worker join (issue 6, point 5)', () => {
  it('asks an ACTIVE facility (WAIT), is approved with the default set, and gains its rights', async () => {
    const { owner, gym } = await makeActiveGym(t);
    const worker = await makeSignedIn(t.app, { authCode: 'MEMBER' });
    const found = await t.app.inject({
      method: 'GET',
      url: `/web/gym/search?q=${encodeURIComponent(gym.name)}`,
      remoteAddress: '10.200.0.2',
    });
    expect(found.json().data).toEqual([{ id: gym.id, name: gym.name, address: expect.any(String) }]);

    const asked = await t.app.inject({
      method: 'POST',
      url: '/web/gym-member/worker',
      cookies: worker.cookies,
      payload: { gymId: gym.id },
    });
    expect(asked.statusCode).toBe(201);
    const link = asked.json().data;
    expect(link).toMatchObject({ status: 'WAIT', workerYn: true, gymAuthId: null, gym: { id: gym.id } });

    const again = await t.app.inject({
      method: 'POST',
      url: '/web/gym-member/worker',
      cookies: worker.cookies,
      payload: { gymId: gym.id },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'You have already asked to join this facility, or you are already on its staff.',
    });

    expect(
      (await t.app.inject({ method: 'GET', url: `/web/gym/${gym.id}`, cookies: worker.cookies })).statusCode,
    ).toBe(404);
    const approved = await t.app.inject({
      method: 'PUT',
      url: `/web/gym-member/${link.id}`,
      cookies: owner.cookies,
      payload: { status: 'ACTIVE' },
    });
    expect(approved.statusCode).toBe(200);
    const sets = (
      await t.app.inject({
        method: 'GET',
        url: `/web/gym-auth?gymId=${gym.id}&defaultYn=true`,
        cookies: owner.cookies,
      })
    ).json().data;
    expect(approved.json().data).toMatchObject({ status: 'ACTIVE', gymAuthId: sets[0].id });
    expect(
      (await t.app.inject({ method: 'GET', url: `/web/gym/${gym.id}`, cookies: worker.cookies })).statusCode,
    ).toBe(200);
  });

  it.each(['WAIT', 'REQUEST', 'INACTIVE', 'QUIT'] as const)(
    'a %s facility answers 409 with a clear message',
    async (status) => {
      const { gym } = await makeGym(t.app, { status: status === 'WAIT' ? 'WAIT' : 'REQUEST' });
      if (status === 'INACTIVE') await put(operator, gym.id, { gymStatus: 'INACTIVE', inactiveReason: 'x' });
      if (status === 'QUIT')
        await t.db.update(gymTable).set({ gymStatus: 'QUIT' }).where(eq(gymTable.id, gym.id));
      const worker = await makeSignedIn(t.app, { authCode: 'MEMBER' });
      for (const lang of ['en', 'ko'] as const) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/web/gym-member/worker',
          cookies: worker.cookies,
          headers: { 'accept-language': lang },
          payload: { gymId: gym.id },
        });
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe(
          lang === 'en'
            ? 'This facility is not verified, so it does not take requests to join yet.'
            : '인증되지 않은 시설이라 아직 직원 가입 신청을 받을 수 없습니다.',
        );
      }
    },
  );

  it('an unknown facility answers 404', async () => {
    const worker = await makeSignedIn(t.app, { authCode: 'MEMBER' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/web/gym-member/worker',
      cookies: worker.cookies,
      payload: { gymId: 2_000_000_000 },
    });
    expect(response.statusCode).toBe(404);
  });
});
