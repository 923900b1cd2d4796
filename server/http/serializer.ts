import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;
type RouteSchema = Parameters<FastifySerializerCompiler<z.ZodType>>[0];

/**
 * A writer compiled from the schema's JSON Schema (fast-json-stringify), or none when the schema holds what JSON
 * Schema cannot say: a transform or a codec (then zod's encode changes the value, and it must run).
 */
const compileWriter = (schema: z.ZodType): Serialize | undefined => {
  try {
    const json = z.toJSONSchema(schema, {
      io: 'output',
      unrepresentable: 'throw',
      target: 'draft-07',
      cycles: 'throw',
      reused: 'inline',
    });
    // Safe: zod's draft-07 JSON Schema is the schema fast-json-stringify reads; the two libraries only type it apart.
    return fastJson(json as Parameters<typeof fastJson>[0]);
  } catch {
    return undefined;
  }
};

/**
 * The response serializer (docs/architecture.md#responses). fastify-type-provider-zod's own serializer encodes every
 * answer with zod and then calls `JSON.stringify`; on a list of fifty records that walk was 8% of the request's
 * CPU. Here each response schema is compiled once, on its first answer, into a fast-json-stringify writer that only
 * writes the schema's keys. A schema the writer cannot express, and any value it refuses (a missing required key),
 * go through zod as before, so a bad answer is still a 500 with zod's error.
 *
 * `check` (RESPONSE_CHECK, on in every test run) writes each answer both ways and throws when the values differ, so
 * the suites prove the two agree on every route they touch and zod still validates what the handlers return.
 */
export const createSerializerCompiler =
  ({ check }: { check: boolean }) =>
  (route: RouteSchema): Serialize => {
    // Safe: the compiler's serializer takes the payload and returns its JSON text, which is all Serialize says.
    const zodWrite = zodSerializerCompiler(route) as Serialize;
    let writer: Serialize | undefined | null = null;
    return (data) => {
      if (writer === null) writer = compileWriter(route.schema);
      if (!writer) return zodWrite(data);
      if (check) {
        const expected = zodWrite(data);
        const written = writer(data);
        // The writer puts optional keys after the required ones: compare the values, which JSON does not order.
        if (written !== expected && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected)))
          throw new Error(
            `response writer differs from zod on ${route.method} ${route.url} ${route.httpStatus}: ${written.slice(0, 300)} ≠ ${expected.slice(0, 300)}`,
          );
        return written;
      }
      try {
        return writer(data);
      } catch {
        return zodWrite(data);
      }
    };
  };
