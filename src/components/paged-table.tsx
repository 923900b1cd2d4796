import { Table, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EmptyText } from './empty-text.tsx';

export type PagedTableProps<Row extends object> = {
  rows: readonly Row[];
  columns: ColumnsType<Row>;
  loading: boolean;
  /** The list's total (the server's `total`); the pager hides while one page holds it all. */
  total: number | undefined;
  currentPage: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  emptyText: string;
  /** `id` unless the rows are keyed otherwise. */
  rowKey?: TableProps<Row>['rowKey'];
  /**
   * `{ x: 'max-content' }` when absent; given, even as undefined (a desk's "no scroll" from phone-table.ts), it is
   * used as is.
   */
  scroll?: TableProps<Row>['scroll'];
  /** antd's own (a size changer past 50 rows) unless the page says. */
  showSizeChanger?: boolean;
  rowClassName?: TableProps<Row>['rowClassName'];
  onRow?: TableProps<Row>['onRow'];
  expandable?: TableProps<Row>['expandable'];
};

const MAX_CONTENT = { x: 'max-content' } as const;

/**
 * The paged list of the review and log pages: one row per record, the server's page (`_start`/`_end`), a pager
 * that hides on a single page, and a readable "nothing here" text.
 */
export function PagedTable<Row extends object>(props: PagedTableProps<Row>) {
  const {
    rows,
    columns,
    loading,
    total,
    currentPage,
    pageSize,
    onPageChange,
    emptyText,
    rowKey = 'id',
    showSizeChanger,
    rowClassName,
    onRow,
    expandable,
  } = props;
  const scroll = 'scroll' in props ? props.scroll : MAX_CONTENT;
  return (
    <Table<Row>
      rowKey={rowKey}
      size="middle"
      columns={columns}
      dataSource={rows as Row[]}
      rowClassName={rowClassName}
      onRow={onRow}
      expandable={expandable}
      loading={loading}
      scroll={scroll}
      locale={{ emptyText: <EmptyText>{emptyText}</EmptyText> }}
      pagination={{
        current: currentPage,
        pageSize,
        total,
        onChange: onPageChange,
        hideOnSinglePage: true,
        ...(showSizeChanger === undefined ? {} : { showSizeChanger }),
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
