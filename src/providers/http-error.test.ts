import { describe, expect, it } from 'vitest';
import { errorCodes } from '#domain/errors.ts';
import {
  fieldErrorsOf,
  parseRetryAfter,
  reasonOf,
  STATUS_CODES,
  statusOf,
  toHttpError,
} from './http-error.ts';

const translate = (key: string): string => `t:${key}`;

describe('toHttpError', () => {
  it('copies statusCode, code, message, errors and requestId from the API envelope', () => {
    const error = toHttpError(
      {
        status: 409,
        body: {
          statusCode: 409,
          code: 'CONFLICT',
          message: '이미 사용 중인 아이디입니다.',
          errors: { userId: ['이미 사용 중인 아이디입니다.'] },
          requestId: 'req-1',
        },
      },
      translate,
    );
    expect(error).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message: '이미 사용 중인 아이디입니다.',
      errors: { userId: ['이미 사용 중인 아이디입니다.'] },
      requestId: 'req-1',
    });
  });

  it('keeps only string messages in errors, in the list shape Refine forms read', () => {
    const error = toHttpError(
      {
        status: 400,
        body: { code: 'VALIDATION_FAILED', message: 'Bad', errors: { a: 'one', b: [1, 'two'], c: [3] } },
      },
      translate,
    );
    expect(error.errors).toEqual({ a: ['one'], b: ['two'] });
  });

  it('falls back to the code text when the body has no message (a proxy page, an empty 502)', () => {
    const error = toHttpError({ status: 502, body: '<html>Bad gateway</html>' }, translate);
    expect(error).toMatchObject({ statusCode: 502, code: 'INTERNAL', message: 't:errors.INTERNAL' });
    expect(error.errors).toBeUndefined();
  });

  it('names network failures and timeouts, with status 0', () => {
    expect(toHttpError({}, translate)).toMatchObject({
      statusCode: 0,
      code: 'NETWORK',
      message: 't:errors.NETWORK',
    });
    expect(toHttpError({ timedOut: true }, translate)).toMatchObject({ statusCode: 0, code: 'TIMEOUT' });
  });

  it('reads Retry-After on 429 as seconds to wait', () => {
    const error = toHttpError(
      { status: 429, body: { code: 'RATE_LIMITED', message: 'Too many attempts' }, retryAfter: '42' },
      translate,
    );
    expect(error).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED', retryAfter: 42 });
  });

  it('prefers the HTTP status over a body that claims another', () => {
    expect(toHttpError({ status: 401, body: { statusCode: 200 } }, translate).statusCode).toBe(401);
  });
});

describe('the error contract (domain/errors.ts)', () => {
  it('maps every status to the code domain/errors.ts gives it, and nothing else', () => {
    const fromDomain = Object.fromEntries(Object.entries(errorCodes).map(([code, status]) => [status, code]));
    expect(STATUS_CODES).toEqual(fromDomain);
  });

  it('carries the envelope reason, the thing pages branch on', () => {
    const error = toHttpError(
      {
        status: 409,
        body: {
          statusCode: 409,
          code: 'CONFLICT',
          message: '이미 요청했습니다',
          reason: 'joinAlreadyRequested',
        },
      },
      (key) => key,
    );
    expect(error.reason).toBe('joinAlreadyRequested');
    expect(reasonOf(error)).toBe('joinAlreadyRequested');
    expect(reasonOf(new Error('x'))).toBeUndefined();
    expect(toHttpError({ status: 404, body: {} }, (key) => key).reason).toBeUndefined();
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP dates', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe('fieldErrorsOf and statusOf', () => {
  it('turns HttpError.errors into antd setFields entries', () => {
    const error = toHttpError(
      { status: 409, body: { message: 'x', errors: { userId: ['taken'] } } },
      translate,
    );
    expect(fieldErrorsOf(error)).toEqual([{ name: 'userId', errors: ['taken'] }]);
    expect(fieldErrorsOf(new Error('boom'))).toEqual([]);
  });

  it('answers the status of HTTP errors only', () => {
    expect(statusOf(toHttpError({ status: 403 }, translate))).toBe(403);
    expect(statusOf(new Error('boom'))).toBeUndefined();
  });
});
