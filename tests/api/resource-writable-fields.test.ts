import { describe, expect, it } from 'vitest';
import { resources } from '#domain/resources/index.ts';
import { setupTestApp } from '#tests/fixtures/app.ts';
import { makeGym, operatorOf } from '#tests/fixtures/gyms.ts';
import { injectAs } from '#tests/fixtures/inject.ts';

// docs/rules.md#input: a field the caller may not set answers 400 with a field error, on every resource, never a
// silent drop. Unknown fields are refused by the strict schemas; fields only some callers may write carry
// `writableBy` in their declaration, and the engine refuses them for everyone else.

const app = setupTestApp();

describe('fields the caller may not set', () => {
  it("refuses an owner's rejection reason with 400 on the field, in both languages, and changes nothing", async () => {
    const { owner: made, gym } = await makeGym(app().app);
    const owner = await injectAs(app().app, made);
    for (const [language, text] of [
      ['en', 'You cannot set this field.'],
      ['ko', '이 항목을 변경할 권한이 없습니다.'],
    ] as const) {
      const response = await owner.put(
        `/web/gym/${gym.id}`,
        { name: '바뀐 이름', inactiveReason: '내가 쓴 사유' },
        { headers: { 'accept-language': language } },
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        reason: 'VALIDATION_FAILED',
        errors: { inactiveReason: [text] },
      });
      expect(Object.keys(response.json().errors)).toEqual(['inactiveReason']);
    }
    // null is a value too: "clear the reason" is as much the operator's as writing one.
    expect((await owner.put(`/web/gym/${gym.id}`, { inactiveReason: null })).statusCode).toBe(400);
    const after = (await owner.get(`/web/gym/${gym.id}`)).json().data;
    expect(after).toMatchObject({ name: gym.name, inactiveReason: null });
    // Without the field, the same change goes through.
    expect((await owner.put(`/web/gym/${gym.id}`, { name: '바뀐 이름' })).json().data.name).toBe('바뀐 이름');
  });

  it('lets the operator write it', async () => {
    const { gym } = await makeGym(app().app, { status: 'REQUEST' });
    const operator = await injectAs(app().app, { cookies: await operatorOf(app()) });
    const rejected = await operator.put(`/web/gym/${gym.id}`, {
      gymStatus: 'INACTIVE',
      inactiveReason: '서류 불명확',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const reworded = await operator.put(`/web/gym/${gym.id}`, { inactiveReason: '사업자등록증이 흐립니다' });
    expect(reworded.statusCode, reworded.body).toBe(200);
    expect(reworded.json().data.inactiveReason).toBe('사업자등록증이 흐립니다');
  });

  it('every writableBy field is one its resource can be written with', () => {
    // A declaration naming a field its schemas do not take would guard nothing.
    for (const declaration of resources) {
      for (const [field, meta] of Object.entries(declaration.fields)) {
        if (!meta.writableBy) continue;
        const shapes = [declaration.schemas.create, declaration.schemas.update].map((schema) =>
          schema && 'shape' in schema ? Object.keys(schema.shape as object) : [],
        );
        expect(shapes.flat(), `${declaration.name}.${field}`).toContain(field);
      }
    }
  });
});
