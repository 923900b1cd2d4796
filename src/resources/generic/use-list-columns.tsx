import { DeleteButton, EditButton, getDefaultSortOrder, ShowButton } from '@refinedev/antd';
import { type BaseRecord, type CrudSort, useTranslate } from '@refinedev/core';
import { Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useSessionMember } from '#src/session/session-context.tsx';
import { FieldValue } from '../field-value.tsx';
import type { FieldEntry } from '../fields.ts';
import type { RegisteredResource } from '../registry.ts';

const idsOfColumn = (rows: readonly BaseRecord[] | undefined, field: string): (string | number)[] => [
  ...new Set(
    (rows ?? [])
      .map((row) => row[field])
      .filter((v): v is string | number => typeof v === 'number' || typeof v === 'string'),
  ),
];

type ListColumnsOptions = {
  entry: RegisteredResource;
  columns: readonly FieldEntry[];
  /** The page's rows. */
  rows: readonly BaseRecord[] | undefined;
  sorters: CrudSort[];
  /** A column's header. */
  label: (field: FieldEntry) => string;
  /** Extra actions per row, before the generic ones. */
  rowActions?: (record: BaseRecord) => React.ReactNode;
};

/** The list's table columns: the declared fields, sortable where declared, and the row actions. */
export function useListColumns({
  entry,
  columns,
  rows,
  sorters,
  label,
  rowActions,
}: ListColumnsOptions): ColumnsType<BaseRecord> {
  const translate = useTranslate();
  const { identifier, routes } = entry;
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
  return tableColumns;
}
