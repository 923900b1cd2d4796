import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  getTableName,
  gte,
  ilike,
  inArray,
  is,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { hasRight } from '#domain/permissions.ts';
import {
  type AccessRule,
  checkPage,
  type FieldMeta,
  type Operation,
  type ResourceDeclaration,
  TOTAL_CAP,
} from '#domain/resources/define.ts';
import { calendarDate } from '#domain/schemas/common.ts';
import { text } from '#domain/schemas/text.ts';
import type { AppContext } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { countCapped } from '../db/count.ts';
import * as schema from '../db/schema/index.ts';
import { preparedPages } from '../db/shapes.ts';
import { requireMember } from '../http/auth.ts';
import { AppError, forbidden, notFound } from '../http/errors.ts';
import { gymIdsWithRight, isSuperadmin, rightsOf } from '../http/rights.ts';

export type Row = Record<string, unknown>;

/** `tx` is the operation's transaction: every statement of the hook runs in it. */
export type HookArgs = { request: FastifyRequest; ctx: AppContext; tx: Executor };

/** Server-side behaviour a declaration cannot hold: transactions, state machines, expansions. */
export type ResourceHooks = {
  /** Replaces the default create check (the right in the body's facility). */
  authorizeCreate?: (args: { request: FastifyRequest; ctx: AppContext; body: Row }) => Promise<void>;
  /** The facility a create lands in, when the body names it indirectly (e.g. through a permission set). */
  gymIdOfCreate?: (body: Row, ctx: AppContext) => Promise<number | undefined>;
  /** Replaces the default insert; runs inside a transaction. */
  create?: (args: HookArgs & { body: Row }) => Promise<Row>;
  /** Checks and shapes an update; returns the values to write. Runs inside the update's transaction. */
  beforeUpdate?: (args: HookArgs & { existing: Row; patch: Row }) => Promise<Row>;
  /** Replaces the default delete; runs inside a transaction. */
  delete?: (args: HookArgs & { existing: Row }) => Promise<void>;
  /**
   * Narrows a generic list's facilities beyond the caller's rights, e.g. to those whose add-on is approved
   * (docs/rules.md#add-ons). Not called for the operator's whole-platform scope nor for a route that checked its
   * own facility.
   */
  narrowScope?: (gymIds: number[], ctx: AppContext) => Promise<number[]>;
  /** A further check on one record the caller may otherwise read (GET /<name>/{id}), e.g. its add-on. */
  authorizeRead?: (args: { ctx: AppContext; row: Row }) => Promise<void>;
  /**
   * Reads one list page with the summaries its records show joined into the same statement, and the capped total
   * as a scalar subquery of it (`cappedTotal`, docs/architecture.md#request-path): a list is then one
   * statement beyond the session and rights lookups. Without it, the page is read and passed to `toRecords`.
   */
  listPage?: (args: {
    db: Executor;
    where: SQL | undefined;
    orderBy: SQL[];
    limit: number;
    offset: number;
  }) => Promise<{ records: Row[]; total?: number }>;
  /**
   * Turns rows into records (joins, nested objects). A method, so that a module may declare it on its own typed
   * rows (`(rows: MemberRow[]) => ...`): the engine hands it the rows of the declaration's table.
   */
  toRecords?(rows: Row[], ctx: AppContext): Promise<Row[]>;
};

const tables = new Map<string, PgTable>(
  (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => [getTableName(table), table]),
);

export const tableOf = (declaration: ResourceDeclaration): PgTable => {
  const table = tables.get(declaration.table);
  if (!table) throw new Error(`Resource ${declaration.name}: no table named ${declaration.table}`);
  return table;
};

export const columnsOf = (table: PgTable) => getTableColumns(table);

/** The field holding a row's facility id: `gymId`, or what the declaration names (the facility itself: `id`). */
export const gymFieldOf = (declaration: ResourceDeclaration): string => declaration.gymIdField ?? 'gymId';

/**
 * A row that lives inside a facility (not the facility's own record, whose state machine decides what a closed
 * facility allows): writes to it need the facility open.
 */
export const writesInsideGym = (declaration: ResourceDeclaration) =>
  declaration.scope === 'gym' && gymFieldOf(declaration) !== 'id';

/** A page's `_start` or `_end` as the list query parsed it (a number), or its default when absent. */
const pageBound = (value: unknown, fallback: number): number =>
  typeof value === 'number' ? value : fallback;

/** The facility a row of a gym-scoped resource belongs to. */
export const gymIdOf = (declaration: ResourceDeclaration, row: Row): number =>
  // Safe: a gym-scoped resource's facility column (`gymIdField`, gymId by default) holds the facility's integer id.
  row[gymFieldOf(declaration)] as number;

/** Dates become ISO strings; only the record's own keys leave the server. */
export const defaultToRecord = (declaration: ResourceDeclaration, row: object): Row => {
  // Any row object will do (a typed Drizzle row, a joined part of one): only the record's keys are read.
  const values = new Map<string, unknown>(Object.entries(row));
  return Object.fromEntries(
    Object.keys(declaration.schemas.record.shape).map((key) => {
      const value = values.get(key);
      return [key, value instanceof Date ? value.toISOString() : value];
    }),
  );
};

export const toRecords = async (
  declaration: ResourceDeclaration,
  hooks: ResourceHooks,
  rows: Row[],
  ctx: AppContext,
) => (hooks.toRecords ? hooks.toRecords(rows, ctx) : rows.map((row) => defaultToRecord(declaration, row)));

// ---- list query ----------------------------------------------------------------------------------------------

const filterValueSchema = (meta: FieldMeta): z.ZodType => {
  switch (meta.kind) {
    case 'id':
    case 'integer':
    case 'money':
    case 'relation':
      return z.coerce.number().int().min(-2_147_483_648).max(2_147_483_647);
    case 'datetime':
      // An instant with its offset, or a plain date (its start, UTC).
      return z
        .union([z.iso.datetime({ offset: true }), z.iso.date()], 'invalidFormat')
        .transform((v) => new Date(v));
    case 'date':
      return calendarDate;
    case 'flag':
      return z.enum(['true', 'false']).transform((v) => v === 'true');
    case 'enum':
      // Safe: zod reads the values as an array; its non-empty tuple type only says an enum field declares its values.
      return z.enum((meta.values ?? []) as [string, ...string[]], 'invalidValue');
    default:
      return text({ max: 200 });
  }
};

/** The list query a declaration allows; anything else is refused as unknown (400). */
export const listQuerySchema = (declaration: ResourceDeclaration) => {
  const shape: Record<string, z.ZodType> = {
    _start: z.coerce.number().int().min(0).max(1_000_000).optional(),
    _end: z.coerce.number().int().min(1).max(1_000_100).optional(),
    _order: z
      .string()
      .transform((v) => v.toLowerCase())
      .pipe(z.enum(['asc', 'desc'], 'invalidValue'))
      .optional(),
    q: text({ max: 100 }).optional(),
  };
  const sortable = Object.entries(declaration.fields)
    .filter(([, meta]) => meta.sortable)
    .map(([field]) => field);
  // Safe: not empty (checked on this line); zod wants the non-empty tuple type.
  if (sortable.length > 0) shape._sort = z.enum(sortable as [string, ...string[]], 'invalidValue').optional();
  for (const [field, meta] of Object.entries(declaration.fields)) {
    const value = filterValueSchema(meta);
    for (const op of meta.filters ?? []) {
      shape[op === 'eq' ? field : `${field}_${op}`] =
        op === 'eq' ? z.union([value, z.array(value).max(50)]).optional() : value.optional();
    }
  }
  return z.strictObject(shape).superRefine((q, issue) => {
    const start = pageBound(q._start, 0);
    const end = pageBound(q._end, start + 10);
    checkPage(start, end, issue);
  });
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const filterConditions = (
  declaration: ResourceDeclaration,
  columns: Record<string, PgColumn>,
  query: Row,
): SQL[] => {
  const conditions: SQL[] = [];
  for (const [field, meta] of Object.entries(declaration.fields)) {
    const column = columns[field];
    if (!column) continue;
    for (const op of meta.filters ?? []) {
      const value = query[op === 'eq' ? field : `${field}_${op}`];
      if (value === undefined) continue;
      if (op === 'eq') conditions.push(Array.isArray(value) ? inArray(column, value) : eq(column, value));
      if (op === 'ne') conditions.push(ne(column, value));
      if (op === 'gte') conditions.push(gte(column, value));
      if (op === 'lte') conditions.push(lte(column, value));
      if (op === 'like') conditions.push(ilike(column, `%${escapeLike(String(value))}%`));
    }
  }
  // Safe: the list's query schema (listQuerySchema) types `q` as an optional string.
  const q = (query.q as string | undefined)?.replace(/\s+/g, '');
  if (q) {
    const searchable = Object.entries(declaration.fields)
      .filter(([field, meta]) => meta.search && columns[field])
      .map(([field]) => columns[field]!);
    // Whitespace is ignored on both sides (docs/rules.md#lists-and-search); the scope keeps this bounded to
    // the caller's facilities.
    const matches = searchable.map(
      (column) => sql`regexp_replace(${column}, '\\s', '', 'g') ilike ${`%${escapeLike(q)}%`}`,
    );
    if (matches.length > 0) conditions.push(or(...matches)!);
  }
  return conditions;
};

/** A rule's scope for reads: `all` for the operator where allowed, else the facility ids holding the right. */
export const scopeFor = async (
  request: FastifyRequest,
  ctx: AppContext,
  rule: AccessRule | undefined,
): Promise<'all' | number[]> => {
  requireMember(request);
  if (!rule) throw forbidden();
  if (rule.superadmin && isSuperadmin(request)) return 'all';
  if (rule.signedIn) return 'all';
  if (!rule.gym) throw forbidden();
  return gymIdsWithRight(request, ctx.loadRights, rule.gym);
};

export type ListResult<T = Row> = { data: T[]; total: number; capped: boolean };

/**
 * The list envelope (docs/architecture.md#api-contract), with the total in X-Total-Count (and a flag when it
 * was capped).
 */
export const sendList = <T>(reply: FastifyReply, result: ListResult<T>) => {
  reply.header('x-total-count', String(result.total));
  if (result.capped) reply.header('x-total-count-capped', 'true');
  return { data: result.data, total: result.total };
};

/** Each resource's generic page statement, prepared once per shape of its filters (server/db/shapes.ts). */
const genericPages = new Map<PgTable, ReturnType<typeof preparedPages<Row[]>>>();
const genericPageOf = (table: PgTable) => {
  let pages = genericPages.get(table);
  if (!pages) {
    pages = preparedPages<Row[]>((db, { where, orderBy, limit, offset }) =>
      db.select().from(table).where(where).orderBy(orderBy).limit(limit).offset(offset),
    );
    genericPages.set(table, pages);
  }
  return pages;
};

/**
 * One list page of a declared resource, typed as its record schema says (the route's response schema checks the
 * records once more on the way out).
 */
export const listRecords = async <TRecord extends z.ZodObject>(
  request: FastifyRequest,
  ctx: AppContext,
  declaration: ResourceDeclaration<TRecord, z.ZodType, z.ZodType>,
  hooks: ResourceHooks,
  query: Row,
  extra: SQL[] = [],
  /** For routes that already checked their own right for a facility: the scope they checked. */
  checkedScope?: number[],
): Promise<ListResult<z.output<TRecord>>> => {
  const table = tableOf(declaration);
  const columns = columnsOf(table);
  let scope = checkedScope ?? (await scopeFor(request, ctx, declaration.access.list));
  if (!checkedScope && scope !== 'all' && hooks.narrowScope) scope = await hooks.narrowScope(scope, ctx);
  const conditions = [...extra, ...filterConditions(declaration, columns, query)];
  if (scope !== 'all' && declaration.scope === 'gym') {
    if (scope.length === 0) return { data: [], total: 0, capped: false };
    conditions.push(inArray(columns[gymFieldOf(declaration)]!, scope));
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const start = pageBound(query._start, 0);
  const end = pageBound(query._end, start + 10);
  // Safe (both): the list's query schema types `_sort` as a sortable field and `_order` as asc or desc.
  const sortField = (query._sort as string | undefined) ?? declaration.defaultSort.field;
  const order = (query._order as 'asc' | 'desc' | undefined) ?? declaration.defaultSort.order;
  const direction = order === 'asc' ? asc : desc;
  const idColumn = columns.id ?? columns[sortField]!;
  const orderBy = [direction(columns[sortField]!), direction(idColumn)];
  const pageSize = end - start;
  let records: Row[];
  let total: number | undefined;
  if (hooks.listPage) {
    ({ records, total } = await hooks.listPage({
      db: ctx.db,
      where,
      orderBy,
      limit: pageSize,
      offset: start,
    }));
  } else {
    const rows = await genericPageOf(table)(ctx.db, { where, orderBy, limit: pageSize, offset: start });
    records = await toRecords(declaration, hooks, rows, ctx);
  }
  // A short page already tells the total: no count query (on PGlite every query queues behind the others).
  let n = total ?? start + records.length;
  if (total === undefined && (records.length === pageSize || (records.length === 0 && start > 0))) {
    n = await countCapped(ctx.db, table, where);
  }
  // Safe: toRecords shapes each row by the declaration, whose record schema is TRecord; the response schema checks it.
  const data = records as z.output<TRecord>[];
  return { data, total: Math.min(n, TOTAL_CAP), capped: n > TOTAL_CAP };
};

// ---- one record ----------------------------------------------------------------------------------------------

/**
 * Loads a record the caller may `op`. Not visible at all (no link to its facility, or no such id) answers 404;
 * visible but without the right answers 403. The scope is part of the query.
 */
export const loadForOperation = async (
  request: FastifyRequest,
  ctx: AppContext,
  declaration: ResourceDeclaration,
  id: number,
  op: Operation,
  db: Executor = ctx.db,
): Promise<Row> => {
  requireMember(request);
  const rule = declaration.access[op];
  const table = tableOf(declaration);
  const columns = columnsOf(table);
  const idColumn = columns.id ?? columns[gymFieldOf(declaration)]!;
  const operator = isSuperadmin(request);
  if (declaration.scope === 'platform' || (operator && rule?.superadmin)) {
    const [row] = await db.select().from(table).where(eq(idColumn, id)).limit(1);
    if (!row) throw notFound();
    const allows = (r: AccessRule | undefined) => Boolean(r && (r.signedIn || (operator && r.superadmin)));
    if (!allows(rule)) throw allows(declaration.access.get) || operator ? forbidden() : notFound();
    return row;
  }
  if (operator) {
    // The operator sees every record, so a refusal is about the role (403), never about hiding one
    // (docs/rules.md#permissions).
    const [row] = await db.select().from(table).where(eq(idColumn, id)).limit(1);
    if (!row) throw notFound();
    throw forbidden();
  }
  const rights = await rightsOf(request, ctx.loadRights);
  const visible = [...rights.keys()];
  if (visible.length === 0) throw notFound();
  const gymColumn = columns[gymFieldOf(declaration)]!;
  const [row] = await db
    .select()
    .from(table)
    .where(and(eq(idColumn, id), inArray(gymColumn, visible)))
    .limit(1);
  if (!row) throw notFound();
  const gymId = gymIdOf(declaration, row);
  const granted = rule?.gym ? await gymIdsWithRight(request, ctx.loadRights, rule.gym) : [];
  if (!granted.includes(gymId)) throw forbidden();
  return row;
};

/** Whether the caller satisfies a field's `writableBy` rule, for a record of this facility. */
const mayWriteField = async (
  request: FastifyRequest,
  ctx: AppContext,
  rule: AccessRule,
  gymId: number | undefined,
): Promise<boolean> => {
  if (rule.signedIn) return true;
  if (rule.superadmin && isSuperadmin(request)) return true;
  if (!rule.gym || gymId === undefined || isSuperadmin(request)) return false;
  const rights = (await rightsOf(request, ctx.loadRights)).get(gymId);
  return rights !== undefined && hasRight(rights, rule.gym);
};

/**
 * A body naming a field the caller may not set (its `writableBy`) answers 400 with an error on each such field:
 * never a silent drop (docs/rules.md#input).
 */
export const assertWritableFields = async (
  request: FastifyRequest,
  ctx: AppContext,
  declaration: ResourceDeclaration,
  body: Row,
  gymId: number | undefined,
) => {
  const refused: string[] = [];
  for (const [field, meta] of Object.entries(declaration.fields)) {
    if (
      meta.writableBy &&
      body[field] !== undefined &&
      !(await mayWriteField(request, ctx, meta.writableBy, gymId))
    )
      refused.push(field);
  }
  if (refused.length > 0)
    throw new AppError(
      'VALIDATION_FAILED',
      'VALIDATION_FAILED',
      {},
      Object.fromEntries(refused.map((field) => [field, 'notYours' as const])),
    );
};

/** Create needs the right in the facility named by the body (404 when the caller has no link to it). */
export const assertCreateAllowed = async (
  request: FastifyRequest,
  ctx: AppContext,
  declaration: ResourceDeclaration,
  body: Row,
  gymIdOverride?: number,
) => {
  requireMember(request);
  const rule = declaration.access.create;
  if (!rule) throw forbidden();
  if (rule.superadmin && isSuperadmin(request)) return;
  if (isSuperadmin(request)) throw forbidden();
  if (declaration.scope === 'platform') {
    if (!rule.signedIn) throw forbidden();
    return;
  }
  const gymId = gymIdOverride ?? gymIdOf(declaration, body);
  const rights = (await rightsOf(request, ctx.loadRights)).get(gymId);
  if (!rights) throw notFound();
  if (!rule.gym || !(await gymIdsWithRight(request, ctx.loadRights, rule.gym)).includes(gymId))
    throw forbidden();
};

export { isUniqueViolation } from '../db/errors.ts';

/** A closed (QUIT) facility keeps its data read-only (docs/rules.md#state-machines). */
export const assertGymWritable = (ctx: AppContext, gymId: number, db: Executor = ctx.db) =>
  assertWritableIn(db, gymId);

/** The same check inside a command's own transaction: 409 `facilityClosed` for a closed facility. */
export const assertWritableIn = async (db: Executor, gymId: number) => {
  const [row] = await db
    .select({ gymStatus: schema.gym.gymStatus })
    .from(schema.gym)
    .where(eq(schema.gym.id, gymId))
    .limit(1);
  if (row?.gymStatus === 'QUIT') throw new AppError('CONFLICT', 'facilityClosed');
};

/** A conflict whose message names both states (docs/rules.md#state-machines). */
export const illegalTransition = (from: string, to: string) =>
  new AppError('CONFLICT', 'illegalTransition', { from, to });
