// The calls of the sign-in pages, on fetch rather than the back-office's axios client, so the light entry stays
// small (docs/architecture.md#web-app). Failures become the same AppHttpError as everywhere else.
import type { PasswordResetConfirm, PasswordResetRequest } from '#domain/api/password-reset.ts';
import type { Login, Member, MemberJoin } from '#domain/schemas/member.ts';
import { type AppHttpError, type Translate, toHttpError } from '../../providers/http-error.ts';

/** The figures of a refusal (the envelope's `details`: tries left, minutes to wait), for the page to word itself. */
export type AuthHttpError = AppHttpError & { details?: Record<string, string | number> };

/** A figure of a refusal's `details`, when it is a number. */
export const detailOf = (error: unknown, key: string): number | undefined => {
  const value = (error as AuthHttpError | null)?.details?.[key];
  return typeof value === 'number' ? value : undefined;
};

/** Every call gives up after 10 seconds (docs/rules.md#limits-and-constants). */
export const REQUEST_TIMEOUT_MS = 10_000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export type AuthApiOptions = {
  /** The current UI language, sent as Accept-Language so that the server's messages match it. */
  getLanguage: () => string;
  translate: Translate;
  fetchImpl?: typeof fetch;
};

export const createAuthApi = ({ getLanguage, translate, fetchImpl = fetch }: AuthApiOptions) => {
  /** `{ data }` unwrapped, or an AppHttpError (the server's message in the user's language). */
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    let response: Response;
    try {
      response = await fetchImpl(`/web${path}`, {
        method,
        credentials: 'same-origin',
        headers: {
          Accept: 'application/json',
          'Accept-Language': getLanguage(),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: timeout,
      });
    } catch {
      throw toHttpError({ timedOut: timeout.aborted }, translate);
    }
    const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
    if (!response.ok) {
      const error: AuthHttpError = toHttpError(
        { status: response.status, body: payload, retryAfter: response.headers.get('retry-after') },
        translate,
      );
      if (isRecord(payload) && isRecord(payload.details))
        error.details = payload.details as Record<string, string | number>;
      throw error;
    }
    return (isRecord(payload) && 'data' in payload ? payload.data : payload) as T;
  };

  return {
    login: (credentials: Login): Promise<Member> => call<Member>('POST', '/member/login', credentials),
    join: (values: MemberJoin): Promise<Member> => call<Member>('POST', '/member', values),
    /** Always the same answer, whether the account exists or not (docs/rules.md#password-reset). */
    requestPasswordReset: (body: PasswordResetRequest): Promise<unknown> =>
      call('POST', '/member/password-reset', body),
    confirmPasswordReset: (body: PasswordResetConfirm): Promise<unknown> =>
      call('POST', '/member/password-reset/confirm', body),
    getMember: (id: number): Promise<Member> => call<Member>('GET', `/member/${encodeURIComponent(id)}`),
    isUserIdAvailable: async (userId: string): Promise<boolean> =>
      (await call<{ available: boolean }>('GET', `/member/check-userId?userId=${encodeURIComponent(userId)}`))
        .available,
    /** A worker asks to join a facility's staff (docs/rules.md#permissions). */
    askToJoin: (gymId: number): Promise<unknown> => call('POST', '/gym-member/worker', { gymId }),
    appConfig: (): Promise<{ kakaoJsKey: string | null; chatPluginKey: string | null }> =>
      call('GET', '/app-config'),
  };
};

export type AuthApi = ReturnType<typeof createAuthApi>;
export type { AppHttpError };
