import { Table, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EmptyText } from './empty-text.tsx';

export type PagedTableProps<Row extends { id: number }> = {
  rows: readonly Row[];
  columns: ColumnsType<Row>;
  loading: boolean;
  /** The list's total (the server's `total`); the pager hides while one page holds it all. */
  total: number | undefined;
  currentPage: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  emptyText: string;
  rowClassName?: TableProps<Row>['rowClassName'];
  expandable?: TableProps<Row>['expandable'];
};

/**
 * The paged list of the review and log pages: one row per record, the server's page (`_start`/`_end`), a pager
 * that hides on a single page, and a readable "nothing here" text.
 */
export function PagedTable<Row extends { id: number }>({
  rows,
  columns,
  loading,
  total,
  currentPage,
  pageSize,
  onPageChange,
  emptyText,
  rowClassName,
  expandable,
}: PagedTableProps<Row>) {
  return (
    <Table<Row>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows as Row[]}
      rowClassName={rowClassName}
      expandable={expandable}
      loading={loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <EmptyText>{emptyText}</EmptyText> }}
      pagination={{
        current: currentPage,
        pageSize,
        total,
        onChange: onPageChange,
        hideOnSinglePage: true,
      }}
    />
  );
}

/** The "No." column: the row's place in the whole list, across pages. */
export const orderColumn = <Row,>(
  title: string,
  currentPage: number,
  pageSize: number,
): ColumnsType<Row>[number] => ({
  key: 'order',
  title,
  width: 56,
  render: (_value, _row, index) => (currentPage - 1) * pageSize + index + 1,
});
