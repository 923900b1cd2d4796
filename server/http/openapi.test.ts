import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { operationIdOf, registerOpenapiChecks } from './openapi.ts';

describe('operationIdOf', () => {
  it('names an operation by its method and path, parameters as By…', () => {
    expect(operationIdOf('GET', '/web/gym-member/worker/list/:gymId')).toBe('getGymMemberWorkerListByGymId');
    expect(operationIdOf('PUT', '/web/member/:id/password')).toBe('putMemberByIdPassword');
    expect(operationIdOf('DELETE', '/web/gym-member/delete-member-from-gym/:gymId/:memberId')).toBe(
      'deleteGymMemberDeleteMemberFromGymByGymIdByMemberId',
    );
    expect(operationIdOf('GET', '/web/member/chekc-userId')).toBe('getMemberChekcUserId');
  });
});

describe('registerOpenapiChecks', () => {
  it('refuses a route that is neither public nor documents 401', async () => {
    const app = Fastify();
    registerOpenapiChecks(app);
    expect(() => app.get('/web/secret', { schema: { response: { 200: {} } } }, async () => 'x')).toThrow(
      /must document 401/,
    );
    app.get('/web/open', { config: { public: true } }, async () => 'x');
    app.get('/web/guarded', { schema: { response: { 401: {} } } }, async () => 'x');
    await app.close();
  });
});
