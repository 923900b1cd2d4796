import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personKinds } from '#domain/enums.ts';
import { PAGE_SIZE_MAX, type ResourceDeclaration, TOTAL_CAP } from '#domain/resources/define.ts';
import {
  consultResource,
  gymAuthResource,
  gymMemberResource,
  gymResource,
  memberResource,
} from '#domain/resources/index.ts';
import { consult, gym, gymAuth, gymMember, member } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeCustomer } from '../fixtures/customers.ts';
import { makeSignedIn, uniqueUserId } from '../fixtures/factories.ts';
import { approveAddOn, type Cookies, makeActiveGym, makeGym, operatorOf } from '../fixtures/gyms.ts';

// The list semantics every declared resource gets from the engine (docs/architecture.md#resource-engine), on
// real rows: pages, sorts, filters, search and totals; and what the engine refuses in bodies and ids.

type Signed = { cookies: Cookies; member: { id: number } };
type Rec = Record<string, unknown> & { id: number };

let t: TestApp;
let operator: Cookies;
/** E: mixed consultations for pages, filters and search. F: a neighbour. S: rows made for sorting. */
let E: number;
let F: number;
let S: number;
let G: number;
let ownerE: Signed;
let ownerF: Signed;
let ownerS: Signed;
let ownerG: Signed;
const E_COUNT = 30;
const F_COUNT = 5;
const S_COUNT = 24;
const NAMES_E = ['김 철수', '김철수', '박 영희', 'Alice Kim', 'lee'];
const HOUR = 3_600_000;
const BASE = Date.UTC(2026, 0, 1);

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookies?: Cookies, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(cookies ? { cookies } : {}),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

/** A list that must answer 200; its X-Total-Count must say what the body says. */
const list = async (url: string, cookies: Cookies) => {
  const response = await call('GET', url, cookies);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  const body = response.json() as { data: Rec[]; total: number };
  expect(response.headers['x-total-count'], url).toBe(String(body.total));
  return { ...body, ids: body.data.map((r) => r.id), headers: response.headers };
};

/** A request that must be refused with 400 and name these fields in `errors`. */
const refused = async (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookies: Cookies,
  fields: string[],
  payload?: unknown,
) => {
  const response = await call(method, url, cookies, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400);
  const body = response.json();
  expect(body.code).toBe('VALIDATION_FAILED');
  for (const field of fields) expect(Object.keys(body.errors ?? {}), `${url}`).toContain(field);
  return body;
};

const sortableOf = (declaration: ResourceDeclaration) =>
  Object.entries(declaration.fields)
    .filter(([, meta]) => meta.sortable)
    .map(([field]) => field);

/** The order the engine promises: the field, then the id, both in the asked direction. */
const expectedOrder = (records: Rec[], field: string, order: 'asc' | 'desc') => {
  const sign = order === 'asc' ? 1 : -1;
  const compare = (a: unknown, b: unknown) => {
    if (a === b) return 0;
    if (a === null || a === undefined) return 1;
    if (b === null || b === undefined) return -1;
    return (a as string | number) < (b as string | number) ? -1 : 1;
  };
  return [...records]
    .sort((a, b) => sign * (compare(a[field], b[field]) || compare(a.id, b.id)))
    .map((r) => r.id);
};

/** Fields that cannot tie. */
const UNIQUE = ['id', 'userId'];

const isoAt = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  operator = await operatorOf(t);
  const e = await makeActiveGym(t);
  const f = await makeActiveGym(t);
  const s = await makeGym(t.app);
  const g = await makeGym(t.app);
  [E, F, S, G] = [e.gym.id, f.gym.id, s.gym.id, g.gym.id];
  [ownerE, ownerF, ownerS, ownerG] = [e.owner, f.owner, s.owner, g.owner];
  // Consultations need the CONSULT add-on (docs/rules.md#consulting).
  for (const gymId of [E, F, S, G]) await approveAddOn(t, gymId, 'CONSULT');

  await t.db.insert(consult).values(
    Array.from({ length: E_COUNT }, (_, i) => ({
      gymId: E,
      name: NAMES_E[i % NAMES_E.length]!,
      phone: `0101234${String(i).padStart(4, '0')}`,
      personKind: personKinds[i % personKinds.length]!,
      status: i % 3 === 0 ? ('COMPLETE' as const) : ('WAIT' as const),
      consultDate: `2026-0${1 + (i % 6)}-15`,
      content: i === 7 ? 'secretword inside' : null,
      createDate: new Date(BASE + i * HOUR),
      modifiedDate: new Date(BASE + i * HOUR),
    })),
  );
  await t.db
    .insert(consult)
    .values(Array.from({ length: F_COUNT }, () => ({ gymId: F, name: '김철수', phone: '01099998888' })));
  // Sort data: lowercase ASCII names (every collation agrees on them), and ties on every sortable field.
  await t.db.insert(consult).values(
    Array.from({ length: S_COUNT }, (_, i) => ({
      gymId: S,
      name: ['delta', 'alpha', 'charlie', 'bravo'][i % 4]!,
      phone: '01000000000',
      consultDate: ['2026-03-01', '2026-01-01', '2026-02-01'][i % 3]!,
      createDate: new Date(BASE + Math.floor(i / 4) * HOUR),
    })),
  );
  await t.db.execute(
    sql`insert into consult (gym_id, name, phone) select ${G}, 'cap', '01000000000' from generate_series(1, ${TOTAL_CAP + 1})`,
  );
}, 120_000);

afterAll(() => t?.close());

describe('pagination', () => {
  it('answers a page of 10 by default, newest first, with the total of the scope', async () => {
    const page = await list(`/web/consult/list/${E}`, ownerE.cookies);
    expect(page.total).toBe(E_COUNT);
    expect(page.data).toHaveLength(10);
    const all = await list(`/web/consult/list/${E}?_end=100`, ownerE.cookies);
    expect(page.ids).toEqual(all.ids.slice(0, 10));
    expect(all.ids).toEqual([...all.ids].sort((a, b) => b - a));
  });

  it('walks the pages with _start/_end, without gaps or repeats', async () => {
    const all = await list(`/web/consult/list/${E}?_start=0&_end=100`, ownerE.cookies);
    expect(all.data).toHaveLength(E_COUNT);
    const pages = [];
    for (let start = 0; start < E_COUNT; start += 7) {
      const page = await list(`/web/consult/list/${E}?_start=${start}&_end=${start + 7}`, ownerE.cookies);
      expect(page.total).toBe(E_COUNT);
      pages.push(...page.ids);
    }
    expect(pages).toEqual(all.ids);
    const past = await list(`/web/consult/list/${E}?_start=${E_COUNT}&_end=${E_COUNT + 10}`, ownerE.cookies);
    expect(past).toMatchObject({ data: [], total: E_COUNT });
    const fromOnly = await list(`/web/consult/list/${E}?_start=25`, ownerE.cookies);
    expect(fromOnly.ids).toEqual(all.ids.slice(25, 35));
  });

  it(`takes a page of ${PAGE_SIZE_MAX}, and refuses a bigger one`, async () => {
    const big = await list(`/web/consult?_start=0&_end=${PAGE_SIZE_MAX}`, operator);
    expect(big.data).toHaveLength(PAGE_SIZE_MAX);
    await refused('GET', `/web/consult/list/${E}?_start=0&_end=${PAGE_SIZE_MAX + 1}`, ownerE.cookies, [
      '_end',
    ]);
    await refused('GET', `/web/consult?_start=50&_end=${51 + PAGE_SIZE_MAX}`, ownerE.cookies, ['_end']);
    await refused('GET', `/web/member?_end=${PAGE_SIZE_MAX + 1}`, operator, ['_end']);
  });

  it('refuses _end at or before _start, and bounds that are negative or not whole numbers', async () => {
    for (const query of ['_start=10&_end=10', '_start=10&_end=5', '_end=0']) {
      await refused('GET', `/web/consult/list/${E}?${query}`, ownerE.cookies, ['_end']);
    }
    for (const query of ['_start=-1', '_start=abc', '_start=1.5']) {
      await refused('GET', `/web/consult?${query}`, ownerE.cookies, ['_start']);
    }
    for (const query of ['_end=-5', '_end=ten', '_end=2.5']) {
      await refused('GET', `/web/gym-auth?${query}`, ownerE.cookies, ['_end']);
    }
  });

  it("counts only the caller's scope, in X-Total-Count and in the body", async () => {
    expect((await list('/web/consult', ownerE.cookies)).total).toBe(E_COUNT);
    expect((await list('/web/consult', ownerF.cookies)).total).toBe(F_COUNT);
    expect((await list(`/web/consult/list/${F}`, ownerF.cookies)).total).toBe(F_COUNT);
    expect((await list(`/web/consult?gymId=${E}`, operator)).total).toBe(E_COUNT);
    // Permission sets: each facility has its two, and one owner sees only theirs.
    const sets = await list('/web/gym-auth?_end=100', ownerE.cookies);
    expect(sets.total).toBe(2);
    expect(sets.data.every((r) => r.gymId === E)).toBe(true);
  });

  it(`caps the total at ${TOTAL_CAP} and says so`, async () => {
    const generic = await list('/web/consult', ownerG.cookies);
    expect(generic.total).toBe(TOTAL_CAP);
    expect(generic.headers['x-total-count-capped']).toBe('true');
    expect(generic.data).toHaveLength(10);

    const own = await list(`/web/consult/list/${G}`, ownerG.cookies);
    expect(own.total).toBe(TOTAL_CAP);
    expect(own.headers['x-total-count-capped']).toBe('true');

    const under = await list(`/web/consult/list/${E}`, ownerE.cookies);
    expect(under.headers['x-total-count-capped']).toBeUndefined();
  });
});

describe('sorting', () => {
  const cases: { name: string; declaration: ResourceDeclaration; url: () => string; as: () => Cookies }[] = [
    {
      name: 'consult',
      declaration: consultResource,
      url: () => `/web/consult/list/${S}?_start=0`,
      as: () => ownerS.cookies,
    },
    {
      name: 'gym-auth',
      declaration: gymAuthResource,
      url: () => `/web/gym-auth?gymId=${S}&representYn=false&defaultYn=false`,
      as: () => ownerS.cookies,
    },
    {
      name: 'gym-member',
      declaration: gymMemberResource,
      url: () => `/web/gym-member?gymId=${S}&workerYn=false`,
      as: () => ownerS.cookies,
    },
    {
      name: 'member',
      declaration: memberResource,
      url: () => '/web/member?name_like=sortme',
      as: () => operator,
    },
    { name: 'gym', declaration: gymResource, url: () => '/web/gym?name_like=sortgym', as: () => operator },
  ];

  beforeAll(async () => {
    // Permission sets, links, accounts and facilities with repeated names and shared timestamps.
    const setNames = ['setbravo', 'setalpha', 'setbravo', 'setcharlie', 'setalpha', 'setalpha'];
    for (const name of setNames) {
      const response = await call('POST', '/web/gym-auth', ownerS.cookies, { gymId: S, name });
      expect(response.statusCode).toBe(201);
    }
    const made = await t.db
      .insert(member)
      .values(
        ['sortmebravo', 'sortmealpha', 'sortmebravo', 'sortmecharlie', 'sortmealpha', 'sortmealpha'].map(
          (name, i) => ({
            userId: `sortme${['c', 'a', 'b', 'a', 'd', 'c'][i]}${i}`,
            passwordHash: 'unused',
            name,
            phone: '01000000000',
            authCode: 'MEMBER' as const,
            createDate: new Date(BASE + Math.floor(i / 2) * HOUR),
          }),
        ),
      )
      .returning({ id: member.id });
    // Customer links (ACTIVE, workerYn false): customers registered at the desk, one per account above.
    const customers = [];
    for (const _ of made) customers.push(await makeCustomer(t, ownerS.cookies, S, { name: '정렬 고객' }));
    await t.db
      .update(gymMember)
      .set({ createDate: new Date(BASE) })
      .where(
        inArray(
          gymMember.memberId,
          customers.slice(0, 3).map((m) => m.id),
        ),
      );
    await t.db
      .update(gymAuth)
      .set({ createDate: new Date(BASE) })
      .where(
        sql`${gymAuth.gymId} = ${S} and ${gymAuth.name} like 'set%' and ${gymAuth.name} <> 'setcharlie'`,
      );
    const owner = await makeSignedIn(t.app, { authCode: 'ADMIN' });
    const gyms = [];
    for (const name of ['sortgymbravo', 'sortgymalpha', 'sortgymbravo', 'sortgymalpha']) {
      gyms.push((await makeGym(t.app, { owner, name })).gym.id);
    }
    await t.db
      .update(gym)
      .set({ createDate: new Date(BASE), modifiedDate: new Date(BASE + HOUR) })
      .where(inArray(gym.id, gyms.slice(1)));
  });

  for (const c of cases) {
    for (const field of sortableOf(c.declaration)) {
      it(`${c.name}: _sort=${field} asc and desc, ties broken by id in the same direction`, async () => {
        const all = await list(`${c.url()}&_end=100`, c.as());
        expect(all.total).toBeGreaterThan(3);
        expect(all.total).toBeLessThanOrEqual(100);
        // The data has ties on this field (unique ones aside), so the tiebreak is really exercised.
        const values = all.data.map((r) => r[field]);
        if (!UNIQUE.includes(field)) expect(new Set(values).size).toBeLessThan(values.length);
        for (const order of ['asc', 'desc'] as const) {
          const sorted = await list(`${c.url()}&_sort=${field}&_order=${order}&_end=100`, c.as());
          expect(sorted.ids).toEqual(expectedOrder(all.data, field, order));
        }
      });
    }
  }

  it('keeps the order across pages when the sort field has ties', async () => {
    const url = `/web/consult/list/${S}?_sort=name&_order=asc`;
    const all = await list(`${url}&_end=100`, ownerS.cookies);
    const pages = [];
    for (let start = 0; start < S_COUNT; start += 5) {
      pages.push(...(await list(`${url}&_start=${start}&_end=${start + 5}`, ownerS.cookies)).ids);
    }
    expect(pages).toEqual(all.ids);
    expect(new Set(pages).size).toBe(S_COUNT);
  });

  it('reads _order in any case, and refuses an order that is neither asc nor desc', async () => {
    const url = `/web/consult/list/${S}?_sort=consultDate&_end=100`;
    const lower = await list(`${url}&_order=desc`, ownerS.cookies);
    expect((await list(`${url}&_order=DESC`, ownerS.cookies)).ids).toEqual(lower.ids);
    expect((await list(`${url}&_order=Desc`, ownerS.cookies)).ids).toEqual(lower.ids);
    const asc = await list(`${url}&_order=ASC`, ownerS.cookies);
    expect(asc.ids).toEqual(expectedOrder(lower.data, 'consultDate', 'asc'));
    await refused('GET', `${url}&_order=up`, ownerS.cookies, ['_order']);
  });

  it('refuses a field outside the allow-list', async () => {
    for (const field of ['phone', 'content', 'gymId', 'status', 'nope']) {
      await refused('GET', `/web/consult/list/${S}?_sort=${field}`, ownerS.cookies, ['_sort']);
    }
    await refused('GET', '/web/member?_sort=passwordHash', operator, ['_sort']);
    await refused('GET', '/web/gym?_sort=businessNo', operator, ['_sort']);
  });
});

describe('filters', () => {
  const expectedE = (keep: (i: number) => boolean) =>
    Array.from({ length: E_COUNT }, (_, i) => i).filter(keep);

  it('field= keeps equal values; a repeated field keeps any of them', async () => {
    const done = await list(`/web/consult/list/${E}?status=COMPLETE&_end=100`, ownerE.cookies);
    expect(done.total).toBe(expectedE((i) => i % 3 === 0).length);
    expect(done.data.every((r) => r.status === 'COMPLETE')).toBe(true);

    const two = await list(
      `/web/consult/list/${E}?personKind=MEMBER&personKind=TRAINER&_end=100`,
      ownerE.cookies,
    );
    expect(two.total).toBe(expectedE((i) => i % 4 === 0 || i % 4 === 2).length);
    expect(new Set(two.data.map((r) => r.personKind))).toEqual(new Set(['MEMBER', 'TRAINER']));

    const flags = await list(`/web/gym-auth?gymId=${E}&defaultYn=true`, ownerE.cookies);
    expect(flags.data).toHaveLength(1);
    expect(flags.data[0]).toMatchObject({ defaultYn: true, representYn: false });
  });

  it('_ne leaves the value out', async () => {
    const gyms = await list(`/web/gym?gymStatus_ne=ACTIVE&_end=100`, operator);
    expect(gyms.ids).toContain(S);
    expect(gyms.ids).not.toContain(E);
    expect(gyms.data.every((r) => r.gymStatus !== 'ACTIVE')).toBe(true);

    const links = await list(`/web/gym-member?gymId=${E}&status_ne=ACTIVE`, ownerE.cookies);
    expect(links.total).toBe(0);
    expect((await list(`/web/gym-member?gymId=${E}&status_ne=QUIT`, ownerE.cookies)).total).toBe(1);
  });

  it('_like matches a substring in any case, with % and _ taken literally', async () => {
    const names = ['Like 100% Sure', 'Like 100 Sure', 'Like a_b', 'Like axb'];
    const userIds = ['LikeUnder_Score', 'likeUnderXScore'];
    await t.db.insert(member).values([
      ...names.map((name) => ({
        userId: uniqueUserId('like'),
        passwordHash: 'unused',
        name,
        phone: '01000000000',
        authCode: 'MEMBER' as const,
      })),
      ...userIds.map((userId) => ({
        userId,
        passwordHash: 'unused',
        name: 'like user',
        phone: '01000000000',
        authCode: 'MEMBER' as const,
      })),
    ]);
    const namesOf = async (query: string) =>
      (await list(`/web/member?${query}&_end=100`, operator)).data.map((r) => r.name).sort();
    expect(await namesOf('name_like=LIKE')).toEqual([...names, 'like user', 'like user'].sort());
    expect(await namesOf('name_like=0%25')).toEqual(['Like 100% Sure']);
    expect(await namesOf('name_like=a_b')).toEqual(['Like a_b']);
    const idsOf = async (query: string) =>
      (await list(`/web/member?${query}&_end=100`, operator)).data.map((r) => r.userId);
    expect(await idsOf('userId_like=r_s')).toEqual(['LikeUnder_Score']);
    expect(await idsOf('userId_like=likeunder')).toHaveLength(2);

    const owner = await makeSignedIn(t.app, { authCode: 'ADMIN' });
    for (const name of ['Iron 50% Gym', 'Iron 50 Gym', 'Iron_Gym', 'IronXGym'])
      await makeGym(t.app, { owner, name });
    const gymNames = async (query: string) =>
      (await list(`/web/gym?${query}&_end=100`, operator)).data.map((r) => r.name).sort();
    expect(await gymNames('name_like=iRoN')).toEqual(
      ['Iron 50 Gym', 'Iron 50% Gym', 'IronXGym', 'Iron_Gym'].sort(),
    );
    expect(await gymNames('name_like=50%25')).toEqual(['Iron 50% Gym']);
    expect(await gymNames('name_like=n_G')).toEqual(['Iron_Gym']);
  });

  it('_gte and _lte bound dates and datetimes, both ends included', async () => {
    const months = await list(
      `/web/consult/list/${E}?consultDate_gte=2026-02-15&consultDate_lte=2026-03-15&_end=100`,
      ownerE.cookies,
    );
    expect(months.total).toBe(expectedE((i) => i % 6 === 1 || i % 6 === 2).length);
    expect(months.data.every((r) => r.consultDate === '2026-02-15' || r.consultDate === '2026-03-15')).toBe(
      true,
    );

    const hours = await list(
      `/web/consult/list/${E}?createDate_gte=${isoAt(BASE + 10 * HOUR)}&createDate_lte=${isoAt(BASE + 19 * HOUR)}&_end=100`,
      ownerE.cookies,
    );
    expect(hours.total).toBe(10);
    expect(hours.data.map((r) => r.createDate).sort()).toEqual(
      Array.from({ length: 10 }, (_, k) => isoAt(BASE + (10 + k) * HOUR)),
    );

    const old = (await makeGym(t.app)).gym.id;
    await t.db.execute(sql`update gym set create_date = ${isoAt(Date.UTC(2020, 0, 1))} where id = ${old}`);
    const before2021 = await list(`/web/gym?createDate_lte=2021-01-01T00:00:00Z`, operator);
    expect(before2021.ids).toEqual([old]);
    const since2021 = await list(`/web/gym?createDate_gte=2021-01-01T00:00:00Z&_end=100`, operator);
    expect(since2021.ids).not.toContain(old);
    expect(since2021.ids).toContain(E);
  });

  it('refuses a date bound that is not a date, naming it', async () => {
    await refused('GET', `/web/consult/list/${E}?consultDate_gte=not-a-date`, ownerE.cookies, [
      'consultDate_gte',
    ]);
    await refused('GET', `/web/consult/list/${E}?createDate_lte=yesterday`, ownerE.cookies, [
      'createDate_lte',
    ]);
    await refused('GET', '/web/gym?createDate_gte=2026-13-45', operator, ['createDate_gte']);
  });

  it('refuses a filter the field does not allow, and any unknown parameter, naming it', async () => {
    const url = `/web/consult/list/${E}`;
    await refused('GET', `${url}?name=김철수`, ownerE.cookies, ['name']);
    await refused('GET', `${url}?phone_like=1234`, ownerE.cookies, ['phone_like']);
    await refused('GET', `${url}?status_ne=WAIT`, ownerE.cookies, ['status_ne']);
    await refused('GET', `${url}?consultDate=2026-01-15`, ownerE.cookies, ['consultDate']);
    await refused('GET', `${url}?foo=1`, ownerE.cookies, ['foo']);
    await refused('GET', `${url}?_limit=5`, ownerE.cookies, ['_limit']);
    await refused('GET', '/web/member?passwordHash=x', operator, ['passwordHash']);
    await refused('GET', '/web/gym-auth?name_like=set', ownerE.cookies, ['name_like']);
  });

  it('refuses a filter value of the wrong kind, naming it', async () => {
    await refused('GET', `/web/consult/list/${E}?status=DONE`, ownerE.cookies, ['status']);
    await refused('GET', `/web/consult?gymId=abc`, ownerE.cookies, ['gymId']);
    await refused('GET', `/web/gym-auth?defaultYn=maybe`, ownerE.cookies, ['defaultYn']);
    await refused('GET', `/web/gym?gymStatus_ne=ACTIVE&gymStatus_ne=QUIT`, operator, ['gymStatus_ne']);
  });
});

describe('q, the free-text search', () => {
  const count = async (q: string) =>
    (await list(`/web/consult/list/${E}?q=${encodeURIComponent(q)}&_end=100`, ownerE.cookies)).total;
  const per = E_COUNT / NAMES_E.length;

  it('matches a substring of the search fields, ignoring whitespace on both sides and case', async () => {
    expect(await count('김철')).toBe(2 * per);
    expect(await count('철 수')).toBe(2 * per);
    expect(await count('  김 철 수 ')).toBe(2 * per);
    expect(await count('박영희')).toBe(per);
    expect(await count('ALICEk')).toBe(per);
    // The phone is a search field too.
    expect(await count('12340007')).toBe(1);
  });

  it('does not search other fields, takes % literally, and ignores a blank q', async () => {
    expect(await count('secretword')).toBe(0);
    expect(await count('%')).toBe(0);
    expect(await count('_')).toBe(0);
    expect(await count('   ')).toBe(E_COUNT);
  });

  it("stays in the caller's scope", async () => {
    // F has five 김철수 too; E's owner sees only E's.
    const mine = await list(`/web/consult?q=${encodeURIComponent('김철수')}&_end=100`, ownerE.cookies);
    expect(mine.total).toBe(2 * per);
    expect(mine.data.every((r) => r.gymId === E)).toBe(true);
  });

  it('refuses a q over 100 characters', async () => {
    await refused('GET', `/web/consult/list/${E}?q=${encodeURIComponent('가'.repeat(101))}`, ownerE.cookies, [
      'q',
    ]);
  });
});

describe('bodies and ids', () => {
  const consultsOfE = async () => (await list(`/web/consult/list/${E}?_end=1`, ownerE.cookies)).total;
  const valid = () => ({ gymId: E, name: '새 상담', phone: '010-1111-2222' });

  it('refuses unknown fields on create, naming each, and writes nothing', async () => {
    const before = await consultsOfE();
    await refused('POST', '/web/consult', ownerE.cookies, ['hack', 'id', 'createDate'], {
      ...valid(),
      hack: 1,
      id: 99,
      createDate: '2020-01-01T00:00:00Z',
    });
    expect(await consultsOfE()).toBe(before);

    const sets = (await list(`/web/gym-auth?gymId=${E}`, ownerE.cookies)).total;
    await refused('POST', '/web/gym-auth', ownerE.cookies, ['representYn'], {
      gymId: E,
      name: 'sneaky',
      representYn: true,
    });
    expect((await list(`/web/gym-auth?gymId=${E}`, ownerE.cookies)).total).toBe(sets);

    const gyms = (await list('/web/gym?_end=1', operator)).total;
    await refused('POST', '/web/gym', ownerE.cookies, ['ownerId'], { name: '새 시설', ownerId: 1 });
    expect((await list('/web/gym?_end=1', operator)).total).toBe(gyms);
  });

  it('refuses unknown fields on update, naming each, and changes nothing', async () => {
    const [row] = (await list(`/web/consult/list/${E}?_end=1`, ownerE.cookies)).data;
    const before = (await call('GET', `/web/consult/${row!.id}`, ownerE.cookies)).json();
    await refused('PUT', `/web/consult/${row!.id}`, ownerE.cookies, ['gymId', 'foo'], {
      status: 'COMPLETE',
      gymId: F,
      foo: 1,
    });
    expect((await call('GET', `/web/consult/${row!.id}`, ownerE.cookies)).json()).toEqual(before);

    const [link] = (await list(`/web/gym-member?gymId=${E}`, ownerE.cookies)).data;
    await refused('PUT', `/web/gym-member/${link!.id}`, ownerE.cookies, ['workerYn', 'memberId'], {
      workerYn: true,
      memberId: 1,
    });
    expect((await call('GET', `/web/gym-member/${link!.id}`, ownerE.cookies)).json().data).toEqual(link);

    const setting = (await call('GET', `/web/setting/gym/${E}`, ownerE.cookies)).json();
    await refused('PUT', `/web/setting/gym/${E}`, ownerE.cookies, ['gymId'], { openTime: '07:00', gymId: F });
    expect((await call('GET', `/web/setting/gym/${E}`, ownerE.cookies)).json()).toEqual(setting);
  });

  it('refuses wrong types in bodies, naming the field, and writes nothing', async () => {
    const before = await consultsOfE();
    await refused('POST', '/web/consult', ownerE.cookies, ['gymId'], { ...valid(), gymId: String(E) });
    await refused('POST', '/web/consult', ownerE.cookies, ['name'], { ...valid(), name: 42 });
    await refused('POST', '/web/consult', ownerE.cookies, ['phone'], { ...valid(), phone: 1012345678 });
    await refused('POST', '/web/consult', ownerE.cookies, ['personKind'], { ...valid(), personKind: 'VIP' });
    await refused('POST', '/web/consult', ownerE.cookies, ['consultDate'], {
      ...valid(),
      consultDate: '2026/01/01',
    });
    await refused('POST', '/web/consult', ownerE.cookies, ['gymId', 'name', 'phone'], {});
    const array = await call('POST', '/web/consult', ownerE.cookies, [valid()]);
    expect(array.statusCode).toBe(400);
    expect(await consultsOfE()).toBe(before);

    const [row] = (await list(`/web/consult/list/${E}?_end=1`, ownerE.cookies)).data;
    await refused('PUT', `/web/consult/${row!.id}`, ownerE.cookies, ['status'], { status: 1 });
    await refused('PUT', `/web/consult/${row!.id}`, ownerE.cookies, ['name'], { name: '   ' });
    await refused('POST', '/web/gym-auth', ownerE.cookies, ['consultUseYn'], {
      gymId: E,
      name: 'typed',
      consultUseYn: 'yes',
    });
    await refused('PUT', '/web/gym-sub-service/1', ownerE.cookies, ['gymSubServiceStatus'], {
      gymSubServiceStatus: 1,
    });
    expect((await call('GET', `/web/consult/${row!.id}`, ownerE.cookies)).json().data).toEqual(row);
  });

  it('refuses an id that is not a positive whole number in the int range', async () => {
    for (const id of ['abc', '1.5', '-1', '0', '99999999999', '1e400']) {
      await refused('GET', `/web/consult/${id}`, ownerE.cookies, ['id']);
    }
    await refused('PUT', '/web/consult/abc', ownerE.cookies, ['id'], { status: 'COMPLETE' });
    await refused('DELETE', '/web/gym-auth/abc', ownerE.cookies, ['id']);
    await refused('GET', '/web/gym/x', ownerE.cookies, ['id']);
    await refused('GET', '/web/consult/list/abc', ownerE.cookies, ['gymId']);
    await refused('GET', '/web/gym-member/worker/list/-3', ownerE.cookies, ['gymId']);
    await refused('DELETE', `/web/gym-member/delete-member-from-gym/${E}/abc`, ownerE.cookies, ['memberId']);
    await refused('GET', '/web/member/gym-list/abc', ownerE.cookies, ['id']);
  });
});
