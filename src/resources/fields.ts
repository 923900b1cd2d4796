import type { z } from 'zod';
import type { FieldMeta, ResourceDeclaration } from '#domain/resources/define.ts';
import { digitsOnly, formatPhone } from '#domain/rules/text.ts';
import type { Translate } from '../kit/translate.ts';

// The field model of the generic screens: which fields show where, their labels, and how values read as text.
// Pure functions, so the screens stay thin and the rules are unit-tested.

export type FieldEntry = { name: string; meta: FieldMeta };
export type FormMode = 'create' | 'edit';

export const fieldsOf = (declaration: ResourceDeclaration): FieldEntry[] =>
  Object.entries(declaration.fields).map(([name, meta]) => ({ name, meta }));

export const fieldLabelKey = (resource: string, field: string): string => `${resource}.fields.${field}`;
export const enumLabelKey = (enumName: string, value: string): string => `enums.${enumName}.${value}`;
export const flagLabelKey = (value: boolean): string => `enums.flag.${value ? 'true' : 'false'}`;

/** The table's columns: fields marked `list`. */
export const listFields = (declaration: ResourceDeclaration): FieldEntry[] =>
  fieldsOf(declaration).filter(({ meta }) => meta.list);

/** The filter controls: one per field with filters, preferring eq (select), like (text) and a gte/lte range. */
export type FilterControl =
  | { kind: 'eq'; field: FieldEntry }
  | { kind: 'ne'; field: FieldEntry }
  | { kind: 'like'; field: FieldEntry }
  | { kind: 'range'; field: FieldEntry; gte: boolean; lte: boolean };

export const filterControls = (declaration: ResourceDeclaration): FilterControl[] =>
  fieldsOf(declaration).flatMap((field): FilterControl[] => {
    const ops = field.meta.filters ?? [];
    if (ops.includes('gte') || ops.includes('lte')) {
      return [{ kind: 'range', field, gte: ops.includes('gte'), lte: ops.includes('lte') }];
    }
    if (ops.includes('eq')) return [{ kind: 'eq', field }];
    if (ops.includes('like')) return [{ kind: 'like', field }];
    if (ops.includes('ne')) return [{ kind: 'ne', field }];
    return [];
  });

const FILTER_PRIORITY: Record<FilterControl['kind'], number> = { eq: 0, like: 1, range: 2, ne: 3 };
const KIND_PRIORITY: Partial<Record<FieldMeta['kind'], number>> = { enum: 0, relation: 1, flag: 9 };
/** How many filter controls show before "More filters". */
export const PRIMARY_FILTERS = 3;

/** The few controls most lists need first (status, facility, name, dates); flags and the rest wait behind a toggle. */
export const prioritizedControls = (
  controls: readonly FilterControl[],
  visible = PRIMARY_FILTERS,
): { primary: FilterControl[]; more: FilterControl[] } => {
  const rank = (c: FilterControl) => (KIND_PRIORITY[c.field.meta.kind] ?? 5) * 10 + FILTER_PRIORITY[c.kind];
  const ordered = controls
    .map((control, index) => ({ control, index }))
    .sort((a, b) => rank(a.control) - rank(b.control) || a.index - b.index)
    .map(({ control }) => control);
  return { primary: ordered.slice(0, visible), more: ordered.slice(visible) };
};

export const hasSearch = (declaration: ResourceDeclaration): boolean =>
  fieldsOf(declaration).some(({ meta }) => meta.search);

// ---- zod introspection ---------------------------------------------------------------------------------------

type Shape = Record<string, z.ZodType>;

/** The object shape of a create/update schema (refinements keep the object in zod 4). */
export const shapeOf = (schema: z.ZodType | undefined): Shape => {
  const candidate = schema as unknown as { shape?: Shape } | undefined;
  return candidate?.shape && typeof candidate.shape === 'object' ? candidate.shape : {};
};

const accepts = (schema: z.ZodType, value: unknown): boolean => schema.safeParse(value).success;

export type FormField = FieldEntry & {
  schema: z.ZodType;
  required: boolean;
  /** Shown but not editable: the schema takes it, the declaration says read-only. */
  disabled: boolean;
  nullable: boolean;
  initialValue?: unknown;
};

const NEVER_INPUT: ReadonlySet<FieldMeta['kind']> = new Set(['id', 'computed']);

/**
 * The inputs of the one create/edit form: the declared fields that the mode's schema takes, in declaration order.
 * `required` and defaults come from the schema; read-only fields never become inputs, except that an edit shows
 * one the update schema names as a disabled control (e.g. a permission set's `representYn`).
 */
export const formFields = (declaration: ResourceDeclaration, mode: FormMode): FormField[] => {
  const schema = mode === 'create' ? declaration.schemas.create : declaration.schemas.update;
  const shape = shapeOf(schema);
  return fieldsOf(declaration).flatMap(({ name, meta }): FormField[] => {
    const field = shape[name];
    if (!field || NEVER_INPUT.has(meta.kind)) return [];
    if (meta.readOnly && mode === 'create') return [];
    const parsedEmpty = field.safeParse(undefined);
    const initialValue = parsedEmpty.success ? parsedEmpty.data : undefined;
    return [
      {
        name,
        meta,
        schema: field,
        required: !parsedEmpty.success,
        disabled: Boolean(meta.readOnly),
        nullable: accepts(field, null),
        ...(initialValue !== undefined ? { initialValue } : {}),
      },
    ];
  });
};

export const isBlank = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

const comparable = (field: FormField, value: unknown): unknown => {
  if (isBlank(value)) return null;
  if (field.meta.kind === 'phone' && typeof value === 'string') return digitsOnly(value);
  return typeof value === 'string' && field.meta.kind !== 'longText' ? value.trim() : value;
};

/**
 * What the form sends. Only enabled fields; a blank value is left out, or sent as null when the schema takes null
 * and an edit clears a stored value. An edit sends only what changed (PUT takes a partial record), so an
 * unchanged status is never re-sent as a transition.
 */
export const toPayload = (
  fields: readonly FormField[],
  values: Record<string, unknown>,
  mode: FormMode,
  record?: Record<string, unknown>,
): Record<string, unknown> => {
  const payload: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.disabled) continue;
    const value = values[field.name];
    if (mode === 'edit' && record && comparable(field, value) === comparable(field, record[field.name]))
      continue;
    if (isBlank(value)) {
      if (mode === 'edit' && field.nullable) payload[field.name] = null;
      continue;
    }
    payload[field.name] = typeof value === 'string' && field.meta.kind !== 'longText' ? value.trim() : value;
  }
  return payload;
};

// ---- values as text ------------------------------------------------------------------------------------------

export const formatMoney = (value: number, language: string): string =>
  new Intl.NumberFormat(language === 'ko' ? 'ko-KR' : 'en-US', {
    style: 'currency',
    currency: 'KRW',
    maximumFractionDigits: 0,
  }).format(value);

export const formatInteger = (value: number, language: string): string =>
  new Intl.NumberFormat(language === 'ko' ? 'ko-KR' : 'en-US').format(value);

export const splitCommaList = (value: unknown): string[] =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
    : Array.isArray(value)
      ? value.map(String)
      : [];

/** The record's nested object for a relation field: `memberId` → `member` (gym-member records carry one). */
export const embeddedOf = (
  field: string,
  record: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined => {
  if (!record || !field.endsWith('Id')) return undefined;
  const nested = record[field.slice(0, -2)];
  return typeof nested === 'object' && nested !== null ? (nested as Record<string, unknown>) : undefined;
};

/** `nameEn` reads `nameKo` in Korean (and back), when the record has it. */
export const localizedLabel = (
  item: Record<string, unknown> | undefined,
  labelField: string,
  language: string,
): string | undefined => {
  if (!item) return undefined;
  const match = /^(.*)(En|Ko)$/.exec(labelField);
  if (match) {
    const localized = item[`${match[1]}${language === 'ko' ? 'Ko' : 'En'}`];
    if (typeof localized === 'string' && localized) return localized;
  }
  const value = item[labelField];
  return value === undefined || value === null ? undefined : String(value);
};

export type TextContext = {
  translate: Translate;
  language: string;
  /** Formats dates; dayjs in the app, injectable for tests. */
  formatDate: (value: string, kind: 'date' | 'datetime' | 'time') => string;
  /** A relation's label when it is known. */
  relationLabel?: (field: string, value: unknown) => string | undefined;
};

/** A value as plain text: the CSV export and the screens' text share it. Empty is the empty string. */
export const fieldText = (
  field: FieldEntry,
  value: unknown,
  record: Record<string, unknown> | undefined,
  context: TextContext,
): string => {
  if (value === undefined || value === null || value === '') return '';
  const { meta } = field;
  switch (meta.kind) {
    case 'money':
      return typeof value === 'number' ? formatMoney(value, context.language) : String(value);
    case 'integer':
      return typeof value === 'number' ? formatInteger(value, context.language) : String(value);
    case 'phone':
      return formatPhone(String(value));
    case 'enum':
      return meta.enumName ? context.translate(enumLabelKey(meta.enumName, String(value))) : String(value);
    case 'flag':
      return context.translate(flagLabelKey(Boolean(value)));
    case 'date':
    case 'datetime':
    case 'time':
      return context.formatDate(String(value), meta.kind);
    case 'commaList':
      return splitCommaList(value).join(', ');
    case 'relation': {
      const embedded = embeddedOf(field.name, record);
      const label =
        localizedLabel(embedded, meta.relation?.labelField ?? 'name', context.language) ??
        context.relationLabel?.(field.name, value);
      return label ?? String(value);
    }
    default:
      return String(value);
  }
};
