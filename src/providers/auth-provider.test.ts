import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Member } from '#domain/schemas/member.ts';
import { createSessionStore } from '../session/session-store.ts';
import { createStoredSession, type KeyValueStorage } from '../session/stored-session.ts';
import { createAuthProvider } from './auth-provider.ts';
import { toHttpError } from './http-error.ts';

const member: Member = {
  id: 12,
  userId: 'owner01',
  name: 'Kim',
  phone: '01012345678',
  email: null,
  gender: 'NONE',
  birthDate: null,
  image: null,
  authCode: 'ADMIN',
  status: 'ACTIVE',
  stopStartDate: null,
  stopEndDate: null,
  createDate: '2026-01-01T00:00:00.000Z',
  modifiedDate: '2026-01-01T00:00:00.000Z',
};

const memoryStorage = (): KeyValueStorage & { items: Map<string, string> } => {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
};

beforeEach(() => {
  // The provider logs failed logouts and validations; the tests assert outcomes, not log lines.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
  return () => vi.restoreAllMocks();
});

const httpError = (status: number) =>
  toHttpError({ status, body: { message: `status ${status}` } }, (k) => k);

const setup = () => {
  const storage = memoryStorage();
  const session = createSessionStore();
  const members = {
    login: vi.fn(async () => member),
    logout: vi.fn(async () => {}),
    validate: vi.fn(async () => member),
    join: vi.fn(async () => member),
  };
  const provider = createAuthProvider({
    members,
    session,
    stored: createStoredSession(storage),
    translate: (key) => `t:${key}`,
  });
  return { provider, storage, session, members };
};

describe('authProvider.onError', () => {
  it('logs out and goes to /login on 401', async () => {
    const { provider } = setup();
    expect(await provider.onError(httpError(401))).toMatchObject({ logout: true, redirectTo: '/login' });
  });

  it.each([403, 404, 409, 500])('does not log out on %i', async (status) => {
    const { provider } = setup();
    const result = await provider.onError(httpError(status));
    expect(result.logout).toBeUndefined();
    expect(result.redirectTo).toBeUndefined();
  });

  it('does not log out on a network failure or a plain error', async () => {
    const { provider } = setup();
    expect((await provider.onError(toHttpError({}, (k) => k))).logout).toBeUndefined();
    expect((await provider.onError(new Error('boom'))).logout).toBeUndefined();
  });
});

describe('authProvider login, logout, check, register', () => {
  it('login stores the member id in sessionStorage key "id" and the member in the session', async () => {
    const { provider, storage, session } = setup();
    expect(await provider.login({ userId: 'owner01', password: 'secret123' })).toEqual({
      success: true,
      redirectTo: '/',
    });
    expect(storage.items.get('id')).toBe('12');
    expect(session.getMember()).toBe(member);
  });

  it('login answers the server error without throwing or storing anything', async () => {
    const { provider, members, storage } = setup();
    members.login.mockRejectedValueOnce(httpError(401));
    const result = await provider.login({ userId: 'owner01', password: 'nope' });
    expect(result).toMatchObject({ success: false, error: { statusCode: 401, message: 'status 401' } });
    expect(storage.items.has('id')).toBe(false);
  });

  it('logout clears the stored id and the member, even when the request fails', async () => {
    const { provider, members, storage, session } = setup();
    await provider.login({ userId: 'owner01', password: 'secret123' });
    members.logout.mockRejectedValueOnce(httpError(500));
    expect(await provider.logout({})).toEqual({ success: true, redirectTo: '/login' });
    expect(storage.items.has('id')).toBe(false);
    expect(session.getMember()).toBeNull();
  });

  it('check is authenticated on 200 and sends to /login with logout on 401', async () => {
    const { provider, members } = setup();
    expect(await provider.check()).toEqual({ authenticated: true });
    members.validate.mockRejectedValueOnce(httpError(401));
    expect(await provider.check()).toMatchObject({
      authenticated: false,
      redirectTo: '/login',
      logout: true,
    });
  });

  it('register goes to /login with a translated success message', async () => {
    const { provider, members } = setup();
    const values = {
      userId: 'owner01',
      password: 'secret123',
      name: 'Kim',
      phone: '01012345678',
      authCode: 'ADMIN' as const,
    };
    expect(await provider.register?.(values)).toEqual({
      success: true,
      redirectTo: '/login',
      successNotification: { message: 't:join.success' },
    });
    expect(members.join).toHaveBeenCalledWith(values);
  });
});
