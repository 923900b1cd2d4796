import { describe, expect, it } from 'vitest';
import { subServiceResource } from '#domain/resources/sub-service.ts';
import { errorOf, recordsOf } from '#tests/fixtures/api.ts';
import { setupTestApp } from '#tests/fixtures/app.ts';
import { makeCustomer, uniqueMobile } from '#tests/fixtures/customers.ts';
import { makeActiveGym, operatorOf } from '#tests/fixtures/gyms.ts';
import { injectAs } from '#tests/fixtures/inject.ts';

// docs/rules.md#input: zero-width and text-direction characters are refused in names and other single-line texts,
// and the direction overrides in every text, with a 400 field error; memos keep emoji joined by U+200D.
// docs/rules.md#lists-and-search: the page-size error names its bound.

const app = setupTestApp();

const MESSAGE = {
  en: 'Remove the invisible characters: zero-width spaces and text-direction marks are not allowed.',
  ko: '보이지 않는 문자(폭 없는 공백, 글자 방향 제어 문자)는 입력할 수 없습니다.',
} as const;

const expectInvisible = (
  response: { statusCode: number; body: string; json: () => unknown },
  field: string,
  language: 'en' | 'ko' = 'en',
) => {
  expect(response.statusCode, response.body).toBe(400);
  const body = errorOf(response);
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.errors?.[field]?.[0], response.body).toBe(MESSAGE[language]);
};

describe('invisible characters', () => {
  it.each([
    ['zero-width space', '\u200b'],
    ['zero-width joiner', '\u200d'],
    ['word joiner', '\u2060'],
    ['byte order mark', '\ufeff'],
    ['right-to-left mark', '\u200f'],
    ['right-to-left override', '\u202e'],
    ['first strong isolate', '\u2068'],
  ])('refuses a %s in a name, in both languages, and writes nothing', async (_label, char) => {
    const operator = await injectAs(app().app, { cookies: await operatorOf(app()) });
    const [first] = recordsOf(subServiceResource, await operator.get('/web/sub-service/list'));
    for (const language of ['en', 'ko'] as const) {
      const response = await operator.put(
        `/web/sub-service/${first!.id}`,
        { nameKo: `요가${char}` },
        { headers: { 'accept-language': language } },
      );
      expectInvisible(response, 'nameKo', language);
    }
    expect((await operator.get(`/web/sub-service/${first!.id}`)).json().data.nameKo).toBe(first!.nameKo);

    const made = await makeActiveGym(app());
    const owner = await injectAs(app().app, made.owner);
    const phone = uniqueMobile();
    expectInvisible(
      await owner.post(`/web/member/customer?gymId=${made.gym.id}`, { name: `김${char}민수`, phone }),
      'name',
    );
    const list = (await owner.get(`/web/member/total-list?gymId=${made.gym.id}`)).json();
    expect(list.total).toBe(0);
  });

  it('keeps an emoji joined by U+200D in a memo, and refuses a direction override there', async () => {
    const made = await makeActiveGym(app());
    const owner = await injectAs(app().app, made.owner);
    const memo = '가족 회원 👨\u200d👩\u200d👧\n둘째 줄';
    const customer = await makeCustomer(app(), made.owner.cookies, made.gym.id, { memo });
    const read = (await owner.get(`/web/member/customer/${customer.id}?gymId=${made.gym.id}`)).json().data;
    expect(read.memo).toBe(memo);
    expectInvisible(
      await owner.post(`/web/member/customer?gymId=${made.gym.id}`, {
        name: '박민수',
        phone: uniqueMobile(),
        memo: '영수증 \u202Egnp.exe',
      }),
      'memo',
    );
  });

  it('refuses a direction override in any string, even where the schema takes a bare string', async () => {
    const made = await makeActiveGym(app());
    const owner = await injectAs(app().app, made.owner);
    expectInvisible(await owner.get(`/web/member/validate?note=${encodeURIComponent('a\u202eb')}`), 'note');
  });
});

describe('page size', () => {
  it.each([
    ['the generic resource list', '/web/gym?_start=0&_end=500', '100'],
    ['the audit log', (gymId: number) => `/web/audit?gymId=${gymId}&_start=20&_end=500`, '120'],
    ['the product list', (gymId: number) => `/web/product/list/${gymId}?_start=0&_end=101`, '100'],
    ['the notices', '/web/notification/list?_start=0&_end=200', '100'],
  ] as const)('names the largest _end on %s, in both languages', async (_label, path, max) => {
    const made = await makeActiveGym(app());
    const owner = await injectAs(app().app, made.owner);
    const url = typeof path === 'string' ? path : path(made.gym.id);
    for (const [language, text] of [
      ['en', `Must be at most ${max}.`],
      ['ko', `${max} 이하여야 합니다.`],
    ] as const) {
      const response = await owner.get(url, { headers: { 'accept-language': language } });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors._end).toEqual([text]);
    }
  });

  it('names the smallest _end when it is not after _start', async () => {
    const made = await makeActiveGym(app());
    const owner = await injectAs(app().app, made.owner);
    const response = await owner.get('/web/gym?_start=30&_end=10');
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors._end).toEqual(['Must be at least 31.']);
  });
});
