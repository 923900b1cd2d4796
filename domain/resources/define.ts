import type { z } from 'zod';
import type { UploadType } from '../enums.ts';
import type { GymRight } from '../permissions.ts';

// A resource is declared once (docs/architecture.md#resource-engine). The server builds validated, scoped,
// paginated and documented routes from it; the web app builds a Refine resource with list, show, create and
// edit screens from it.

export type FieldKind =
  | 'id'
  | 'text'
  | 'longText'
  | 'integer'
  | 'money'
  | 'date'
  | 'datetime'
  | 'time'
  | 'enum'
  | 'flag'
  | 'phone'
  | 'commaList'
  | 'relation'
  | 'file'
  | 'computed';

export type FilterOp = 'eq' | 'ne' | 'like' | 'gte' | 'lte';

export type FieldMeta = {
  kind: FieldKind;
  /** enum: the values, labelled by `enums.<enumName>.<VALUE>`. */
  enumName?: string;
  values?: readonly string[];
  /** relation: the other resource and the field that names its records. */
  relation?: { resource: string; labelField: string };
  /** file: the upload type the upload calls take. */
  uploadType?: UploadType;
  /** A column of the generic table. */
  list?: boolean;
  sortable?: boolean;
  filters?: readonly FilterOp[];
  /** Matched by the free-text `q` (whitespace-insensitive substring). */
  search?: boolean;
  /** Shown, never written through the form. */
  readOnly?: boolean;
  /**
   * Only these callers may set the field, on create and update; anyone else naming it in a body gets a 400 on the
   * field (`notYours`), never a silent drop (docs/rules.md#input). E.g. a facility's rejection reason is the
   * operator's: `{ superadmin: true }`.
   */
  writableBy?: AccessRule;
};

export type Operation = 'list' | 'get' | 'create' | 'update' | 'delete';

/**
 * Who may do what. Inside a facility a right is a permission flag, `staff` or `represent` (domain/permissions.ts).
 * `superadmin: true` lets the platform operator do it across every facility; a `platform` resource takes
 * `'signedIn'` for reads open to any signed-in account.
 */
export type AccessRule = { gym?: GymRight; signedIn?: boolean; superadmin?: boolean };

/** The record schema's field names: what `fields`, `defaultSort.field` and `gymIdField` may name. */
type FieldOf<TRecord extends z.ZodObject> = keyof TRecord['shape'] & string;

/** A declared resource, as the engine and the web app read it (`path` and `table` filled in). */
export type ResourceDeclaration<
  TRecord extends z.ZodObject = z.ZodObject,
  TCreate extends z.ZodType = z.ZodType,
  TUpdate extends z.ZodType = z.ZodType,
> = {
  /** The Refine resource name and i18n namespace. */
  name: string;
  /** The API path under /web. */
  path: string;
  /** The table (snake_case) whose rows are this resource's records. */
  table: string;
  /**
   * `gym`: every row belongs to one facility, through `gymIdField`; lists and lookups are filtered to the
   * facilities the caller may access, in the query itself. `platform`: shared rows (the add-on catalogue).
   */
  scope: 'gym' | 'platform';
  gymIdField?: string;
  schemas: { record: TRecord; create?: TCreate; update?: TUpdate };
  fields: Readonly<Record<string, FieldMeta>>;
  defaultSort: { field: string; order: 'asc' | 'desc' };
  operations: readonly Operation[];
  access: Partial<Record<Operation, AccessRule>>;
  /** Extra list paths kept for the SPEC's contract, e.g. `/gym-auth/list`. */
  listAliases?: readonly string[];
  /**
   * The bespoke pages that replace the generic staff screens, by path (`/ticket/list`): the web app then registers
   * no `/<name>` screens for staff, and the side menu points at these paths.
   */
  ownerPages?: { list: string; create?: string; show?: string };
};

/**
 * What `defineResource` takes: `fields`, `defaultSort.field` and `gymIdField` are keyed by the record schema, so a
 * misspelt field fails the type check; `path` defaults to `/<name>` and `table` to the name in snake_case.
 */
export type ResourceDefinition<
  TRecord extends z.ZodObject,
  TCreate extends z.ZodType,
  TUpdate extends z.ZodType,
> = Omit<
  ResourceDeclaration<TRecord, TCreate, TUpdate>,
  'path' | 'table' | 'fields' | 'defaultSort' | 'gymIdField'
> & {
  path?: string;
  table?: string;
  gymIdField?: FieldOf<TRecord>;
  fields: { readonly [K in FieldOf<TRecord>]?: FieldMeta };
  defaultSort: { field: FieldOf<TRecord>; order: 'asc' | 'desc' };
};

/** `gym-auth-member` → `gym_auth_member`. */
export const tableNameOf = (name: string) => name.replaceAll('-', '_');

export const defineResource = <
  TRecord extends z.ZodObject,
  TCreate extends z.ZodType,
  TUpdate extends z.ZodType,
>(
  definition: ResourceDefinition<TRecord, TCreate, TUpdate>,
): ResourceDeclaration<TRecord, TCreate, TUpdate> => {
  const fields: Record<string, FieldMeta> = {};
  for (const [field, meta] of Object.entries<FieldMeta | undefined>(definition.fields))
    if (meta) fields[field] = meta;
  return {
    ...definition,
    path: definition.path ?? `/${definition.name}`,
    table: definition.table ?? tableNameOf(definition.name),
    fields,
  };
};

/**
 * The usual facility access: `read` to list and open, `write` to create, change and delete; the operator reads and
 * writes everywhere unless `operatorCreates` is false (a facility's own requests, such as add-on subscriptions).
 */
export const gymAccess = (
  read: GymRight,
  write: GymRight,
  options: { operatorCreates?: boolean } = {},
): Partial<Record<Operation, AccessRule>> => ({
  list: { gym: read, superadmin: true },
  get: { gym: read, superadmin: true },
  create: { gym: write, superadmin: options.operatorCreates ?? true },
  update: { gym: write, superadmin: true },
  delete: { gym: write, superadmin: true },
});

/** The facility a gym-scoped record belongs to: a relation shown by name, filterable. */
export const gymIdField: FieldMeta = {
  kind: 'relation',
  relation: { resource: 'gym', labelField: 'name' },
  list: true,
  filters: ['eq'],
};

export const PAGE_SIZE_MAX = 100;

/**
 * The page checks of every list (docs/rules.md#lists-and-search): `_end` after `_start`, and at most PAGE_SIZE_MAX
 * rows. Each issue carries its bound, so the message names it ("Must be at most 100.").
 */
export const checkPage = (start: number, end: number, ctx: z.core.$RefinementCtx): void => {
  if (end <= start)
    ctx.addIssue({
      code: 'too_small',
      origin: 'number',
      minimum: start + 1,
      inclusive: true,
      input: end,
      path: ['_end'],
      message: 'tooSmall',
    });
  else if (end - start > PAGE_SIZE_MAX)
    ctx.addIssue({
      code: 'too_big',
      origin: 'number',
      maximum: start + PAGE_SIZE_MAX,
      inclusive: true,
      input: end,
      path: ['_end'],
      message: 'tooBig',
    });
};
/** Totals are counted up to this many rows; past it the total says "at least" (X-Total-Count-Capped). */
export const TOTAL_CAP = 10_000;
