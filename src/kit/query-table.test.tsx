// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryTable } from './query-table.tsx';

type Row = { id: number; name: string };

const translate = (key: string) => `t(${key})`;
const columns = [{ key: 'name', title: 'Name', dataIndex: 'name' }];

type TableProps = Parameters<typeof QueryTable<Row>>[0];

const renderTable = (query: TableProps['query'], extra: Partial<TableProps> = {}) =>
  render(
    <QueryTable<Row>
      {...extra}
      query={query}
      translate={translate}
      loadFailedKey="expenses.list.loadFailed"
      retryKey="expenses.retry"
      columns={columns}
      currentPage={1}
      pageSize={20}
      onPageChange={() => {}}
      emptyText="Nothing yet."
    />,
  );

afterEach(cleanup);

describe('QueryTable', () => {
  it("lists the query's rows, without an alert", () => {
    renderTable({
      data: { data: [{ id: 1, name: 'Kim' }], total: 1 },
      error: null,
      isError: false,
      isFetching: false,
      refetch: () => {},
    });
    expect(screen.getByText('Kim')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says why the list failed and tries again on the retry's click", async () => {
    const refetch = vi.fn();
    renderTable({
      data: undefined,
      error: { statusCode: 503, message: 'The server is busy.' },
      isError: true,
      isFetching: false,
      refetch,
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('t(expenses.list.loadFailed)');
    expect(alert.textContent).toContain('The server is busy.');
    expect(screen.getByText('Nothing yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 't(expenses.retry)' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it("scrolls to the content's width unless the page gives its own scroll, even none", () => {
    const query = {
      data: { data: [], total: 0 },
      error: null,
      isError: false,
      isFetching: false,
      refetch: () => {},
    };
    const { container, unmount } = renderTable(query);
    expect(container.querySelector('table')?.style.width).toBe('max-content');
    unmount();
    const desk = renderTable(query, { scroll: undefined });
    expect(desk.container.querySelector('table')?.style.width).toBe('');
  });
});
