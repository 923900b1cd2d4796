import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSerializerCompiler } from './serializer.ts';

const record = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(['ACTIVE', 'WAIT']),
  memo: z.string().nullable(),
  phone: z.string().optional(),
  tags: z.array(z.string()),
  gym: z.object({ id: z.number(), name: z.string() }).nullable(),
});
const list = z.object({ data: z.array(record), total: z.number().int() });
const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });

const sample = {
  data: [
    {
      id: 1,
      name: '김민수 "큰따옴표"\n줄',
      status: 'ACTIVE',
      memo: null,
      tags: [],
      gym: null,
      extra: 'dropped',
    },
    {
      id: 2,
      name: 'B',
      status: 'WAIT',
      memo: 'm',
      phone: '01012345678',
      tags: ['a', '\u0001'],
      gym: { id: 3, name: 'G' },
    },
  ],
  total: 2,
};

describe('the response serializer', () => {
  it('writes what zod writes, with unknown keys dropped', () => {
    const fast = createSerializerCompiler({ check: false })(route(list));
    const checked = createSerializerCompiler({ check: true })(route(list));
    const expected = JSON.stringify(list.encode(sample as z.input<typeof list>));
    // The writer puts optional keys after the required ones; JSON objects have no order, so compare values.
    expect(JSON.parse(fast(sample))).toStrictEqual(JSON.parse(expected));
    expect(JSON.parse(checked(sample))).toStrictEqual(JSON.parse(expected));
    expect(JSON.parse(fast(sample)).data[0].extra).toBeUndefined();
  });

  it('leaves a schema with a transform to zod, which runs it', () => {
    const withCodec = z.object({
      at: z.codec(z.iso.datetime(), z.date(), {
        decode: (text) => new Date(text),
        encode: (date) => date.toISOString(),
      }),
    });
    const write = createSerializerCompiler({ check: true })(route(withCodec));
    expect(write({ at: new Date('2026-11-27T00:00:00Z') })).toBe('{"at":"2026-11-27T00:00:00.000Z"}');
  });

  it('still refuses an answer that breaks its schema', () => {
    const fast = createSerializerCompiler({ check: false })(route(record));
    // A required key missing: the writer refuses, and zod's error says which.
    expect(() => fast({ id: 1, status: 'ACTIVE', memo: null, tags: [], gym: null })).toThrow(
      /match the schema/,
    );
    // A wrong type is coerced by the writer alone; with the check (every test run) zod refuses it.
    const checked = createSerializerCompiler({ check: true })(route(record));
    expect(() => checked({ id: 1, name: 5, status: 'ACTIVE', memo: null, tags: [], gym: null })).toThrow(
      /match the schema/,
    );
  });
});
