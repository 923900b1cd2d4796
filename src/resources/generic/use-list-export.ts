import { type BaseRecord, type CrudFilter, type CrudSort, useDataProvider, useExport } from '@refinedev/core';
import { useRef } from 'react';
import { TOTAL_CAP } from '#domain/resources/define.ts';
import { csvFormulaConfig } from '#domain/rules/csv.ts';
import { useTextContext } from '../field-value.tsx';
import { type FieldEntry, fieldText, localizedLabel } from '../fields.ts';
import type { RegisteredResource } from '../registry.ts';
import { useMyGyms } from '../relations.tsx';
import { useIsOperator } from '../use-is-operator.ts';

const EXPORT_PAGE = 100;

type ListExportOptions = {
  entry: RegisteredResource;
  columns: readonly FieldEntry[];
  sorters: CrudSort[];
  filters: CrudFilter[];
  /** A column's header, as the table shows it. */
  label: (field: FieldEntry) => string;
};

/**
 * The list's CSV export. A CSV names related records (a permission set, a facility) instead of their ids: before
 * the export runs, each relation column's records are read once (the caller's own scope, at most EXPORT_PAGE) and
 * looked up by id.
 */
export function useListExport({ entry, columns, sorters, filters, label }: ListExportOptions) {
  const text = useTextContext();
  const { declaration, identifier } = entry;
  const dataProvider = useDataProvider();
  const relationLabels = useRef(new Map<string, Map<unknown, string>>());
  // Staff cannot list facilities (GET /web/gym is the operator's): theirs come from the member's own list.
  const isOperator = useIsOperator();
  const { gyms: myGyms } = useMyGyms(!isOperator);
  const loadRelationLabels = async () => {
    const relations = columns.filter((field) => field.meta.kind === 'relation' && field.meta.relation);
    await Promise.all(
      relations.map(async (field) => {
        const relation = field.meta.relation!;
        // A relation the caller may not list keeps its ids in the CSV; the other columns still get names.
        const data: BaseRecord[] =
          relation.resource === 'gym' && !isOperator
            ? myGyms
            : await dataProvider()
                .getList({
                  resource: relation.resource,
                  pagination: { currentPage: 1, pageSize: EXPORT_PAGE },
                })
                .then((result) => result.data)
                .catch(() => []);
        const byId = new Map<unknown, string>();
        for (const row of data) {
          const name = localizedLabel(row, relation.labelField, text.language);
          if (name !== undefined) byId.set(row.id, name);
        }
        relationLabels.current.set(field.name, byId);
      }),
    );
  };
  const exportText = {
    ...text,
    relationLabel: (field: string, value: unknown) => relationLabels.current.get(field)?.get(value),
  };
  const { triggerExport, isLoading: exporting } = useExport<BaseRecord>({
    resource: identifier,
    sorters,
    filters,
    pageSize: EXPORT_PAGE,
    maxItemCount: TOTAL_CAP,
    filename: declaration.name,
    // Refine's own defaults (every cell quoted, a header line) with the formula rule of every export
    // (docs/rules.md#exports).
    unparseConfig: { quotes: true, header: true, ...csvFormulaConfig },
    mapData: (record) =>
      Object.fromEntries(
        columns.map((field) => [label(field), fieldText(field, record[field.name], record, exportText)]),
      ),
  });
  return { exportList: () => void loadRelationLabels().then(() => triggerExport()), exporting };
}
