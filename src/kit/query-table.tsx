import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { PagedTable, type PagedTableProps } from '../components/paged-table.tsx';
import { errorText } from './error-text.ts';
import type { Translate } from './translate.ts';

/** What the block reads of a React Query list query (`useContractList`, or any `{ data, total }` query). */
export type ListQueryState<Row> = {
  data?: { data: readonly Row[]; total: number } | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
};

export type LoadFailedAlertProps = {
  /** What failed to load (`expenses.list.loadFailed`), already translated. */
  message: string;
  /** The reason, usually `errorText(query.error, translate)`. */
  description?: ReactNode;
  /** The retry button's text. */
  retryText: string;
  onRetry: () => void;
};

/** A load that failed: what, why, and a button to try again. */
export function LoadFailedAlert({ message, description, retryText, onRetry }: LoadFailedAlertProps) {
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      message={message}
      description={description}
      action={<Button onClick={onRetry}>{retryText}</Button>}
    />
  );
}

export type QueryTableProps<Row extends object> = Omit<PagedTableProps<Row>, 'rows' | 'total' | 'loading'> & {
  query: ListQueryState<Row>;
  translate: Translate;
  /** The alert's title key when the list cannot load. */
  loadFailedKey: string;
  /** The retry button's text key. */
  retryKey: string;
  /** The reason's text when the server gave none (`errors.UNKNOWN`). */
  fallbackKey?: string;
};

/**
 * The list pages' block: the error alert with its retry when the page cannot load, then the paged table of the
 * query's rows (loading while it fetches).
 */
export function QueryTable<Row extends object>({
  query,
  translate,
  loadFailedKey,
  retryKey,
  fallbackKey,
  ...table
}: QueryTableProps<Row>) {
  return (
    <>
      {query.isError && (
        <LoadFailedAlert
          message={translate(loadFailedKey)}
          description={errorText(query.error, translate, fallbackKey)}
          retryText={translate(retryKey)}
          onRetry={() => void query.refetch()}
        />
      )}
      <PagedTable<Row>
        {...table}
        rows={query.data?.data ?? []}
        total={query.data?.total ?? 0}
        loading={query.isFetching}
      />
    </>
  );
}
