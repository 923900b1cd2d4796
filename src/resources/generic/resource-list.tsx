import {
  DeleteButton,
  EditButton,
  ExportButton,
  getDefaultSortOrder,
  List,
  ShowButton,
  useTable,
} from '@refinedev/antd';
import { type BaseRecord, type CrudFilter, useDataProvider, useExport, useTranslate } from '@refinedev/core';
import { Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useRef, useState } from 'react';
import { TOTAL_CAP } from '#domain/resources/define.ts';
import { csvFormulaConfig } from '#domain/rules/csv.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { useSessionMember } from '#src/session/session-context.tsx';
import { FieldValue, useTextContext } from '../field-value.tsx';
import {
  type FieldEntry,
  fieldLabelKey,
  fieldText,
  filterControls,
  listFields,
  localizedLabel,
} from '../fields.ts';
import { type FilterValues, toCrudFilters } from '../filters.ts';
import { listStateKey, readListState, writeListState } from '../list-state.ts';
import type { RegisteredResource } from '../registry.ts';
import { useMyGyms } from '../relations.tsx';
import { useIsOperator } from '../use-is-operator.ts';
import { FilterForm } from './filter-form.tsx';

const EXPORT_PAGE = 100;

const idsOfColumn = (rows: readonly BaseRecord[] | undefined, field: string): (string | number)[] => [
  ...new Set(
    (rows ?? [])
      .map((row) => row[field])
      .filter((v): v is string | number => typeof v === 'number' || typeof v === 'string'),
  ),
];

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
  const text = useTextContext();
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
  // A CSV names related records (a permission set, a facility) instead of their ids: before the export runs, each
  // relation column's records are read once (the caller's own scope, at most EXPORT_PAGE) and looked up by id.
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

  const rows = tableProps.dataSource as readonly BaseRecord[] | undefined;
  // A relation column's ids on this page, fetched in one query shared by its cells.
  const pageIds = Object.fromEntries(
    columns
      .filter((field) => field.meta.kind === 'relation')
      .map((field) => [field.name, idsOfColumn(rows, field.name)]),
  );
  const tableColumns: ColumnsType<BaseRecord> = columns.map((field) => ({
    key: field.name,
    dataIndex: field.name,
    title: label(field),
    sorter: field.meta.sortable ? true : undefined,
    defaultSortOrder: field.meta.sortable ? getDefaultSortOrder(field.name, sorters) : undefined,
    render: (value: unknown, record: BaseRecord) => (
      <FieldValue field={field} value={value} record={record} ids={pageIds[field.name]} />
    ),
  }));
  // The caller's own link to the facility or to a set (a record with memberId and gymAuthId) is not removed from a
  // list: a representative's is refused by the server (representLinkProtected), anyone else leaves from PROFILE.
  const me = useSessionMember();
  const isOwnLink = (record: BaseRecord) =>
    me !== null && me !== undefined && 'gymAuthId' in record && record.memberId === me.id;
  const hasRowActions = Boolean(routes.show || routes.edit || entry.canDelete || rowActions);
  if (hasRowActions) {
    tableColumns.push({
      key: 'actions',
      title: translate('crud.actions'),
      render: (_: unknown, record: BaseRecord) => (
        // Show and Edit are links wrapping a button: the button leaves the Tab order, so each action is one
        // stop, and the link draws the focus ring (styles.css, .fd-row-actions).
        <Space wrap size="small" className="fd-row-actions">
          {rowActions?.(record)}
          {routes.show && (
            <ShowButton size="small" resource={identifier} recordItemId={record.id} tabIndex={-1} />
          )}
          {routes.edit && (
            <EditButton size="small" resource={identifier} recordItemId={record.id} tabIndex={-1} />
          )}
          {entry.canDelete && !isOwnLink(record) && (
            <DeleteButton size="small" resource={identifier} recordItemId={record.id} />
          )}
        </Space>
      ),
    });
  }

  return (
    <List
      resource={identifier}
      title={title ?? translate(`${declaration.name}.titles.list`)}
      breadcrumb={false}
      canCreate={Boolean(routes.create)}
      headerButtons={({ defaultButtons }) => (
        <>
          <ExportButton
            onClick={() => void loadRelationLabels().then(() => triggerExport())}
            loading={exporting}
          />
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
