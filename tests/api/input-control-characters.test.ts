import { describe, expect, it } from 'vitest';
import { DEMO_VERIFICATION } from '#domain/demo.ts';
import { subServiceResource } from '#domain/resources/sub-service.ts';
import { errorOf, recordsOf } from '#tests/fixtures/api.ts';
import { setupTestApp } from '#tests/fixtures/app.ts';
import { makeMember } from '#tests/fixtures/factories.ts';
import { approveAddOn, makeActiveGym, operatorOf } from '#tests/fixtures/gyms.ts';
import { injectAs } from '#tests/fixtures/inject.ts';

// docs/rules.md#input: control characters other than newline and tab are refused in every text field, on every
// route, with a 400 field error, and nothing is written. Newline and tab are kept.

const app = setupTestApp();

const CONTROLS = [
  ['NUL', '\u0000'],
  ['BEL', '\u0007'],
  ['ESC', '\u001b'],
] as const;

const expectFieldError = (
  response: { statusCode: number; body: string; json: () => unknown },
  field: string,
  language: 'en' | 'ko' = 'en',
) => {
  expect(response.statusCode, response.body).toBe(400);
  const body = errorOf(response);
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(Object.keys(body.errors ?? {})).toContain(field);
  expect(body.errors?.[field]?.[0]).toBe(
    language === 'en'
      ? 'Remove the control characters: only line breaks and tabs are allowed.'
      : '제어 문자는 입력할 수 없습니다. 줄바꿈과 탭만 사용할 수 있습니다.',
  );
};

describe('control characters', () => {
  it.each(CONTROLS)(
    'PUT /web/sub-service/{id} refuses %s in a name, in both languages',
    async (_name, control) => {
      const operator = await injectAs(app().app, { cookies: await operatorOf(app()) });
      const [first] = recordsOf(subServiceResource, await operator.get('/web/sub-service/list'));
      for (const language of ['en', 'ko'] as const) {
        const response = await operator.put(
          `/web/sub-service/${first!.id}`,
          { nameKo: `요가${control}` },
          { headers: { 'accept-language': language } },
        );
        expectFieldError(response, 'nameKo', language);
      }
      const after = (await operator.get(`/web/sub-service/${first!.id}`)).json().data;
      expect(after.nameKo).toBe(first!.nameKo);
    },
  );

  it.each(CONTROLS)(
    'refuses %s in a facility, a consultation, a list search and a nested path',
    async (_name, control) => {
      const made = await makeActiveGym(app());
      await approveAddOn(app(), made.gym.id, 'CONSULT');
      const owner = await injectAs(app().app, made.owner);
      expectFieldError(await owner.put(`/web/gym/${made.gym.id}`, { address: `서울${control}` }), 'address');
      expectFieldError(
        await owner.post('/web/consult', {
          gymId: made.gym.id,
          name: '김',
          phone: '01012345678',
          content: `a${control}b`,
        }),
        'content',
      );
      expectFieldError(
        await owner.get(`/web/consult?gymId=${made.gym.id}&q=${encodeURIComponent(`a${control}`)}`),
        'q',
      );
      // A list of user ids: the control character is named at its path, even after a worker's real user id, and
      // no invitation is sent.
      const worker = await makeMember(app().app, { authCode: 'MEMBER' });
      expectFieldError(
        await owner.post('/web/gym-member/invite-member', {
          gymId: made.gym.id,
          targetList: [`${worker.userId}${control}`],
        }),
        'targetList.0',
      );
      expect(
        (await owner.get(`/web/gym-member?gymId=${made.gym.id}&memberId=${worker.member.id}`)).json(),
      ).toEqual({ data: [], total: 0 });
      // A route with no query schema at all: the backstop in server/http/input.ts still answers.
      expectFieldError(await owner.get(`/web/member/validate?note=${encodeURIComponent(control)}`), 'note');
      const consults = (await owner.get(`/web/consult?gymId=${made.gym.id}`)).json();
      expect(consults.total).toBe(0);
      const gym = (await owner.get(`/web/gym/${made.gym.id}`)).json().data;
      expect(gym.address).toBe(DEMO_VERIFICATION.address);
    },
  );

  it('keeps newline and tab, and makes CRLF a newline', async () => {
    const made = await makeActiveGym(app());
    await approveAddOn(app(), made.gym.id, 'CONSULT');
    const owner = await injectAs(app().app, made.owner);
    const created = await owner.post('/web/consult', {
      gymId: made.gym.id,
      name: '김\t철수',
      phone: '01012345678',
      content: 'line one\nline\ttwo\r\nline three',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      name: '김\t철수',
      content: 'line one\nline\ttwo\nline three',
    });
    const renamed = await owner.put(`/web/gym/${made.gym.id}`, { addressDetail: '2층\t201호' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.addressDetail).toBe('2층\t201호');
  });
});
