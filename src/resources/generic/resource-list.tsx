import { ExportButton, List, useTable } from '@refinedev/antd';
import { type BaseRecord, type CrudFilter, useTranslate } from '@refinedev/core';
import { Table } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useFacility } from '#src/facility/facility-context.tsx';
import { type FieldEntry, fieldLabelKey, filterControls, listFields } from '../fields.ts';
import { type FilterValues, toCrudFilters } from '../filters.ts';
import { listStateKey, readListState, writeListState } from '../list-state.ts';
import type { RegisteredResource } from '../registry.ts';
import { FilterForm } from './filter-form.tsx';
import { useListColumns } from './use-list-columns.tsx';
import { useListExport } from './use-list-export.ts';

export type ResourceListProps = {
  entry: RegisteredResource;
  /** Filters the screen always applies (e.g. a review queue's status). */
  permanentFilters?: CrudFilter[];
  title?: React.ReactNode;
  /** Extra actions per row, before the generic ones. */
  rowActions?: (record: BaseRecord) => React.ReactNode;
};

/** The generic table: declared columns, sorters, filters, `q` search, pagination, CSV export and row actions. */
export function ResourceList({ entry, permanentFilters, title, rowActions }: ResourceListProps) {
  const translate = useTranslate();
  const { declaration, identifier, routes } = entry;
  const columns = listFields(declaration);
  // A screen's fixed filters (a review queue's status) are not offered as controls.
  const fixed = new Set(
    (permanentFilters ?? []).flatMap((filter) => ('field' in filter ? [filter.field] : [])),
  );
  const controls = filterControls(declaration).filter((control) => !fixed.has(control.field.name));

  // Back from a record finds the list as it was (docs/rules.md#lists-and-search).
  const { selected } = useFacility();
  const stateKey = listStateKey(identifier, selected?.id);
  const [saved] = useState(() => readListState(stateKey));
  const applied = useRef<FilterValues>(saved?.values ?? {});

  const { tableProps, searchFormProps, sorters, filters, currentPage, pageSize } = useTable<
    BaseRecord,
    never,
    FilterValues
  >({
    resource: identifier,
    syncWithLocation: false,
    pagination: { pageSize: saved?.pageSize ?? 20, currentPage: saved?.currentPage ?? 1 },
    sorters: {
      initial: saved?.sorters.length
        ? saved.sorters
        : [{ field: declaration.defaultSort.field, order: declaration.defaultSort.order }],
    },
    filters: {
      defaultBehavior: 'replace',
      permanent: permanentFilters,
      initial: saved ? toCrudFilters(controls, saved.values) : undefined,
    },
    onSearch: (values) => {
      applied.current = values;
      return toCrudFilters(controls, values);
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `filters` changes when the applied values (a ref) do.
  useEffect(() => {
    writeListState(stateKey, { values: applied.current, sorters, currentPage, pageSize });
  }, [stateKey, sorters, filters, currentPage, pageSize]);

  const label = (field: FieldEntry) => translate(fieldLabelKey(declaration.name, field.name));
  const { exportList, exporting } = useListExport({ entry, columns, sorters, filters, label });
  const tableColumns = useListColumns({
    entry,
    columns,
    rows: tableProps.dataSource as readonly BaseRecord[] | undefined,
    sorters,
    label,
    rowActions,
  });

  return (
    <List
      resource={identifier}
      title={title ?? translate(`${declaration.name}.titles.list`)}
      breadcrumb={false}
      canCreate={Boolean(routes.create)}
      headerButtons={({ defaultButtons }) => (
        <>
          <ExportButton onClick={exportList} loading={exporting} />
          {defaultButtons}
        </>
      )}
    >
      <FilterForm
        declaration={declaration}
        controls={controls}
        formProps={{ ...searchFormProps, initialValues: saved?.values }}
      />
      <Table<BaseRecord>
        {...tableProps}
        rowKey="id"
        columns={tableColumns}
        scroll={{ x: 'max-content' }}
        pagination={
          tableProps.pagination
            ? { ...tableProps.pagination, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100] }
            : false
        }
      />
    </List>
  );
}
