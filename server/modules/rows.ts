import type { InferSelectModel } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Row } from '../resources/engine.ts';

/**
 * The engine hands hooks the rows it read from a declaration's table as plain records; this names one as the
 * table's typed row (docs/architecture.md#modules-and-services), after checking that every column is there, so a
 * hook reads `link.gymId` as the number it is instead of casting each field.
 */
export const rowOf = <T extends PgTable>(table: T, row: Row): InferSelectModel<T> => {
  for (const key of Object.keys(getTableColumns(table))) {
    if (!(key in row)) throw new Error(`rowOf: the row has no column ${key}`);
  }
  // why: checked above, column by column; the engine's Row type cannot carry the table's column types.
  return row as InferSelectModel<T>;
};
