import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messageSenderCreateRoute } from '#domain/api/message-settings.ts';
import { autoMessageKinds } from '#domain/rules/message.ts';
import {
  auditLog,
  kakaoTemplate,
  messageAuto,
  messageCredit,
  messageSend,
  messageSender,
} from '#server/db/schema/index.ts';
import { dataOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { setNow } from '../fixtures/customers.ts';
import { pdfBytes, uploadFile } from '../fixtures/files.ts';
import { type Cookies, makeActiveGym, makeStaff, operatorOf } from '../fixtures/gyms.ts';

// The messaging settings (docs/rules.md#sender-numbers-and-templates): sender numbers and their review, the Kakao
// channel and its templates with Kakao's review (the operator's in test mode), the automatic messages' settings,
// the operator's prices, opt-out number and top-ups. Another facility's records answer 404, a missing right 403,
// bad input 400 with field errors and nothing written, an illegal review step 409 naming both states.

let t: TestApp;
let owner: Cookies;
let gymId: number;
let operator: Cookies;
let other: { owner: Cookies; gymId: number };
let reader: Cookies;
let nobody: Cookies;

const NOW = '2026-03-02T01:00:00Z';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, cookies: Cookies = owner) =>
  t.app.inject({ method, url, cookies, ...(payload === undefined ? {} : { payload: payload as object }) });

const fieldsOf = (response: { json: () => unknown }) =>
  Object.keys((response.json() as { errors?: Record<string, string[]> }).errors ?? {});

const sendersOf = async (gym: number) =>
  (await t.db.select({ n: count() }).from(messageSender).where(eq(messageSender.gymId, gym)))[0]!.n;

const templatesOf = async (gym: number) =>
  (await t.db.select({ n: count() }).from(kakaoTemplate).where(eq(kakaoTemplate.gymId, gym)))[0]!.n;

const auditCount = async (gym: number, action: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.gymId, gym), eq(auditLog.action, action as never)))
  )[0]!.n;

let phoneSeq = 0;
const newNumber = () => `0212${String(3000 + ++phoneSeq).padStart(4, '0')}`;

const register = async (body: Record<string, unknown> = {}, cookies: Cookies = owner) => {
  const proofFile = await uploadFile(t.app, cookies, { name: 'proof.png' });
  return call('POST', '/web/message/sender', { gymId, phone: newNumber(), proofFile, ...body }, cookies);
};

const registerOk = async (body: Record<string, unknown> = {}) => {
  const response = await register(body);
  expect(response.statusCode, response.body).toBe(201);
  return dataOf(messageSenderCreateRoute, response);
};

beforeAll(async () => {
  t = await createTestApp();
  setNow(t, NOW);
  const a = await makeActiveGym(t);
  owner = a.owner.cookies;
  gymId = a.gym.id;
  const b = await makeActiveGym(t);
  other = { owner: b.owner.cookies, gymId: b.gym.id };
  operator = await operatorOf(t);
  reader = (await makeStaff(t.app, a.owner, gymId, { adMessageUseYn: true })).cookies;
  nobody = (await makeStaff(t.app, a.owner, gymId, { memberUseYn: true })).cookies;
}, 60_000);
beforeEach(() => setNow(t, NOW));
afterAll(() => t?.close());

describe('sender numbers', () => {
  it('registers a number with its proof for review (REQUEST), digits only, and audits it', async () => {
    const proofFile = await uploadFile(t.app, owner, { name: 'proof.pdf', content: pdfBytes() });
    const response = await call('POST', '/web/message/sender', {
      gymId,
      phone: '02-555-1234',
      label: '대표번호',
      proofFile,
    });
    expect(response.statusCode, response.body).toBe(201);
    const sender = dataOf(messageSenderCreateRoute, response);
    expect(sender).toMatchObject({ phone: '025551234', owner: 'GYM', status: 'REQUEST', inUse: false });
    expect(sender.proofFileUrl).toBe(proofFile);
    expect(await auditCount(gymId, 'message-sender.create')).toBeGreaterThan(0);
    const again = await call('POST', '/web/message/sender', { gymId, phone: '025551234', proofFile });
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('messageSenderTaken');
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const before = await sendersOf(gymId);
    const proofFile = await uploadFile(t.app, owner);
    const foreign = await uploadFile(t.app, other.owner);
    const cases: [Record<string, unknown>, string][] = [
      [{ phone: '1234567', proofFile }, 'phone'],
      [{ phone: '021234567890', proofFile }, 'phone'],
      [{ phone: newNumber() }, 'proofFile'],
      [{ phone: newNumber(), proofFile: foreign }, 'proofFile'],
      [{ phone: newNumber(), proofFile: '/web/file/00000000000000000000000000000000' }, 'proofFile'],
      [{ phone: newNumber(), proofFile, owner: 'EMPLOYEE' }, 'extraFile'],
      [{ phone: newNumber(), proofFile, owner: 'OTHER', extraFile: foreign }, 'extraFile'],
      [{ phone: newNumber(), proofFile, owner: 'NEIGHBOUR' }, 'owner'],
    ];
    for (const [body, field] of cases) {
      const response = await call('POST', '/web/message/sender', { gymId, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(response), JSON.stringify(body)).toContain(field);
    }
    expect(await sendersOf(gymId)).toBe(before);
  });

  it('takes an employee’s number with the employment certificate', async () => {
    const extraFile = await uploadFile(t.app, owner, { name: '재직증명서.pdf', content: pdfBytes() });
    const sender = await registerOk({ owner: 'EMPLOYEE', extraFile });
    expect(sender.owner).toBe('EMPLOYEE');
    expect(sender.extraFileUrl).toBe(extraFile);
  });

  it('is read with adMessageUseYn and changed with adMessageSettingYn; another facility gets 404', async () => {
    const sender = await registerOk();
    expect((await call('GET', `/web/message/sender?gymId=${gymId}`, undefined, reader)).statusCode).toBe(200);
    expect((await call('GET', `/web/message/sender?gymId=${gymId}`, undefined, nobody)).statusCode).toBe(403);
    expect((await register({}, reader)).statusCode).toBe(403);
    expect((await call('GET', `/web/message/sender?gymId=${gymId}`, undefined, other.owner)).statusCode).toBe(
      404,
    );
    const theirs = await call('GET', `/web/message/sender?gymId=${other.gymId}`, undefined, other.owner);
    expect(theirs.json().data.map((s: { id: number }) => s.id)).not.toContain(sender.id);
    const proofFile = await uploadFile(t.app, other.owner);
    const resubmit = await call(
      'POST',
      `/web/message/sender/${sender.id}/resubmit`,
      { gymId: other.gymId, proofFile },
      other.owner,
    );
    expect(resubmit.statusCode).toBe(404);
    const removed = await call(
      'DELETE',
      `/web/message/sender/${sender.id}?gymId=${other.gymId}`,
      undefined,
      other.owner,
    );
    expect(removed.statusCode).toBe(404);
  });

  it('walks the review: NEED with a note, resubmit, APPROVE; illegal steps answer 409 naming both states', async () => {
    const sender = await registerOk();
    const review = (body: unknown, cookies: Cookies = operator) =>
      call('POST', `/web/platform/message/sender/${sender.id}/review`, body, cookies);
    expect((await review({ status: 'APPROVE' }, owner)).statusCode).toBe(403);
    const noNote = await review({ status: 'DENY' });
    expect(noNote.statusCode).toBe(400);
    expect(fieldsOf(noNote)).toEqual(['note']);
    const need = await review({ status: 'NEED', note: '이용증명원이 흐립니다' });
    expect(need.statusCode, need.body).toBe(200);
    expect(need.json().data).toMatchObject({ status: 'NEED', reviewNote: '이용증명원이 흐립니다' });
    expect(await auditCount(gymId, 'message-sender.review')).toBeGreaterThan(0);
    const twice = await review({ status: 'APPROVE' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      reason: 'illegalTransition',
      details: { from: 'NEED', to: 'APPROVE' },
    });
    expect(twice.json().message).toContain('NEED');
    expect(twice.json().message).toContain('APPROVE');
    const proofFile = await uploadFile(t.app, owner, { name: 'proof-2.png' });
    const again = await call('POST', `/web/message/sender/${sender.id}/resubmit`, { gymId, proofFile });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ status: 'REQUEST', reviewNote: null, proofFileUrl: proofFile });
    expect((await review({ status: 'APPROVE' })).json().data.status).toBe('APPROVE');
    const late = await call('POST', `/web/message/sender/${sender.id}/resubmit`, { gymId, proofFile });
    expect(late.statusCode).toBe(409);
    expect(late.json().details).toEqual({ from: 'APPROVE', to: 'REQUEST' });
    const list = await call('GET', '/web/platform/message/sender?status=APPROVE', undefined, operator);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.find((s: { id: number }) => s.id === sender.id)).toMatchObject({
      gymName: expect.any(String),
    });
    expect((await call('GET', '/web/platform/message/sender', undefined, owner)).statusCode).toBe(403);
  });

  it('is not removed while a scheduled send uses it (409), and is removed otherwise', async () => {
    const sender = await registerOk();
    const [send] = await t.db
      .insert(messageSend)
      .values({
        gymId,
        channel: 'SMS',
        kind: 'SMS',
        content: '안내',
        senderId: sender.id,
        audience: { type: 'customers', memberIds: [1] },
        state: 'WAIT',
        scheduledAt: new Date('2026-03-10T01:00:00Z'),
        unitPrice: 20,
      })
      .returning();
    const listed = await call('GET', `/web/message/sender?gymId=${gymId}`);
    expect(listed.json().data.find((s: { id: number }) => s.id === sender.id).inUse).toBe(true);
    const refused = await call('DELETE', `/web/message/sender/${sender.id}?gymId=${gymId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().reason).toBe('messageSenderInUse');
    await t.db.delete(messageSend).where(eq(messageSend.id, send!.id));
    const removed = await call('DELETE', `/web/message/sender/${sender.id}?gymId=${gymId}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await t.db.select().from(messageSender).where(eq(messageSender.id, sender.id))).length).toBe(0);
  });
});

describe('the Kakao channel and templates', () => {
  const template = {
    name: '만료 안내',
    content: '#{이름}님, #{이용권}이 #{종료일}에 끝납니다.',
    fallbackText: '#{이름}님 만료 안내',
  };

  it('connects with a search id and profile key (masked), and disconnects', async () => {
    const bad = await call('PUT', '/web/message/kakao', { gymId, searchId: 'fitdesk', profileKey: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['searchId']);
    expect((await call('GET', `/web/message/kakao?gymId=${gymId}`)).json().data.connected).toBe(false);
    const connected = await call('PUT', '/web/message/kakao', {
      gymId,
      searchId: '@fitdesk',
      profileKey: 'PK_1234567890abcd',
    });
    expect(connected.statusCode, connected.body).toBe(200);
    expect(connected.json().data).toMatchObject({ connected: true, searchId: '@fitdesk' });
    expect(connected.json().data.profileKey).toMatch(/^\*+abcd$/);
    expect((await call('GET', `/web/message/kakao?gymId=${gymId}`, undefined, other.owner)).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/web/message/kakao?gymId=${gymId}`, undefined, reader)).statusCode).toBe(
      403,
    );
    const off = await call('DELETE', `/web/message/kakao?gymId=${gymId}`);
    expect(off.json().data.connected).toBe(false);
    await call('PUT', '/web/message/kakao', { gymId, searchId: '@fitdesk', profileKey: 'PK_1234567890abcd' });
  });

  it('refuses an unknown variable or a fallback SMS cannot carry, writing nothing', async () => {
    const before = await templatesOf(gymId);
    const unknown = await call('POST', '/web/message/kakao/template', {
      gymId,
      ...template,
      content: '#{나이}세 축하',
    });
    expect(unknown.statusCode).toBe(400);
    expect(fieldsOf(unknown)).toEqual(['content']);
    expect(unknown.json().errors.content[0]).toContain('나이');
    const emoji = await call('POST', '/web/message/kakao/template', {
      gymId,
      ...template,
      fallbackText: '안녕하세요 😀',
    });
    expect(emoji.statusCode).toBe(400);
    expect(fieldsOf(emoji)).toEqual(['fallbackText']);
    const long = await call('POST', '/web/message/kakao/template', {
      gymId,
      ...template,
      content: '가'.repeat(1001),
    });
    expect(long.statusCode).toBe(400);
    expect(await templatesOf(gymId)).toBe(before);
  });

  it('walks Kakao’s review: REQUEST → DENY (reason) → edit → REQUEST → APPROVE, then no more edits', async () => {
    const created = await call('POST', '/web/message/kakao/template', { gymId, ...template });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    expect(created.json().data).toMatchObject({ status: 'REQUEST', editable: true });
    const early = await call('POST', `/web/message/kakao/template/${id}/submit`, { gymId });
    expect(early.statusCode).toBe(409);
    expect(early.json().details).toEqual({ from: 'REQUEST', to: 'REQUEST' });
    const review = (body: unknown) =>
      call('POST', `/web/platform/message/template/${id}/review`, body, operator);
    const denied = await review({ status: 'DENY', note: '변수 설명이 필요합니다' });
    expect(denied.json().data).toMatchObject({ status: 'DENY', reviewNote: '변수 설명이 필요합니다' });
    const edited = await call('PUT', `/web/message/kakao/template/${id}`, {
      gymId,
      ...template,
      name: '만료 안내 2',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ name: '만료 안내 2', status: 'DENY' });
    expect(
      (await call('POST', `/web/message/kakao/template/${id}/submit`, { gymId })).json().data.status,
    ).toBe('REQUEST');
    expect((await review({ status: 'APPROVE' })).json().data.status).toBe('APPROVE');
    const locked = await call('PUT', `/web/message/kakao/template/${id}`, { gymId, ...template });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().reason).toBe('messageTemplateApproved');
    expect((await review({ status: 'DENY', note: 'x' })).statusCode).toBe(409);
    const foreign = await call(
      'PUT',
      `/web/message/kakao/template/${id}`,
      { gymId: other.gymId, ...template },
      other.owner,
    );
    expect(foreign.statusCode).toBe(404);
    const theirs = await call(
      'GET',
      `/web/message/kakao/template?gymId=${other.gymId}`,
      undefined,
      other.owner,
    );
    expect(theirs.json().data).toEqual([]);
    const queue = await call('GET', `/web/platform/message/template?gymId=${gymId}`, undefined, operator);
    expect(queue.json().data.find((x: { id: number }) => x.id === id)).toMatchObject({
      searchId: '@fitdesk',
    });
  });
});

describe('automatic messages’ settings', () => {
  it('reads all 12 kinds, the defaults for those never saved', async () => {
    const response = await call('GET', `/web/message/auto?gymId=${gymId}`, undefined, reader);
    expect(response.statusCode).toBe(200);
    const kinds = response.json().data as {
      kind: string;
      saved: boolean;
      enabled: boolean;
      advertising: boolean;
    }[];
    expect(kinds.map((k) => k.kind)).toEqual([...autoMessageKinds]);
    expect(kinds.every((k) => !k.saved && !k.enabled)).toBe(true);
    expect(kinds.find((k) => k.kind === 'BIRTHDAY')?.advertising).toBe(true);
    expect(kinds.find((k) => k.kind === 'UNPAID')).toMatchObject({
      params: { afterDays: 3, everyDays: 7, maxTimes: 3 },
    });
    expect((await call('GET', `/web/message/auto?gymId=${gymId}`, undefined, other.owner)).statusCode).toBe(
      404,
    );
  });

  it('saves one kind, and refuses bad input writing nothing', async () => {
    const body = {
      gymId,
      enabled: true,
      text: '#{이름}님, 미수금 #{미수금}원',
      sendHour: 10,
      params: { afterDays: 5 },
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ sendHour: 24 }, 'sendHour'],
      [{ sendHour: -1 }, 'sendHour'],
      [{ text: '#{별명}님 안녕하세요' }, 'text'],
      [{ text: '안녕하세요 🎂' }, 'text'],
      [{ templateId: 999999 }, 'templateId'],
      [{ params: { afterDays: 0 } }, 'params.afterDays'],
    ];
    for (const [patch, field] of cases) {
      const response = await call('PUT', '/web/message/auto/UNPAID', { ...body, ...patch });
      expect(response.statusCode, JSON.stringify(patch)).toBe(400);
      expect(fieldsOf(response), JSON.stringify(patch)).toContain(field);
    }
    expect((await call('PUT', '/web/message/auto/UNPAID', body, reader)).statusCode).toBe(403);
    expect((await call('PUT', '/web/message/auto/NOPE', body)).statusCode).toBe(400);
    expect((await t.db.select().from(messageAuto).where(eq(messageAuto.gymId, gymId))).length).toBe(0);
    const saved = await call('PUT', '/web/message/auto/UNPAID', body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      kind: 'UNPAID',
      enabled: true,
      saved: true,
      sendHour: 10,
      params: { afterDays: 5, everyDays: 7, maxTimes: 3 },
    });
    const foreign = await call('PUT', '/web/message/auto/UNPAID', { ...body, gymId: other.gymId }, owner);
    expect(foreign.statusCode).toBe(404);
  });

  it('takes an approved template of the facility only', async () => {
    const [denied] = await t.db
      .insert(kakaoTemplate)
      .values({ gymId, code: 'DENIED1', name: 'd', content: 'c', status: 'DENY' })
      .returning();
    const [theirs] = await t.db
      .insert(kakaoTemplate)
      .values({ gymId: other.gymId, code: 'THEIRS1', name: 't', content: 'c', status: 'APPROVE' })
      .returning();
    const [mine] = await t.db
      .insert(kakaoTemplate)
      .values({ gymId, code: 'MINE1', name: '생일', content: 'c', status: 'APPROVE' })
      .returning();
    const body = { gymId, enabled: true, text: '#{이름}님 안녕하세요', sendHour: 9 };
    for (const templateId of [denied!.id, theirs!.id])
      expect((await call('PUT', '/web/message/auto/PASS_END_7', { ...body, templateId })).statusCode).toBe(
        400,
      );
    const ok = await call('PUT', '/web/message/auto/PASS_END_7', { ...body, templateId: mine!.id });
    expect(ok.json().data).toMatchObject({ templateId: mine!.id, templateName: '생일' });
  });
});

describe('the operator’s prices, opt-out number and top-ups', () => {
  it('reads and sets the prices and the opt-out number, operator only', async () => {
    expect((await call('GET', '/web/platform/message/settings')).statusCode).toBe(403);
    const read = await call('GET', '/web/platform/message/settings', undefined, operator);
    expect(read.json().data.prices).toMatchObject({ SMS: 20, LMS: 50 });
    const body = {
      prices: { SMS: 18, LMS: 45, MMS: 140, ALIMTALK: 13, EMAIL: 1 },
      optOutNumber: '080-123-4567',
    };
    const bad = await call(
      'PUT',
      '/web/platform/message/settings',
      { ...body, optOutNumber: '02-123-4567' },
      operator,
    );
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['optOutNumber']);
    const saved = await call('PUT', '/web/platform/message/settings', body, operator);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual(body);
    const back = {
      prices: { SMS: 20, LMS: 50, MMS: 150, ALIMTALK: 15, EMAIL: 1 },
      optOutNumber: '080-000-0000',
    };
    await call('PUT', '/web/platform/message/settings', back, operator);
  });

  it('tops up a facility’s credits with a note, operator only', async () => {
    const body = { gymId, amount: 50_000, note: '계좌이체 입금 확인' };
    expect((await call('POST', '/web/platform/message/credit', body)).statusCode).toBe(403);
    expect(
      (await call('POST', '/web/platform/message/credit', { ...body, amount: 0 }, operator)).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/web/platform/message/credit', { ...body, note: '' }, operator)).statusCode,
    ).toBe(400);
    const first = await call('POST', '/web/platform/message/credit', body, operator);
    expect(first.statusCode, first.body).toBe(201);
    const second = await call('POST', '/web/platform/message/credit', { ...body, amount: 20_000 }, operator);
    expect(second.json().data).toMatchObject({
      gymId,
      amount: 20_000,
      balance: first.json().data.balance + 20_000,
    });
    const rows = await t.db.select().from(messageCredit).where(eq(messageCredit.gymId, gymId));
    expect(rows.filter((r) => r.kind === 'TOPUP').map((r) => r.note)).toContain('계좌이체 입금 확인');
    expect(await auditCount(gymId, 'message-credit.topup')).toBe(2);
    expect(
      (await call('POST', '/web/platform/message/credit', { ...body, gymId: 99_999_999 }, operator))
        .statusCode,
    ).toBe(404);
  });
});
