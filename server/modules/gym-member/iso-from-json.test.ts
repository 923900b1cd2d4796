import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoFromJson } from './gym-member.mappers.ts';

describe('isoFromJson', () => {
  it('writes what Date#toISOString writes, for every fraction PostgreSQL prints', () => {
    expect(isoFromJson('2026-11-26T22:57:53+00:00')).toBe('2026-11-26T22:57:53.000Z');
    expect(isoFromJson('2026-11-26T22:57:53.8+00:00')).toBe('2026-11-26T22:57:53.800Z');
    expect(isoFromJson('2026-11-26T22:57:53.871234+00:00')).toBe('2026-11-26T22:57:53.871Z');
    expect(isoFromJson('2026-11-27T07:57:53.999999+09:00')).toBe('2026-11-26T22:57:53.999Z');
  });

  it('agrees with Date for any instant and offset', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2099-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 999 }),
        fc.constantFrom('+00:00', '+09:00', '-05:30'),
        (date, micros, offset) => {
          const shift = offset === '+00:00' ? 0 : offset === '+09:00' ? 9 * 60 : -(5 * 60 + 30);
          const local = new Date(date.getTime() + shift * 60_000).toISOString().slice(0, 23);
          const fraction = `${local.slice(20)}${String(micros).padStart(3, '0')}`.replace(/0+$/, '');
          const text = `${local.slice(0, 19)}${fraction ? `.${fraction}` : ''}${offset}`;
          expect(isoFromJson(text)).toBe(new Date(text).toISOString());
        },
      ),
    );
  });
});
