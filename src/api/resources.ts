import { z } from 'zod';
import { defineRoute } from '#domain/api/define.ts';
import type { ResourceDeclaration } from '#domain/resources/define.ts';
import { dataOf, idParamsSchema, listOf } from '#domain/schemas/common.ts';

/**
 * The generic routes of a declared resource (docs/architecture.md#resource-engine) as route contracts, for the
 * few calls made outside Refine's data provider (the shell's facility context, the verification request). The
 * schemas are the declaration's own.
 */
export const resourceRoutes = <R extends z.ZodObject, C extends z.ZodType, U extends z.ZodType>(
  declaration: ResourceDeclaration<R, C, U>,
) => {
  const { record } = declaration.schemas;
  // A resource without a create or update schema has no such route; z.never() makes a call a type error.
  const create = declaration.schemas.create ?? z.never();
  const update = declaration.schemas.update ?? z.never();
  return {
    list: defineRoute({
      method: 'GET',
      path: declaration.path,
      listOf: declaration,
      status: 200,
      response: listOf(record),
    }),
    get: defineRoute({
      method: 'GET',
      path: `${declaration.path}/:id`,
      params: idParamsSchema,
      status: 200,
      response: dataOf(record),
    }),
    create: defineRoute({
      method: 'POST',
      path: declaration.path,
      body: create,
      status: 201,
      response: dataOf(record),
    }),
    update: defineRoute({
      method: 'PUT',
      path: `${declaration.path}/:id`,
      params: idParamsSchema,
      body: update,
      status: 200,
      response: dataOf(record),
    }),
  };
};
