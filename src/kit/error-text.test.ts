import { describe, expect, it } from 'vitest';
import { errorText } from './error-text.ts';

const translate = (key: string) => `t(${key})`;

describe('errorText', () => {
  it("says the server's message of an HTTP error", () => {
    expect(errorText({ statusCode: 409, message: 'Already booked.' }, translate)).toBe('Already booked.');
  });

  it('falls back to the generic text for anything else', () => {
    expect(errorText(new TypeError('boom'), translate)).toBe('t(errors.UNKNOWN)');
    expect(errorText(undefined, translate)).toBe('t(errors.UNKNOWN)');
    expect(errorText({ statusCode: 500, message: '' }, translate)).toBe('t(errors.UNKNOWN)');
  });

  it("keeps the page's own fallback text", () => {
    expect(errorText(null, translate, 'customers.qr.failed')).toBe('t(customers.qr.failed)');
  });
});
