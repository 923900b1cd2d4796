import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Operation, PAGE_SIZE_MAX, type ResourceDeclaration } from '#domain/resources/define.ts';
import { idParamsSchema } from '#domain/schemas/common.ts';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { errorResponses } from '../http/responses.ts';
import { rightsOf } from '../http/rights.ts';
import {
  assertCreateAllowed,
  assertGymWritable,
  assertWritableFields,
  columnsOf,
  gymFieldOf,
  gymIdOf,
  listQuerySchema,
  listRecords,
  loadForOperation,
  type ResourceHooks,
  type Row,
  sendList,
  tableOf,
  toRecords,
  writesInsideGym,
} from './engine.ts';

// The resource engine's routes (docs/architecture.md#resource-engine): list, get, create, update and delete of a
// declared resource, each with its rights, its facility check and its hooks (engine.ts).

const webOf = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
type Web = ReturnType<typeof webOf>;

/** What every operation's route needs: the app, the declaration, its hooks, its table and its record schema. */
type Parts = {
  web: Web;
  ctx: AppContext;
  declaration: ResourceDeclaration;
  hooks: ResourceHooks;
  table: PgTable;
  record: ResourceDeclaration['schemas']['record'];
  tags: string[];
  base: string;
};

const registerList = ({ web, ctx, declaration, hooks, record, tags, base }: Parts) => {
  const querystring = listQuerySchema(declaration);
  for (const path of [base, ...(declaration.listAliases ?? [])]) {
    web.get(
      path,
      {
        schema: {
          tags,
          summary: `List ${declaration.name} (paged by _start/_end, at most ${PAGE_SIZE_MAX}; total in X-Total-Count)`,
          querystring,
          response: {
            200: z.object({ data: z.array(record), total: z.number().int() }),
            ...errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN'),
          },
        },
      },
      async (request, reply) => {
        return sendList(reply, await listRecords(request, ctx, declaration, hooks, request.query));
      },
    );
  }
};

const registerGet = ({ web, ctx, declaration, hooks, record, tags, base }: Parts) => {
  web.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: `One ${declaration.name}`,
        params: idParamsSchema,
        response: {
          200: z.object({ data: record }),
          ...errorResponses('UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'),
        },
      },
    },
    async (request) => {
      const row = await loadForOperation(request, ctx, declaration, request.params.id, 'get');
      if (hooks.authorizeRead) await hooks.authorizeRead({ ctx, row });
      const [data] = await toRecords(declaration, hooks, [row], ctx);
      return { data: data! };
    },
  );
};

const registerCreate = (
  { web, ctx, declaration, hooks, table, record, tags, base }: Parts,
  create: NonNullable<ResourceDeclaration['schemas']['create']>,
) => {
  web.post(
    base,
    {
      schema: {
        tags,
        summary: `Create ${declaration.name}`,
        body: create,
        response: {
          201: z.object({ data: record }),
          ...errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'),
        },
      },
    },
    async (request, reply) => {
      // Safe: the route's body schema is the declaration's create schema, an object of its fields.
      const body = request.body as Row;
      const createGymId = hooks.gymIdOfCreate ? await hooks.gymIdOfCreate(body, ctx) : undefined;
      if (hooks.authorizeCreate) {
        await hooks.authorizeCreate({ request, ctx, body });
      } else {
        const gymId = createGymId;
        if (hooks.gymIdOfCreate && gymId === undefined) throw notFound();
        await assertCreateAllowed(request, ctx, declaration, body, gymId);
        if (declaration.scope === 'gym') await assertGymWritable(ctx, gymId ?? gymIdOf(declaration, body));
      }
      await assertWritableFields(
        request,
        ctx,
        declaration,
        body,
        declaration.scope === 'gym' ? (createGymId ?? gymIdOf(declaration, body)) : undefined,
      );
      const row = await ctx.db.transaction(async (tx) => {
        if (hooks.create) return hooks.create({ request, ctx, tx, body });
        const [inserted] = await tx.insert(table).values(body).returning();
        // Safe: an insert of one row returning it returns that one row.
        return inserted as Row;
      });
      const [data] = await toRecords(declaration, hooks, [row], ctx);
      return reply.status(201).send({ data: data! });
    },
  );
};

const registerUpdate = (
  { web, ctx, declaration, hooks, table, record, tags, base }: Parts,
  update: NonNullable<ResourceDeclaration['schemas']['update']>,
) => {
  const columns = columnsOf(table);
  web.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: `Update ${declaration.name}`,
        params: idParamsSchema,
        body: update,
        response: {
          200: z.object({ data: record }),
          ...errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'),
        },
      },
    },
    async (request) => {
      // Rights are read before the transaction: PGlite is one connection, and a read outside the
      // transaction would wait for it forever.
      await rightsOf(request, ctx.loadRights);
      const row = await ctx.db.transaction(async (tx) => {
        const existing = await loadForOperation(request, ctx, declaration, request.params.id, 'update', tx);
        if (writesInsideGym(declaration)) await assertGymWritable(ctx, gymIdOf(declaration, existing), tx);
        // Safe: the route's body schema is the declaration's update schema, an object of its fields.
        let patch = request.body as Row;
        await assertWritableFields(
          request,
          ctx,
          declaration,
          patch,
          declaration.scope === 'gym' ? gymIdOf(declaration, existing) : undefined,
        );
        if (hooks.beforeUpdate) patch = await hooks.beforeUpdate({ request, ctx, tx, existing, patch });
        if (Object.keys(patch).length === 0) return existing;
        if (columns.modifiedDate) patch = { ...patch, modifiedDate: ctx.clock() };
        const idColumn = columns.id ?? columns[gymFieldOf(declaration)]!;
        const [updated] = await tx
          .update(table)
          .set(patch)
          .where(eq(idColumn, request.params.id))
          .returning();
        // Safe: the row exists (loadForOperation found it in this transaction), so the update returns it.
        return updated as Row;
      });
      const [data] = await toRecords(declaration, hooks, [row], ctx);
      return { data: data! };
    },
  );
};

const registerDelete = ({ web, ctx, declaration, hooks, table, tags, base }: Parts) => {
  const columns = columnsOf(table);
  web.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: `Delete ${declaration.name}`,
        params: idParamsSchema,
        response: {
          204: z.null().describe('Deleted'),
          ...errorResponses('UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'),
        },
      },
    },
    async (request, reply) => {
      await rightsOf(request, ctx.loadRights);
      await ctx.db.transaction(async (tx) => {
        const existing = await loadForOperation(request, ctx, declaration, request.params.id, 'delete', tx);
        if (writesInsideGym(declaration)) await assertGymWritable(ctx, gymIdOf(declaration, existing), tx);
        if (hooks.delete) return hooks.delete({ request, ctx, tx, existing });
        const idColumn = columns.id!;
        await tx.delete(table).where(eq(idColumn, request.params.id));
      });
      return reply.status(204).send(null);
    },
  );
};

/** The generic routes of one declared resource (docs/architecture.md#resource-engine): the operations it declares. */
export const registerResource = (
  app: FastifyInstance,
  ctx: AppContext,
  declaration: ResourceDeclaration,
  hooks: ResourceHooks = {},
) => {
  const table = tableOf(declaration);
  const parts: Parts = {
    web: webOf(app),
    ctx,
    declaration,
    hooks,
    table,
    record: declaration.schemas.record,
    tags: [declaration.name],
    base: declaration.path,
  };
  const has = (op: Operation) => declaration.operations.includes(op);
  const { create, update } = declaration.schemas;
  if (has('list')) registerList(parts);
  if (has('get')) registerGet(parts);
  if (has('create') && create) registerCreate(parts, create);
  if (has('update') && update) registerUpdate(parts, update);
  if (has('delete')) registerDelete(parts);
};
