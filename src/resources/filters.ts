import type { CrudFilter } from '@refinedev/core';
import type { FilterControl } from './fields.ts';
import { isBlank } from './fields.ts';

/** A date-range value: the two ends, already as the API's strings (dates, or ISO instants for datetimes). */
export type RangeValue = [string | null | undefined, string | null | undefined];

export type FilterValues = Record<string, unknown> & { q?: string };

/**
 * The filter form's values as Refine filters, which simple-rest turns into the API's query: `q`, `field`,
 * `field_ne`, `field_like` (contains), `field_gte` and `field_lte`. Blank values are dropped, so no empty
 * parameter reaches the server (which refuses an empty enum).
 */
export const toCrudFilters = (controls: readonly FilterControl[], values: FilterValues): CrudFilter[] => {
  const filters: CrudFilter[] = [];
  const q = typeof values.q === 'string' ? values.q.trim() : '';
  if (q) filters.push({ field: 'q', operator: 'eq', value: q });
  for (const control of controls) {
    const name = control.field.name;
    const value = values[name];
    if (control.kind === 'range') {
      const [from, to] = Array.isArray(value) ? (value as RangeValue) : [];
      if (control.gte && !isBlank(from)) filters.push({ field: name, operator: 'gte', value: from });
      if (control.lte && !isBlank(to)) filters.push({ field: name, operator: 'lte', value: to });
      continue;
    }
    if (isBlank(value)) continue;
    const trimmed = typeof value === 'string' ? value.trim() : value;
    const operator = control.kind === 'like' ? 'contains' : control.kind;
    filters.push({ field: name, operator, value: trimmed });
  }
  return filters;
};
