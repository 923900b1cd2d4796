import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { consultListRoute } from '#domain/api/consult.ts';
import { inviteMemberRoute, nonWorkerListRoute, workerListRoute } from '#domain/api/gym-member.ts';
import { allFlags, type GymRight } from '#domain/permissions.ts';
import { gymMemberResource } from '#domain/resources/gym-member.ts';
import { DEFAULT_SURVEY } from '#domain/rules/consult.ts';
import { gymMember, gymSubService, member, subService } from '#server/db/schema/index.ts';
import { dataOf, recordsOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeCustomer } from '../fixtures/customers.ts';
import { makeSignedIn, randomIp, uniqueUserId } from '../fixtures/factories.ts';
import {
  approveAddOn,
  type Cookies,
  joinAsStaff,
  makeActiveGym,
  makeGym,
  makeStaff,
  operatorOf,
} from '../fixtures/gyms.ts';
import { documentedOperations } from '../fixtures/isolation.ts';

// The isolation matrix (docs/architecture.md#tests) and issue #3: every endpoint of the core API, against
// every kind of caller. One world per file (two facilities, their owners, the operator, workers with chosen
// flags); a case that changes something works on a record made for it.

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Signed = { cookies: Cookies; member: { id: number } };

const FLAGGED = ['consultUseYn', 'consultSettingYn', 'subServiceSettingYn', 'memberUseYn'] as const;
type Flagged = (typeof FLAGGED)[number];

/**
 * Who may call an endpoint:
 * - `gym`: a record (or a list) of facility A, named in the path or the body; a right inside the facility;
 *   `operator` says whether the SUPERADMIN may do it too (the declaration's `superadmin: true`).
 * - `scopedList`: a generic list; the scope is in the query, so callers without the right see nothing of A.
 * - `operatorOnly`: the SUPERADMIN only; everyone else is refused with 403.
 * - `signedIn`: any account.
 * - `public`: anyone, without a session.
 * - `self`: a member's own records (the path names the member).
 * - `memberRead`: as GET /web/member/{id} (docs/rules.md#reading-a-person): a customer of A, read by A's staff with
 *   memberUseYn and the SUPERADMIN; `self` reads their own. (A worker of A is readable by all of A's staff: see
 *   "a worker's photo" below the matrix.)
 * - `account`: an account role (ADMIN registers facilities, MEMBER asks to join one).
 */
type Access =
  | {
      kind: 'gym';
      right: GymRight;
      operator: boolean;
      /** A second right the call needs too: "with" is then a staff member with both. */
      alsoNeeds?: 'memberSettingYn';
    }
  | { kind: 'scopedList'; right: GymRight }
  | { kind: 'operatorOnly' }
  | { kind: 'signedIn' }
  | { kind: 'public' }
  | { kind: 'self'; operator: boolean }
  | { kind: 'account'; authCode: 'ADMIN' | 'MEMBER'; operator: boolean }
  /**
   * A member's own record, also readable by staff holding memberUseYn where that member is linked
   * (docs/rules.md#accounts).
   */
  | { kind: 'memberRead' }
  /**
   * A facility's document (a file of type ETC that A adopted, uploaded by the operator): its uploader, SUPERADMIN
   * and A's representative read it; no staff of A, not even with memberUseYn, and nobody else (issue 6).
   */
  | { kind: 'document' }
  /**
   * The invited person's answer to their own invitation (docs/rules.md#permissions): nobody else, not the facility
   * that sent it, not another invited worker, not the operator; all of them get the 404 of an unknown id.
   */
  | { kind: 'invitee' };

/**
 * - `with` / `without`: a worker of A holding only the required flag / every flag but it (for `represent`:
 *   the owner / a worker with all ten flags; for `staff`: a worker with no flag at all).
 * - `worker`: a worker of A with all ten flags. `stranger`: a MEMBER account with no link anywhere.
 * - `waiting` / `inactive`: a WAIT link (a worker's request to join) and an INACTIVE link to A, both with a set
 *   holding every flag.
 * - `invited`: a worker invited to A by user id who has not accepted (a WAIT link with no set).
 * - `self`: the member the path names, given by the case's target.
 */
type Who =
  | 'anon'
  | 'ownerA'
  | 'ownerB'
  | 'operator'
  | 'with'
  | 'without'
  | 'worker'
  | 'stranger'
  | 'waiting'
  | 'invited'
  | 'inactive'
  | 'self';
/** A status code, `ok` (the method's success status), or for scoped lists whether A's records show. */
type Outcome = 'ok' | 401 | 403 | 404 | 'shown' | 'hidden';

type Target = {
  url: string;
  payload?: Record<string, unknown>;
  /** A multipart body instead of JSON (uploads). */
  form?: { headers: Record<string, string>; payload: Buffer };
  /** The success status when it is not the method's usual one. */
  okStatus?: number;
  /** The caller for `self`. */
  as?: Signed;
  /** What must not change when the call is refused, read by A's owner (or the operator). */
  state?: () => Promise<unknown>;
  /** More checks on an allowed answer. */
  allowed?: (response: LightMyRequestResponse) => void | Promise<void>;
  /** Scoped lists: a record of facility A, which shows to those with the right and to no one else. */
  recordOfA?: number;
};

type Endpoint = {
  method: Method;
  /** The path as the OpenAPI document names it. */
  path: string;
  access: Access;
  /** `allowed` says whether the case expects success, so that a mutating success gets its own record. */
  target: (c: { who: Who; allowed: boolean }) => Promise<Target>;
};

const OK: Record<Method, number> = { GET: 200, POST: 201, PUT: 200, DELETE: 204 };
const CODE: Record<number, string> = { 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN', 404: 'NOT_FOUND' };

const casesOf = (access: Access): [Who, Outcome][] => {
  switch (access.kind) {
    case 'gym':
      return [
        ['anon', 401],
        ['ownerB', 404],
        ['waiting', 404],
        ['invited', 404],
        ['inactive', 404],
        ...(access.right === 'staff' ? [] : [['without', 403] as [Who, Outcome]]),
        ['with', 'ok'],
        ...(access.right === 'represent' ? [] : [['ownerA', 'ok'] as [Who, Outcome]]),
        // docs/rules.md#permissions: the operator sees every facility, so a refusal is about the role (403),
        // never "not found".
        ['operator', access.operator ? 'ok' : 403],
      ];
    case 'scopedList':
      return [
        ['anon', 401],
        ['ownerB', 'hidden'],
        ['waiting', 'hidden'],
        ['invited', 'hidden'],
        ['inactive', 'hidden'],
        ...(access.right === 'staff' || access.right === 'represent'
          ? []
          : [['without', 'hidden'] as [Who, Outcome]]),
        ['with', 'shown'],
        ...(access.right === 'represent' ? [] : [['ownerA', 'shown'] as [Who, Outcome]]),
        ['operator', 'shown'],
      ];
    case 'operatorOnly':
      return [
        ['anon', 401],
        ['ownerA', 403],
        ['worker', 403],
        ['ownerB', 403],
        ['stranger', 403],
        ['operator', 'ok'],
      ];
    case 'signedIn':
      return [
        ['anon', 401],
        ['ownerB', 'ok'],
        ['worker', 'ok'],
        ['stranger', 'ok'],
        ['operator', 'ok'],
      ];
    case 'public':
      return [
        ['anon', 'ok'],
        ['ownerB', 'ok'],
      ];
    case 'self':
      return [
        ['anon', 401],
        ['ownerB', 404],
        ['worker', 404],
        ['self', 'ok'],
        ...(access.operator ? [['operator', 'ok'] as [Who, Outcome]] : []),
      ];
    case 'memberRead':
      return [
        ['anon', 401],
        ['ownerB', 404],
        ['waiting', 404],
        ['invited', 404],
        ['inactive', 404],
        ['without', 404],
        ['stranger', 404],
        ['with', 'ok'],
        ['ownerA', 'ok'],
        ['self', 'ok'],
        ['operator', 'ok'],
      ];
    case 'document':
      return [
        ['anon', 401],
        ['ownerB', 404],
        ['waiting', 404],
        ['inactive', 404],
        ['with', 404],
        ['worker', 404],
        ['stranger', 404],
        ['ownerA', 'ok'],
        ['operator', 'ok'],
      ];
    case 'invitee':
      return [
        ['anon', 401],
        ['ownerA', 404],
        ['ownerB', 404],
        ['worker', 404],
        ['waiting', 404],
        ['invited', 404],
        ['stranger', 404],
        ['operator', 404],
        ['self', 'ok'],
      ];
    case 'account':
      return access.authCode === 'ADMIN'
        ? [
            ['anon', 401],
            ['worker', 403],
            ['stranger', 403],
            ['ownerB', 'ok'],
            ['operator', access.operator ? 'ok' : 403],
          ]
        : [
            ['anon', 401],
            ['ownerB', 403],
            ['self', 'ok'],
            ['operator', access.operator ? 'ok' : 403],
          ];
  }
};

// ---- the world ---------------------------------------------------------------------------------------------

let t: TestApp;
/** The DATA_DIR of this file's app: uploads land here, not in the work tree. */
let uploadsDir: string;
let A: number;
let B: number;
let nameA: string;
let ownerA: Signed;
let ownerB: Signed;
let operator: Cookies;
let none: Signed & { link: { id: number } };
let all10: Signed;
/** consultSettingYn and memberSettingYn: a consult becomes a customer (docs/rules.md#consulting). */
let consultAndMembers: Signed;
let stranger: Signed;
let waiting: Signed;
/** A pending invitation to A (docs/rules.md#permissions): not accepted, so no relationship. */
let invited: Signed;
let inactive: Signed;
const only = {} as Record<Flagged, Signed>;
const allBut = {} as Record<Flagged, Signed>;
/** Records of A that no case changes, and a few of B. */
const shared = {
  consult: 0,
  consultB: 0,
  spareSet: 0,
  setB: 0,
  defaultSet: 0,
  defaultSetB: 0,
  authMember: 0,
  customerLink: 0,
  sub: 0,
};

const call = (method: Method, url: string, cookies?: Cookies, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, ...(cookies ? { cookies } : {}), ...(payload ? { payload } : {}) });

/** The data of a call that must succeed (world building). */
const must = async (method: Method, url: string, cookies: Cookies, payload?: Record<string, unknown>) => {
  const response = await call(method, url, cookies, payload);
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.statusCode === 204 ? undefined : response.json().data;
};

/** A read, without the parts that differ per request. */
const read = async (url: string, cookies: Cookies = ownerA.cookies) => {
  const response = await call('GET', url, cookies);
  const body = response.statusCode === 204 ? {} : response.json();
  return { status: response.statusCode, data: body.data, total: body.total };
};

/** A worker account made straight in the database: a target of invitations by user id, never signed in. */
const quickMember = async () => {
  const [row] = await t.db
    .insert(member)
    .values({
      userId: uniqueUserId('q'),
      passwordHash: 'unused',
      name: '고객',
      phone: '01011112222',
      authCode: 'MEMBER',
    })
    .returning({ id: member.id, userId: member.userId });
  return { id: row!.id, userId: row!.userId! };
};

const freshConsult = async () =>
  (
    await must('POST', '/web/consult', ownerA.cookies, {
      gymId: A,
      name: '상담 고객',
      phone: '010-2222-3333',
    })
  ).id as number;

const freshSet = async () =>
  (await must('POST', '/web/gym-auth', ownerA.cookies, { gymId: A, name: uniqueUserId('set') })).id as number;

/** An ACTIVE customer link of A, with no permission set: a customer registered at the desk. */
const freshCustomerLink = async () => {
  const customer = await makeCustomer(t, ownerA.cookies, A, { name: '격리 고객' });
  const [link] = await must('GET', `/web/gym-member?gymId=${A}&memberId=${customer.id}`, ownerA.cookies);
  return { memberId: customer.id, linkId: link.id as number };
};

/**
 * A staff link of A holding the spare set, and its gym-auth-member record: a worker invited by user id who
 * accepts (tests/fixtures/gyms.ts `joinAsStaff`), then moved to the spare set by the representative.
 */
const freshAssignment = async () => {
  const worker = await makeSignedIn(t.app, { authCode: 'MEMBER' });
  const link = await joinAsStaff(t.app, ownerA, A, worker);
  await must('PUT', `/web/gym-member/${link.id}`, ownerA.cookies, { gymAuthId: shared.spareSet });
  const [row] = await must(
    'GET',
    `/web/gym-auth-member?gymId=${A}&memberId=${worker.member.id}`,
    ownerA.cookies,
  );
  return row.id as number;
};

/** Invitations to A by user id (docs/rules.md#permissions), each from an address of its own (the route's limit). */
const inviteToA = async (userIds: string[]) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/web/gym-member/invite-member',
    cookies: ownerA.cookies,
    remoteAddress: randomIp(),
    payload: { gymId: A, targetList: userIds },
  });
  if (response.statusCode !== 201) throw new Error(`invite failed: ${response.statusCode} ${response.body}`);
  return dataOf(inviteMemberRoute, response);
};

/** A worker with a pending invitation to A (not accepted), and the invitation's link id. */
const freshInvitee = async () => {
  const worker = await makeSignedIn(t.app, { authCode: 'MEMBER' });
  expect(await inviteToA([worker.userId])).toEqual([{ userId: worker.userId, sent: true }]);
  const [row] = await t.db
    .select({ id: gymMember.id })
    .from(gymMember)
    .where(and(eq(gymMember.gymId, A), eq(gymMember.memberId, worker.member.id)));
  return { worker, linkId: row!.id };
};

/** A link as stored, for the cases that must change no row. */
const linkRow = async (linkId: number) =>
  (await t.db.select().from(gymMember).where(eq(gymMember.id, linkId)))[0];

/** An add-on catalogue entry with no live (WAIT or APPROVE) subscription in A. */
const freeService = async () => {
  const live = await t.db
    .select({ id: gymSubService.subServiceId })
    .from(gymSubService)
    .where(and(eq(gymSubService.gymId, A), inArray(gymSubService.gymSubServiceStatus, ['WAIT', 'APPROVE'])));
  const all = await t.db.select({ id: subService.id }).from(subService).orderBy(subService.id);
  const free = all.find((s) => !live.some((l) => l.id === s.id));
  if (!free) throw new Error('no free add-on left');
  return free.id;
};

const freshSubscription = async (status: 'WAIT' | 'APPROVE') => {
  const created = await must('POST', '/web/gym-sub-service', ownerA.cookies, {
    gymId: A,
    subServiceId: await freeService(),
  });
  if (status === 'APPROVE') {
    await must('PUT', `/web/gym-sub-service/${created.id}`, operator, { gymSubServiceStatus: 'APPROVE' });
  }
  return created.id as number;
};

const linksOfA = () => read(`/web/gym-member?gymId=${A}&_end=1`);

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The PNG as a multipart form in the field `image`. */
const photoForm = () => {
  const boundary = `----fitdesk${randomBytes(8).toString('hex')}`;
  const png = PNG;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="me.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
};

/** The photo of `none` (a worker of A), uploaded once for the reads. */
let nonePhoto: Promise<string> | undefined;
const photoOfNone = () => {
  nonePhoto ??= t.app
    .inject({
      method: 'POST',
      url: `/web/member/image/${none.member.id}`,
      cookies: none.cookies,
      ...photoForm(),
    })
    .then((r) => {
      if (r.statusCode !== 200) throw new Error(`photo upload failed: ${r.statusCode} ${r.body}`);
      return r.json().data.image as string;
    });
  return nonePhoto;
};

/** The photo of a customer of A, set by A's representative, uploaded once for the reads. */
let customerPhoto: Promise<string> | undefined;
const photoOfCustomer = () => {
  customerPhoto ??= (async () => {
    const { memberId } = await freshCustomerLink();
    const r = await t.app.inject({
      method: 'POST',
      url: `/web/member/image/${memberId}`,
      cookies: ownerA.cookies,
      ...photoForm(),
    });
    if (r.statusCode !== 200) throw new Error(`photo upload failed: ${r.statusCode} ${r.body}`);
    return r.json().data.image as string;
  })();
  return customerPhoto;
};

/** A multipart form of PNG files in one field (`file`, or the repeated `files`). */
const documentForm = (field: 'file' | 'files', count = 1) => {
  const boundary = `----fitdesk${randomBytes(8).toString('hex')}`;
  const parts = Array.from({ length: count }, (_, i) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="scan${i}.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      PNG,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
  };
};

const fileRows = async () =>
  Number(
    ((await t.db.execute(sql`select count(*)::int as n from file`)) as unknown as { rows: { n: number }[] })
      .rows[0]!.n,
  );

/** A document of A: uploaded by the operator and attached to A, so that A's representative is not its uploader. */
let documentA: Promise<string> | undefined;
const documentOfA = () => {
  documentA ??= (async () => {
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/web/file/upload?type=ETC',
      cookies: operator,
      ...documentForm('file'),
    });
    if (uploaded.statusCode !== 201)
      throw new Error(`upload failed: ${uploaded.statusCode} ${uploaded.body}`);
    const url = uploaded.json().data[0] as string;
    await must('PUT', `/web/gym/${A}`, operator, { workerIdImgUrl: url });
    return url;
  })();
  return documentA;
};

/** A notice of ownerA's (A's approval left one). */
const noticeOfA = async () =>
  (await must('GET', '/web/notification/list?_end=100', ownerA.cookies)).find(
    (n: { gymId: number }) => n.gymId === A,
  ).id as number;

beforeAll(async () => {
  uploadsDir = mkdtempSync(join(tmpdir(), 'fitdesk-isolation-'));
  t = await createTestApp({ config: { dataDir: uploadsDir } });
  operator = await operatorOf(t);
  const a = await makeActiveGym(t, { name: `격리 A ${uniqueUserId('g')}` });
  const b = await makeActiveGym(t, { name: `격리 B ${uniqueUserId('g')}` });
  A = a.gym.id;
  B = b.gym.id;
  // Consultations need the CONSULT add-on (docs/rules.md#consulting): both facilities have it.
  await approveAddOn(t, A, 'CONSULT');
  await approveAddOn(t, B, 'CONSULT');
  const [consultSub] = await t.db
    .select({ id: gymSubService.id })
    .from(gymSubService)
    .where(eq(gymSubService.gymId, A));
  consultSubOfA = consultSub!.id;
  nameA = a.gym.name;
  ownerA = a.owner;
  ownerB = b.owner;

  none = await makeStaff(t.app, ownerA, A, {});
  all10 = await makeStaff(t.app, ownerA, A, allFlags(true));
  for (const flag of FLAGGED) {
    only[flag] = await makeStaff(t.app, ownerA, A, { [flag]: true });
    allBut[flag] = await makeStaff(t.app, ownerA, A, { ...allFlags(true), [flag]: false });
  }
  consultAndMembers = await makeStaff(t.app, ownerA, A, { consultSettingYn: true, memberSettingYn: true });
  stranger = await makeSignedIn(t.app, { authCode: 'MEMBER' });

  const inactiveStaff = await makeStaff(t.app, ownerA, A, allFlags(true));
  await must('PUT', `/web/gym-member/${inactiveStaff.link.id}`, ownerA.cookies, { status: 'INACTIVE' });
  inactive = inactiveStaff;
  // A worker's request to join A, still WAIT, already given a set holding every flag: it grants nothing.
  waiting = await makeSignedIn(t.app, { authCode: 'MEMBER' });
  const request = await must('POST', '/web/gym-member/worker', waiting.cookies, { gymId: A });
  const waitingLink = await must('PUT', `/web/gym-member/${request.id}`, ownerA.cookies, {
    gymAuthId: (
      await must('POST', '/web/gym-auth', ownerA.cookies, { gymId: A, name: 'all', ...allFlags(true) })
    ).id,
  });
  if (waitingLink.status !== 'WAIT' || waitingLink.gymAuthId === null)
    throw new Error(`waiting link: ${JSON.stringify(waitingLink)}`);
  // A worker invited to A who has not accepted: an invitation grants nothing either.
  invited = (await freshInvitee()).worker;

  shared.consult = await freshConsult();
  shared.consultB = (
    await must('POST', '/web/consult', ownerB.cookies, { gymId: B, name: 'B 상담', phone: '01033334444' })
  ).id;
  shared.spareSet = await freshSet();
  shared.setB = (await must('POST', '/web/gym-auth', ownerB.cookies, { gymId: B, name: 'B set' })).id;
  const defaults = async (gymId: number, cookies: Cookies) =>
    (await must('GET', `/web/gym-auth?gymId=${gymId}&defaultYn=true`, cookies))[0].id as number;
  shared.defaultSet = await defaults(A, ownerA.cookies);
  shared.defaultSetB = await defaults(B, ownerB.cookies);
  shared.authMember = await freshAssignment();
  shared.customerLink = (await freshCustomerLink()).linkId;
  shared.sub = await freshSubscription('APPROVE');
}, 120_000);

afterAll(async () => {
  await t?.close();
  if (uploadsDir) rmSync(uploadsDir, { recursive: true, force: true });
});

/** Facility A's CONSULT subscription: the consultation rows need it, so it is never retired. */
let consultSubOfA = 0;

// Subscriptions made by a case are retired, so that the eight add-ons never run out.
afterEach(async () => {
  if (!A) return;
  await t.db
    .update(gymSubService)
    .set({ gymSubServiceStatus: 'CANCEL' })
    .where(
      and(
        eq(gymSubService.gymId, A),
        notInArray(gymSubService.id, [shared.sub, consultSubOfA]),
        inArray(gymSubService.gymSubServiceStatus, ['WAIT', 'APPROVE']),
      ),
    );
});

// ---- the table ---------------------------------------------------------------------------------------------

const gym = (right: GymRight, operatorToo: boolean): Access => ({
  kind: 'gym',
  right,
  operator: operatorToo,
});
const scopedList = (right: GymRight): Access => ({ kind: 'scopedList', right });

const ENDPOINTS: Endpoint[] = [
  // ---- facilities
  {
    method: 'GET',
    path: '/web/gym/search',
    access: { kind: 'public' },
    target: async () => ({
      url: `/web/gym/search?q=${encodeURIComponent(nameA)}`,
      allowed: (r) => expect(r.json().data.map((g: { id: number }) => g.id)).toContain(A),
    }),
  },
  {
    method: 'GET',
    path: '/web/gym',
    access: { kind: 'operatorOnly' },
    target: async () => ({
      url: `/web/gym?id=${A}`,
      allowed: (r) => expect(r.json().data.map((g: { id: number }) => g.id)).toEqual([A]),
    }),
  },
  {
    method: 'POST',
    path: '/web/gym',
    // docs/rules.md#facilities: only ADMIN (and SUPERADMIN) accounts register facilities; a MEMBER account
    // gets 403.
    access: { kind: 'account', authCode: 'ADMIN', operator: true },
    target: async () => ({
      url: '/web/gym',
      payload: { name: `새 시설 ${uniqueUserId('g')}` },
      state: async () => (await read('/web/gym?_end=1', operator)).total,
      allowed: (r) => expect(r.json().data.gymStatus).toBe('WAIT'),
    }),
  },
  {
    method: 'GET',
    path: '/web/gym/{id}',
    access: gym('staff', true),
    target: async () => ({ url: `/web/gym/${A}`, allowed: (r) => expect(r.json().data.id).toBe(A) }),
  },
  {
    method: 'PUT',
    path: '/web/gym/{id}',
    access: gym('represent', true),
    target: async () => {
      const addressDetail = `floor ${uniqueUserId('f')}`;
      return {
        url: `/web/gym/${A}`,
        payload: { addressDetail },
        state: () => read(`/web/gym/${A}`),
        allowed: (r) => expect(r.json().data.addressDetail).toBe(addressDetail),
      };
    },
  },
  {
    method: 'DELETE',
    path: '/web/gym/{id}',
    // Closing is the representative's (docs/rules.md#state-machines: any → QUIT).
    access: gym('represent', false),
    target: async ({ allowed }) => {
      const id = allowed ? (await makeGym(t.app, { owner: ownerA })).gym.id : A;
      return {
        url: `/web/gym/${id}`,
        state: () => read(`/web/gym/${id}`),
        allowed: async () => expect((await read(`/web/gym/${id}`)).data.gymStatus).toBe('QUIT'),
      };
    },
  },
  {
    method: 'GET',
    path: '/web/member/gym-list/{id}',
    access: { kind: 'self', operator: true },
    target: async () => ({
      url: `/web/member/gym-list/${ownerA.member.id}`,
      as: ownerA,
      allowed: (r) => expect(r.json().data.map((g: { id: number }) => g.id)).toContain(A),
    }),
  },
  {
    method: 'GET',
    path: '/web/member',
    access: { kind: 'operatorOnly' },
    target: async () => ({
      url: `/web/member?id=${ownerA.member.id}`,
      allowed: (r) => {
        expect(r.json().data.map((m: { id: number }) => m.id)).toEqual([ownerA.member.id]);
        expect(r.json().data[0]).not.toHaveProperty('passwordHash');
      },
    }),
  },
  {
    method: 'POST',
    path: '/web/member/image/{memberId}',
    access: { kind: 'self', operator: true },
    target: async () => {
      const owner = await makeSignedIn(t.app, { authCode: 'MEMBER' });
      return {
        url: `/web/member/image/${owner.member.id}`,
        as: owner,
        form: photoForm(),
        okStatus: 200,
        state: async () => (await read(`/web/member/${owner.member.id}`, operator)).data.image,
        allowed: (r) =>
          expect(r.json().data).toMatchObject({
            id: owner.member.id,
            image: expect.stringMatching(`^/web/member/image/${owner.member.id}\\?v=`),
          }),
      };
    },
  },
  {
    method: 'GET',
    path: '/web/member/image/{memberId}',
    access: { kind: 'memberRead' },
    // A customer's photo; `self` is a worker reading their own (customers do not sign in).
    target: async ({ who }) => ({
      url: who === 'self' ? await photoOfNone() : await photoOfCustomer(),
      as: none,
      allowed: (r) => {
        expect(r.headers['content-type']).toBe('image/png');
        expect(r.headers['x-content-type-options']).toBe('nosniff');
      },
    }),
  },

  // ---- settings
  {
    method: 'GET',
    path: '/web/setting/gym/{gymId}',
    access: gym('staff', true),
    target: async () => ({
      url: `/web/setting/gym/${A}`,
      allowed: (r) => expect(r.json().data.gymId).toBe(A),
    }),
  },
  {
    method: 'PUT',
    path: '/web/setting/gym/{gymId}',
    access: gym('represent', false),
    target: async () => {
      const willExpireDays = 1 + Math.floor(Math.random() * 300);
      return {
        url: `/web/setting/gym/${A}`,
        payload: { willExpireDays },
        state: () => read(`/web/setting/gym/${A}`),
        allowed: (r) => expect(r.json().data.willExpireDays).toBe(willExpireDays),
      };
    },
  },

  // ---- permission sets
  {
    method: 'GET',
    path: '/web/gym-auth',
    access: scopedList('represent'),
    target: async () => ({ url: '/web/gym-auth', recordOfA: shared.spareSet }),
  },
  {
    method: 'GET',
    path: '/web/gym-auth/list',
    access: scopedList('represent'),
    target: async () => ({ url: '/web/gym-auth/list', recordOfA: shared.spareSet }),
  },
  {
    method: 'POST',
    path: '/web/gym-auth',
    access: gym('represent', true),
    target: async () => ({
      url: '/web/gym-auth',
      payload: { gymId: A, name: uniqueUserId('set') },
      state: async () => (await read(`/web/gym-auth?gymId=${A}&_end=1`)).total,
      allowed: (r) => expect(r.json().data).toMatchObject({ gymId: A, representYn: false }),
    }),
  },
  {
    method: 'GET',
    path: '/web/gym-auth/{id}',
    access: gym('represent', true),
    target: async () => ({ url: `/web/gym-auth/${shared.spareSet}` }),
  },
  {
    method: 'PUT',
    path: '/web/gym-auth/{id}',
    access: gym('represent', true),
    target: async () => {
      const id = await freshSet();
      return {
        url: `/web/gym-auth/${id}`,
        payload: { name: 'renamed', consultUseYn: true },
        state: () => read(`/web/gym-auth/${id}`),
        allowed: (r) => expect(r.json().data).toMatchObject({ name: 'renamed', consultUseYn: true }),
      };
    },
  },
  {
    method: 'DELETE',
    path: '/web/gym-auth/{id}',
    access: gym('represent', true),
    target: async () => {
      const id = await freshSet();
      return {
        url: `/web/gym-auth/${id}`,
        state: () => read(`/web/gym-auth/${id}`),
        allowed: async () => expect((await read(`/web/gym-auth/${id}`)).status).toBe(404),
      };
    },
  },

  {
    method: 'GET',
    path: '/web/gym-auth/mine/{gymId}',
    access: gym('staff', false),
    target: async () => ({ url: `/web/gym-auth/mine/${A}` }),
  },

  // ---- who holds which set
  {
    method: 'GET',
    path: '/web/gym-auth-member',
    access: scopedList('represent'),
    target: async () => ({ url: '/web/gym-auth-member', recordOfA: shared.authMember }),
  },
  {
    method: 'GET',
    path: '/web/gym-auth-member/list',
    access: scopedList('represent'),
    target: async () => ({ url: '/web/gym-auth-member/list', recordOfA: shared.authMember }),
  },
  {
    method: 'POST',
    path: '/web/gym-auth-member',
    access: gym('represent', true),
    target: async () => {
      const { memberId, linkId } = await freshCustomerLink();
      return {
        url: '/web/gym-auth-member',
        payload: { gymAuthId: shared.spareSet, memberId },
        state: async () => [
          await read(`/web/gym-member/${linkId}`),
          (await read(`/web/gym-auth-member?memberId=${memberId}`)).total,
        ],
        allowed: async () =>
          expect((await read(`/web/gym-member/${linkId}`)).data.gymAuthId).toBe(shared.spareSet),
      };
    },
  },
  {
    method: 'GET',
    path: '/web/gym-auth-member/{id}',
    access: gym('represent', true),
    target: async () => ({ url: `/web/gym-auth-member/${shared.authMember}` }),
  },
  {
    method: 'PUT',
    path: '/web/gym-auth-member/{id}',
    access: gym('represent', true),
    target: async () => {
      const id = await freshAssignment();
      return {
        url: `/web/gym-auth-member/${id}`,
        payload: { gymAuthId: shared.defaultSet },
        state: () => read(`/web/gym-auth-member/${id}`),
        allowed: (r) => expect(r.json().data.gymAuthId).toBe(shared.defaultSet),
      };
    },
  },
  {
    method: 'DELETE',
    path: '/web/gym-auth-member/{id}',
    access: gym('represent', true),
    target: async () => {
      const id = await freshAssignment();
      return {
        url: `/web/gym-auth-member/${id}`,
        state: () => read(`/web/gym-auth-member/${id}`),
        allowed: async () => expect((await read(`/web/gym-auth-member/${id}`)).status).toBe(404),
      };
    },
  },

  // ---- staff and customer links
  {
    method: 'GET',
    path: '/web/gym-member',
    // Links carry customers' names and phones, so reading them takes memberUseYn (rosters use worker/list).
    access: scopedList('memberUseYn'),
    target: async () => ({ url: '/web/gym-member', recordOfA: none.link.id }),
  },
  // No generic POST /web/gym-member: links are made by registering a customer, a worker's request, or an
  // invitation the worker accepts (docs/rules.md#permissions; its 404 is asserted below the matrix).
  {
    method: 'GET',
    path: '/web/gym-member/{id}',
    access: gym('memberUseYn', true),
    target: async () => ({ url: `/web/gym-member/${none.link.id}` }),
  },
  {
    method: 'PUT',
    path: '/web/gym-member/{id}',
    access: gym('represent', true),
    target: async () => {
      const { linkId } = await freshCustomerLink();
      return {
        url: `/web/gym-member/${linkId}`,
        payload: { status: 'INACTIVE' },
        state: () => read(`/web/gym-member/${linkId}`),
        allowed: (r) => expect(r.json().data.status).toBe('INACTIVE'),
      };
    },
  },
  {
    method: 'DELETE',
    path: '/web/gym-member/{id}',
    access: gym('represent', true),
    target: async () => {
      const { linkId } = await freshCustomerLink();
      return {
        url: `/web/gym-member/${linkId}`,
        state: () => read(`/web/gym-member/${linkId}`),
        allowed: async () => expect((await read(`/web/gym-member/${linkId}`)).data.status).toBe('QUIT'),
      };
    },
  },
  {
    method: 'POST',
    path: '/web/gym-member/worker',
    access: { kind: 'account', authCode: 'MEMBER', operator: false },
    target: async ({ who }) => ({
      url: '/web/gym-member/worker',
      payload: { gymId: A },
      ...(who === 'self' ? { as: await makeSignedIn(t.app, { authCode: 'MEMBER' }) } : {}),
      state: async () => (await linksOfA()).total,
      allowed: (r) => expect(r.json().data).toMatchObject({ gymId: A, status: 'WAIT', workerYn: true }),
    }),
  },
  {
    method: 'GET',
    path: '/web/gym-member/invite-lookup',
    access: gym('represent', false),
    target: async () => {
      const { userId } = await quickMember();
      return {
        url: `/web/gym-member/invite-lookup?gymId=${A}&userId=${userId}`,
        // The name and phone to confirm, masked; no member id.
        allowed: (r) =>
          expect(r.json().data).toEqual({ userId, maskedName: '고*', maskedPhone: '010-****-2222' }),
      };
    },
  },
  {
    method: 'POST',
    path: '/web/gym-member/invite-member',
    access: gym('represent', false),
    target: async () => {
      const { id, userId } = await quickMember();
      return {
        url: '/web/gym-member/invite-member',
        payload: { gymId: A, targetList: [userId] },
        state: async () => (await linksOfA()).total,
        allowed: async (r) => {
          expect(r.json().data).toEqual([{ userId, sent: true }]);
          const { data } = await read(`/web/gym-member?gymId=${A}&memberId=${id}`);
          expect(data).toEqual([
            expect.objectContaining({ status: 'WAIT', workerYn: true, invited: true, gymAuthId: null }),
          ]);
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/web/gym-member/invite/{id}/accept',
    access: { kind: 'invitee' },
    target: async () => {
      const { worker, linkId } = await freshInvitee();
      return {
        url: `/web/gym-member/invite/${linkId}/accept`,
        as: worker,
        okStatus: 200,
        state: async () => [await linkRow(linkId), (await linksOfA()).total],
        allowed: async (r) => {
          expect(r.json().data).toMatchObject({ id: linkId, status: 'ACTIVE', invited: false });
          expect((await linkRow(linkId))?.gymAuthId).toBe(shared.defaultSet);
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/web/gym-member/invite/{id}/decline',
    access: { kind: 'invitee' },
    target: async () => {
      const { worker, linkId } = await freshInvitee();
      return {
        url: `/web/gym-member/invite/${linkId}/decline`,
        as: worker,
        okStatus: 204,
        state: async () => [await linkRow(linkId), (await linksOfA()).total],
        allowed: async () => expect((await linkRow(linkId))?.status).toBe('QUIT'),
      };
    },
  },
  {
    method: 'GET',
    path: '/web/gym-member/member/{memberId}',
    access: { kind: 'self', operator: true },
    target: async () => ({
      url: `/web/gym-member/member/${ownerA.member.id}`,
      as: ownerA,
      allowed: (r) => expect(r.json().data.map((l: { gymId: number }) => l.gymId)).toContain(A),
    }),
  },
  {
    method: 'GET',
    path: '/web/gym-member/member/list/{gymId}',
    access: gym('memberUseYn', true),
    target: async () => ({
      url: `/web/gym-member/member/list/${A}?_end=100`,
      allowed: (r) => {
        const ids = r.json().data.map((l: { id: number }) => l.id);
        expect(ids).toContain(shared.customerLink);
        expect(ids).toContain(none.link.id);
      },
    }),
  },
  {
    method: 'GET',
    path: '/web/gym-member/worker/list/{gymId}',
    access: gym('staff', true),
    target: async () => ({
      url: `/web/gym-member/worker/list/${A}?_end=100`,
      allowed: (r) => {
        const data = dataOf(workerListRoute, r);
        expect(data.map((l) => l.id)).toContain(none.link.id);
        expect(data.every((l) => l.workerYn && l.gymId === A)).toBe(true);
      },
    }),
  },
  {
    method: 'GET',
    path: '/web/gym-member/nonWorker/list/{gymId}',
    access: gym('memberUseYn', true),
    target: async () => ({
      url: `/web/gym-member/nonWorker/list/${A}?_end=100`,
      allowed: (r) => {
        const data = dataOf(nonWorkerListRoute, r);
        expect(data.map((l) => l.id)).toContain(shared.customerLink);
        expect(data.every((l) => !l.workerYn && l.gymId === A)).toBe(true);
      },
    }),
  },
  {
    method: 'DELETE',
    path: '/web/gym-member/quit/{memberId}',
    // A member leaves for themselves; the path names the caller, so the operator has no part in it.
    access: { kind: 'self', operator: false },
    target: async ({ who }) => {
      if (who === 'self') {
        const staff = await makeStaff(t.app, ownerA, A, {});
        return {
          url: `/web/gym-member/quit/${staff.member.id}`,
          as: staff,
          allowed: async () =>
            expect((await read(`/web/gym-member/${staff.link.id}`)).data.status).toBe('QUIT'),
        };
      }
      const { memberId, linkId } = await freshCustomerLink();
      return { url: `/web/gym-member/quit/${memberId}`, state: () => read(`/web/gym-member/${linkId}`) };
    },
  },
  {
    method: 'DELETE',
    path: '/web/gym-member/delete-member-from-gym/{gymId}/{memberId}',
    access: gym('represent', false),
    target: async () => {
      const { memberId, linkId } = await freshCustomerLink();
      return {
        url: `/web/gym-member/delete-member-from-gym/${A}/${memberId}`,
        state: () => read(`/web/gym-member/${linkId}`),
        allowed: async () => expect((await read(`/web/gym-member/${linkId}`)).data.status).toBe('QUIT'),
      };
    },
  },

  // ---- add-ons
  {
    method: 'GET',
    path: '/web/sub-service',
    access: { kind: 'signedIn' },
    target: async () => ({ url: '/web/sub-service', allowed: (r) => expect(r.json().total).toBe(8) }),
  },
  {
    method: 'GET',
    path: '/web/sub-service/list',
    access: { kind: 'signedIn' },
    target: async () => ({ url: '/web/sub-service/list', allowed: (r) => expect(r.json().total).toBe(8) }),
  },
  {
    method: 'GET',
    path: '/web/sub-service/{id}',
    access: { kind: 'signedIn' },
    target: async () => ({ url: '/web/sub-service/1' }),
  },
  {
    method: 'PUT',
    path: '/web/sub-service/{id}',
    // The catalogue is the operator's; everyone signed in reads it, so a refusal is 403, not 404.
    access: { kind: 'operatorOnly' },
    target: async () => {
      const before = await read('/web/sub-service/2');
      return {
        url: '/web/sub-service/2',
        payload: { price: before.data.price + 100 },
        state: () => read('/web/sub-service/2'),
        allowed: async (r) => {
          expect(r.json().data.price).toBe(before.data.price + 100);
          await must('PUT', '/web/sub-service/2', operator, { price: before.data.price });
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/web/gym-sub-service',
    access: scopedList('staff'),
    target: async () => ({ url: '/web/gym-sub-service', recordOfA: shared.sub }),
  },
  {
    method: 'GET',
    path: '/web/gym-sub-service/list/{gymId}',
    access: gym('staff', true),
    target: async () => ({
      url: `/web/gym-sub-service/list/${A}`,
      allowed: (r) =>
        expect(r.json().data.map((i: { gymSubService: { id: number } }) => i.gymSubService.id)).toContain(
          shared.sub,
        ),
    }),
  },
  {
    method: 'POST',
    path: '/web/gym-sub-service',
    access: gym('subServiceSettingYn', false),
    target: async () => ({
      url: '/web/gym-sub-service',
      payload: { gymId: A, subServiceId: await freeService() },
      state: async () => (await read(`/web/gym-sub-service/list/${A}`)).total,
      allowed: (r) => expect(r.json().data).toMatchObject({ gymId: A, gymSubServiceStatus: 'WAIT' }),
    }),
  },
  {
    method: 'GET',
    path: '/web/gym-sub-service/{id}',
    access: gym('staff', true),
    target: async () => ({ url: `/web/gym-sub-service/${shared.sub}` }),
  },
  {
    method: 'PUT',
    path: '/web/gym-sub-service/{id}',
    access: gym('subServiceSettingYn', true),
    // The operator approves a request; the facility cancels an approved add-on
    // (docs/rules.md#state-machines).
    target: async ({ who }) => {
      const to = who === 'operator' ? 'APPROVE' : 'CANCEL';
      const id = await freshSubscription(who === 'operator' ? 'WAIT' : 'APPROVE');
      return {
        url: `/web/gym-sub-service/${id}`,
        payload: { gymSubServiceStatus: to },
        state: () => read(`/web/gym-sub-service/${id}`),
        allowed: (r) => expect(r.json().data.gymSubServiceStatus).toBe(to),
      };
    },
  },
  {
    method: 'DELETE',
    path: '/web/gym-sub-service/{id}',
    access: gym('subServiceSettingYn', true),
    target: async () => {
      const id = await freshSubscription('WAIT');
      return {
        url: `/web/gym-sub-service/${id}`,
        state: () => read(`/web/gym-sub-service/${id}`),
        allowed: async () => expect((await read(`/web/gym-sub-service/${id}`)).status).toBe(404),
      };
    },
  },

  // ---- consultations
  {
    method: 'GET',
    path: '/web/consult',
    access: scopedList('consultUseYn'),
    target: async () => ({ url: '/web/consult', recordOfA: shared.consult }),
  },
  {
    method: 'GET',
    path: '/web/consult/list/{gymId}',
    access: gym('consultUseYn', true),
    target: async () => ({
      url: `/web/consult/list/${A}?_end=100`,
      allowed: (r) => {
        const data = dataOf(consultListRoute, r);
        expect(data.map((c) => c.id)).toContain(shared.consult);
        expect(data.every((c) => c.gymId === A)).toBe(true);
      },
    }),
  },
  {
    method: 'POST',
    path: '/web/consult',
    access: gym('consultSettingYn', false),
    target: async () => ({
      url: '/web/consult',
      payload: { gymId: A, name: '새 상담', phone: '01055556666' },
      state: async () => (await read(`/web/consult/list/${A}?_end=1`)).total,
      allowed: (r) => expect(r.json().data.gymId).toBe(A),
    }),
  },
  {
    method: 'GET',
    path: '/web/consult/{id}',
    access: gym('consultUseYn', true),
    target: async () => ({
      url: `/web/consult/${shared.consult}`,
      allowed: (r) => expect(r.json().data.gymId).toBe(A),
    }),
  },
  {
    method: 'PUT',
    path: '/web/consult/{id}',
    access: gym('consultSettingYn', true),
    target: async () => {
      const id = await freshConsult();
      return {
        url: `/web/consult/${id}`,
        payload: { status: 'COMPLETE' },
        state: () => read(`/web/consult/${id}`),
        allowed: (r) => expect(r.json().data.status).toBe('COMPLETE'),
      };
    },
  },
  {
    method: 'DELETE',
    path: '/web/consult/{id}',
    access: gym('consultSettingYn', true),
    target: async () => {
      const id = await freshConsult();
      return {
        url: `/web/consult/${id}`,
        state: () => read(`/web/consult/${id}`),
        allowed: async () => expect((await read(`/web/consult/${id}`)).status).toBe(404),
      };
    },
  },

  // ---- consulting (docs/rules.md#consulting): staff calls; the tablet's token calls are in consult.test.ts
  {
    method: 'GET',
    path: '/web/consult/waiting/{gymId}',
    access: gym('consultUseYn', true),
    target: async () => ({
      url: `/web/consult/waiting/${A}`,
      allowed: (r) => expect(r.json().data.count).toEqual(expect.any(Number)),
    }),
  },
  {
    method: 'GET',
    path: '/web/consult/{id}/detail',
    access: gym('consultUseYn', true),
    target: async () => ({
      url: `/web/consult/${shared.consult}/detail`,
      allowed: (r) => expect(r.json().data.consult.id).toBe(shared.consult),
    }),
  },
  {
    method: 'POST',
    path: '/web/consult/{id}/call',
    access: gym('consultSettingYn', false),
    target: async () => {
      const id = await freshConsult();
      return {
        url: `/web/consult/${id}/call`,
        okStatus: 200,
        state: () => read(`/web/consult/${id}`),
        allowed: (r) => expect(r.json().data.status).toBe('CONSULTING'),
      };
    },
  },
  {
    method: 'POST',
    path: '/web/consult/{id}/finish',
    access: gym('consultSettingYn', false),
    target: async () => {
      const id = await freshConsult();
      return {
        url: `/web/consult/${id}/finish`,
        payload: { outcome: 'FOLLOW_UP', followUpDate: '2026-12-01' },
        okStatus: 200,
        state: () => read(`/web/consult/${id}`),
        allowed: (r) => expect(r.json().data.outcome).toBe('FOLLOW_UP'),
      };
    },
  },
  {
    method: 'POST',
    path: '/web/consult/{id}/customer',
    access: { kind: 'gym', right: 'consultSettingYn', operator: false, alsoNeeds: 'memberSettingYn' },
    target: async () => {
      const id = await freshConsult();
      return {
        url: `/web/consult/${id}/customer`,
        okStatus: 200,
        state: () => read(`/web/consult/${id}`),
        allowed: (r) => expect(r.json().data.customerId).toEqual(expect.any(Number)),
      };
    },
  },
  {
    method: 'PUT',
    path: '/web/consult/{id}/stage',
    access: gym('consultSettingYn', false),
    target: async () => {
      const id = await freshConsult();
      return {
        url: `/web/consult/${id}/stage`,
        payload: { stage: 'TRIAL' },
        state: () => read(`/web/consult/${id}`),
        allowed: (r) => expect(r.json().data.stage).toBe('TRIAL'),
      };
    },
  },
  {
    method: 'POST',
    path: '/web/consult/{id}/follow-up',
    access: gym('consultSettingYn', false),
    target: async () => {
      const id = await freshConsult();
      return {
        url: `/web/consult/${id}/follow-up`,
        payload: { dueDate: '2026-12-02', note: '다시 연락' },
        okStatus: 200,
        state: () => read(`/web/consult/${id}/detail`),
        allowed: (r) => expect(r.json().data).toBeDefined(),
      };
    },
  },
  {
    method: 'GET',
    path: '/web/consult/survey/{gymId}',
    access: gym('consultUseYn', true),
    target: async () => ({
      url: `/web/consult/survey/${A}`,
      allowed: (r) => expect(r.json().data.gymId).toBe(A),
    }),
  },
  {
    method: 'POST',
    path: '/web/consult/survey/{gymId}',
    access: gym('consultSettingYn', false),
    target: async () => ({
      url: `/web/consult/survey/${A}`,
      payload: DEFAULT_SURVEY as unknown as Record<string, unknown>,
      state: () => read(`/web/consult/survey/${A}`),
      allowed: (r) => expect(r.json().data.version).toBeGreaterThan(1),
    }),
  },
  {
    method: 'GET',
    path: '/web/consult/pipeline/{gymId}',
    access: gym('consultUseYn', true),
    target: async () => ({
      url: `/web/consult/pipeline/${A}?month=2026-11`,
      allowed: (r) => expect(r.json().data.month).toBe('2026-11'),
    }),
  },
  {
    method: 'POST',
    path: '/web/consult/kiosk/{gymId}',
    // Only the facility's own staff open its tablet: the operator reads consultations but never opens one.
    access: gym('consultUseYn', false),
    target: async () => ({
      url: `/web/consult/kiosk/${A}`,
      allowed: (r) => expect(r.json().data.token).toEqual(expect.any(String)),
    }),
  },

  // ---- files (issue 6)
  {
    method: 'POST',
    path: '/web/file/upload',
    access: { kind: 'signedIn' },
    target: async () => ({
      url: '/web/file/upload?type=ETC',
      form: documentForm('file'),
      okStatus: 201,
      state: fileRows,
      allowed: (r) => expect(r.json().data).toEqual([expect.stringMatching(/^\/web\/file\/[0-9a-f]{32}$/)]),
    }),
  },
  {
    method: 'POST',
    path: '/web/files/upload',
    access: { kind: 'signedIn' },
    target: async () => ({
      url: '/web/files/upload?type=INBODY',
      form: documentForm('files', 2),
      okStatus: 201,
      state: fileRows,
      allowed: (r) => expect(r.json().data).toHaveLength(2),
    }),
  },
  {
    method: 'GET',
    path: '/web/file/{id}',
    access: { kind: 'document' },
    target: async () => ({
      url: await documentOfA(),
      allowed: (r) => {
        expect(r.headers['content-type']).toBe('image/png');
        expect(r.headers['x-content-type-options']).toBe('nosniff');
      },
    }),
  },
  {
    method: 'GET',
    path: '/web/file/{id}/access-log',
    access: { kind: 'operatorOnly' },
    target: async () => ({
      url: `${await documentOfA()}/access-log`,
      allowed: (r) => expect(r.json().total).toBe(r.json().data.length),
    }),
  },

  // ---- notifications (the notice bot): each member's own
  {
    method: 'GET',
    path: '/web/notification/list',
    access: { kind: 'signedIn' },
    target: async () => ({
      url: '/web/notification/list',
      allowed: (r) => expect(r.headers['x-total-count']).toBe(String(r.json().total)),
    }),
  },
  {
    method: 'GET',
    path: '/web/notification/unread-count',
    access: { kind: 'signedIn' },
    target: async () => ({
      url: '/web/notification/unread-count',
      allowed: (r) => expect(typeof r.json().data.count).toBe('number'),
    }),
  },
  {
    method: 'PUT',
    path: '/web/notification/read-all',
    access: { kind: 'signedIn' },
    target: async () => ({ url: '/web/notification/read-all', okStatus: 204 }),
  },
  {
    method: 'PUT',
    path: '/web/notification/{id}/read',
    access: { kind: 'self', operator: false },
    target: async () => {
      const id = await noticeOfA();
      return {
        url: `/web/notification/${id}/read`,
        as: ownerA,
        state: async () => (await read('/web/notification/list?_end=100')).data,
        allowed: (r) => expect(r.json().data).toMatchObject({ id, gymId: A, readYn: true }),
      };
    },
  },
];

const cookiesOf = (who: Who, access: Access, target: Target): Cookies | undefined => {
  const right =
    access.kind === 'gym' || access.kind === 'scopedList'
      ? access.right
      : access.kind === 'memberRead' || access.kind === 'document'
        ? 'memberUseYn'
        : undefined;
  switch (who) {
    case 'anon':
      return undefined;
    case 'ownerA':
      return ownerA.cookies;
    case 'ownerB':
      return ownerB.cookies;
    case 'operator':
      return operator;
    case 'worker':
      return all10.cookies;
    case 'stranger':
      return stranger.cookies;
    case 'waiting':
      return waiting.cookies;
    case 'invited':
      return invited.cookies;
    case 'inactive':
      return inactive.cookies;
    case 'self':
      return target.as!.cookies;
    case 'with':
      if (right === 'represent') return ownerA.cookies;
      if (right === 'staff') return none.cookies;
      if (access.kind === 'gym' && access.alsoNeeds) return consultAndMembers.cookies;
      return only[right as Flagged].cookies;
    case 'without':
      if (right === 'represent') return all10.cookies;
      return allBut[right as Flagged].cookies;
  }
};

/** The endpoints this file must cover, as the OpenAPI document lists them. */
const inScope = (method: string, path: string) =>
  /^\/web\/(gym|consult|setting|sub-service|file|notification)/.test(path) ||
  path.startsWith('/web/member/gym-list/') ||
  path.startsWith('/web/member/image/') ||
  (method === 'GET' && path === '/web/member');

describe('the isolation matrix', () => {
  it('covers every endpoint of the core API that the OpenAPI document lists, and no other', async () => {
    const documented = await documentedOperations(t, inScope);
    const tabled = ENDPOINTS.map((e) => `${e.method} ${e.path}`).sort();
    expect(new Set(tabled).size).toBe(tabled.length);
    expect(tabled).toEqual(documented);
  });

  for (const endpoint of ENDPOINTS) {
    describe(`${endpoint.method} ${endpoint.path}`, () => {
      for (const [who, outcome] of casesOf(endpoint.access)) {
        it(`${who} → ${outcome}`, async () => {
          const allowed = outcome === 'ok' || outcome === 'shown';
          const target = await endpoint.target({ who, allowed });
          const cookies = cookiesOf(who, endpoint.access, target);

          if (outcome === 'shown' || outcome === 'hidden') {
            const filtered = await call('GET', `${target.url}?gymId=${A}&_end=100`, cookies);
            expect(filtered.statusCode, filtered.body).toBe(200);
            const body = filtered.json() as { data: { id: number; gymId: number }[]; total: number };
            expect(filtered.headers['x-total-count']).toBe(String(body.total));
            if (outcome === 'shown') {
              expect(body.data.map((r) => r.id)).toContain(target.recordOfA);
              expect(body.data.every((r) => r.gymId === A)).toBe(true);
            } else {
              expect(body).toEqual({ data: [], total: 0 });
              const all = await call('GET', `${target.url}?_end=100`, cookies);
              expect(all.statusCode).toBe(200);
              expect((all.json().data as { gymId: number }[]).filter((r) => r.gymId === A)).toEqual([]);
            }
            return;
          }

          const before = target.state ? await target.state() : undefined;
          const response = target.form
            ? await t.app.inject({
                method: endpoint.method,
                url: target.url,
                ...(cookies ? { cookies } : {}),
                headers: target.form.headers,
                payload: target.form.payload,
              })
            : await call(endpoint.method, target.url, cookies, target.payload);
          if (outcome === 'ok') {
            expect(response.statusCode, response.body).toBe(target.okStatus ?? OK[endpoint.method]);
            await target.allowed?.(response);
            return;
          }
          expect(response.statusCode, response.body).toBe(outcome);
          expect(response.json().code).toBe(CODE[outcome]);
          if (target.state) expect(await target.state()).toEqual(before);
        });
      }
    });
  }
});

describe('links that are not ACTIVE', () => {
  it('grant nothing until the representative activates them, and nothing again once suspended or ended', async () => {
    const staff = await makeStaff(t.app, ownerA, A, { consultUseYn: true });
    const url = `/web/consult/${shared.consult}`;
    expect((await call('GET', url, staff.cookies)).statusCode).toBe(200);

    await must('PUT', `/web/gym-member/${staff.link.id}`, ownerA.cookies, { status: 'INACTIVE' });
    expect((await call('GET', url, staff.cookies)).statusCode).toBe(404);
    expect((await call('GET', `/web/consult/list/${A}`, staff.cookies)).statusCode).toBe(404);

    await must('PUT', `/web/gym-member/${staff.link.id}`, ownerA.cookies, { status: 'ACTIVE' });
    expect((await call('GET', url, staff.cookies)).statusCode).toBe(200);

    await must('DELETE', `/web/gym-member/${staff.link.id}`, ownerA.cookies);
    expect((await call('GET', url, staff.cookies)).statusCode).toBe(404);
    expect((await call('GET', `/web/gym/${A}`, staff.cookies)).statusCode).toBe(404);
  });

  it('a worker who asked to join (WAIT) sees nothing of the facility until approved', async () => {
    const worker = await makeSignedIn(t.app, { authCode: 'MEMBER' });
    const link = await must('POST', '/web/gym-member/worker', worker.cookies, { gymId: A });
    expect((await call('GET', `/web/gym/${A}`, worker.cookies)).statusCode).toBe(404);
    expect((await call('GET', `/web/gym-member/worker/list/${A}`, worker.cookies)).statusCode).toBe(404);

    await must('PUT', `/web/gym-member/${link.id}`, ownerA.cookies, { status: 'ACTIVE' });
    expect((await call('GET', `/web/gym/${A}`, worker.cookies)).statusCode).toBe(200);
  });
});

describe('customer records need memberUseYn (docs/rules.md#permissions), whichever route reads them', () => {
  it('the generic gym-member routes do not show customers to staff without memberUseYn', async () => {
    const staff = allBut.memberUseYn;
    expect((await call('GET', `/web/gym-member/nonWorker/list/${A}`, staff.cookies)).statusCode).toBe(403);

    const one = await call('GET', `/web/gym-member/${shared.customerLink}`, staff.cookies);
    expect(one.statusCode, one.body).toBe(403);

    // The representative's own link (workerYn false, with the representative set) is staff, not a customer.
    const list = await call('GET', `/web/gym-member?gymId=${A}&workerYn=false&_end=100`, staff.cookies);
    expect(list.statusCode).toBe(200);
    const links = recordsOf(gymMemberResource, list);
    expect(links.map((l) => l.id)).not.toContain(shared.customerLink);
    expect(links.filter((l) => !l.workerYn && l.gymAuthId === null)).toEqual([]);
  });

  it('staff with memberUseYn see them through the generic routes too', async () => {
    const staff = only.memberUseYn;
    expect((await call('GET', `/web/gym-member/${shared.customerLink}`, staff.cookies)).statusCode).toBe(200);
    const list = await call('GET', `/web/gym-member?gymId=${A}&workerYn=false&_end=100`, staff.cookies);
    expect(list.json().data.map((l: { id: number }) => l.id)).toContain(shared.customerLink);
  });
});

describe("a worker's photo and record (docs/rules.md#reading-a-person)", () => {
  it("are read by the facility's active staff without memberUseYn, and by nobody without an accepted link", async () => {
    const url = await photoOfNone();
    const readers: [string, Cookies | undefined, number][] = [
      ['self', none.cookies, 200],
      ['staff of A with every flag', all10.cookies, 200],
      ['staff of A with consultUseYn only', only.consultUseYn.cookies, 200],
      ['staff of A without memberUseYn', allBut.memberUseYn.cookies, 200],
      ['ownerA', ownerA.cookies, 200],
      ['operator', operator, 200],
      ['anon', undefined, 401],
      ['ownerB', ownerB.cookies, 404],
      ['waiting', waiting.cookies, 404],
      ['invited', invited.cookies, 404],
      ['inactive', inactive.cookies, 404],
      ['stranger', stranger.cookies, 404],
    ];
    for (const [label, cookies, status] of readers) {
      expect((await call('GET', url, cookies)).statusCode, `photo as ${label}`).toBe(status);
      const record = await call('GET', `/web/member/${none.member.id}`, cookies);
      expect(record.statusCode, `record as ${label}`).toBe(status);
    }
  });

  it("of a worker who asked to join or is only invited are read by none of the facility's staff", async () => {
    const { worker: invitee } = await freshInvitee();
    for (const person of [waiting, invitee]) {
      const uploaded = await t.app.inject({
        method: 'POST',
        url: `/web/member/image/${person.member.id}`,
        cookies: person.cookies,
        ...photoForm(),
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const photo = uploaded.json().data.image as string;
      expect((await call('GET', photo, person.cookies)).statusCode).toBe(200);
      for (const cookies of [all10.cookies, only.memberUseYn.cookies, ownerA.cookies]) {
        const record = await call('GET', `/web/member/${person.member.id}`, cookies);
        expect(record.statusCode).toBe(404);
        expect(record.json().code).toBe('NOT_FOUND');
        expect((await call('GET', photo, cookies)).statusCode).toBe(404);
      }
    }
  });
});

describe("references to another facility's records inside a body", () => {
  it("a staff link cannot be given another facility's permission set", async () => {
    const { linkId } = await freshCustomerLink();
    const before = await read(`/web/gym-member/${linkId}`);
    const response = await call('PUT', `/web/gym-member/${linkId}`, ownerA.cookies, {
      gymAuthId: shared.setB,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('gymAuthId');
    expect(await read(`/web/gym-member/${linkId}`)).toEqual(before);

    // Nor can a worker's request to join be approved with it.
    const worker = await makeSignedIn(t.app, { authCode: 'MEMBER' });
    const request = await must('POST', '/web/gym-member/worker', worker.cookies, { gymId: A });
    const waitingBefore = await read(`/web/gym-member/${request.id}`);
    const approved = await call('PUT', `/web/gym-member/${request.id}`, ownerA.cookies, {
      status: 'ACTIVE',
      gymAuthId: shared.setB,
    });
    expect(approved.statusCode).toBe(400);
    expect(approved.json().errors).toHaveProperty('gymAuthId');
    expect(await read(`/web/gym-member/${request.id}`)).toEqual(waitingBefore);
    expect((await read(`/web/gym-auth-member?gymId=${A}&memberId=${worker.member.id}`)).total).toBe(0);
  });

  it('no link is made by member id: the generic POST /web/gym-member is gone (404), whatever its body', async () => {
    const links = (await linksOfA()).total;
    const { id } = await quickMember();
    for (const cookies of [ownerA.cookies, operator]) {
      const created = await call('POST', '/web/gym-member', cookies, {
        gymId: A,
        memberId: id,
        status: 'ACTIVE',
        workerYn: true,
        gymAuthId: shared.spareSet,
      });
      expect(created.statusCode, created.body).toBe(404);
      expect(created.json().code).toBe('NOT_FOUND');
    }
    expect((await linksOfA()).total).toBe(links);
    expect((await read(`/web/gym-member?memberId=${id}`, operator)).total).toBe(0);
  });

  it("an assignment cannot point to another facility's set, nor reach into it", async () => {
    const id = await freshAssignment();
    const before = await read(`/web/gym-auth-member/${id}`);
    const moved = await call('PUT', `/web/gym-auth-member/${id}`, ownerA.cookies, {
      gymAuthId: shared.defaultSetB,
    });
    expect(moved.statusCode).toBe(400);
    expect(await read(`/web/gym-auth-member/${id}`)).toEqual(before);

    // B's set, for someone linked to A: the set's facility is B, which A's owner cannot see.
    const { memberId } = await freshCustomerLink();
    const countB = (await read(`/web/gym-auth-member?gymId=${B}&_end=1`, ownerB.cookies)).total;
    const into = await call('POST', '/web/gym-auth-member', ownerA.cookies, {
      gymAuthId: shared.defaultSetB,
      memberId,
    });
    expect(into.statusCode).toBe(404);
    expect((await read(`/web/gym-auth-member?gymId=${B}&_end=1`, ownerB.cookies)).total).toBe(countB);

    // A's set, for B's owner who has no link to A.
    const stray = await call('POST', '/web/gym-auth-member', ownerA.cookies, {
      gymAuthId: shared.spareSet,
      memberId: ownerB.member.id,
    });
    expect(stray.statusCode).toBe(404);
    expect((await read(`/web/gym-auth-member?memberId=${ownerB.member.id}&gymId=${A}`)).total).toBe(0);
  });

  it('a record cannot be moved to another facility through its body', async () => {
    const id = await freshConsult();
    const before = await read(`/web/consult/${id}`);
    const response = await call('PUT', `/web/consult/${id}`, ownerA.cookies, { gymId: B });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('gymId');
    expect(await read(`/web/consult/${id}`)).toEqual(before);
  });

  it('removing someone from a facility needs their link to that facility', async () => {
    const response = await call(
      'DELETE',
      `/web/gym-member/delete-member-from-gym/${A}/${ownerB.member.id}`,
      ownerA.cookies,
    );
    expect(response.statusCode).toBe(404);
    const ownLink = await read(`/web/gym-member/member/${ownerB.member.id}`, ownerB.cookies);
    expect(ownLink.data.find((l: { gymId: number }) => l.gymId === B).status).toBe('ACTIVE');
  });

  it("B's records never show in A's lists, whoever of A asks", async () => {
    for (const cookies of [ownerA.cookies, all10.cookies]) {
      const consults = await call('GET', '/web/consult?_end=100', cookies);
      expect(consults.json().data.map((c: { id: number }) => c.id)).not.toContain(shared.consultB);
      const byFilter = await call('GET', `/web/consult?gymId=${B}`, cookies);
      expect(byFilter.json()).toEqual({ data: [], total: 0 });
      const sets = await call('GET', `/web/gym-auth?gymId=${B}`, cookies);
      expect(sets.json()).toEqual({ data: [], total: 0 });
    }
  });
});
