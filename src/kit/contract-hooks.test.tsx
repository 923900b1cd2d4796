// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { consultCallRoute, consultListRoute } from '#domain/api/consult.ts';
import { receiptSettingsRoute } from '#domain/api/receipt.ts';
import { useContract, useContractList, useContractMutation } from './contract-hooks.ts';
import { queryKeys } from './query-keys.ts';

const calls: { kind: string; path: string; input: unknown }[] = [];

vi.mock('#src/providers/instances.ts', () => ({
  api: {
    call: async (route: { path: string }, input: unknown) => {
      calls.push({ kind: 'call', path: route.path, input });
      return { answered: route.path };
    },
    list: async (route: { path: string }, input: unknown) => {
      calls.push({ kind: 'list', path: route.path, input });
      return { data: [{ id: 1 }], total: 41 };
    },
  },
}));

const keys = queryKeys('consult', { list: (gymId: number) => [gymId] });

const wrapperOf = (client: QueryClient) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe('the contract hooks', () => {
  it("read a route through the typed client under the factory's key", async () => {
    calls.length = 0;
    const client = newClient();
    const { result } = renderHook(
      () =>
        useContract(receiptSettingsRoute, { query: { gymId: 3 } }, { queryKey: ['receipts', 'settings', 3] }),
      { wrapper: wrapperOf(client) },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(calls).toEqual([{ kind: 'call', path: '/receipt/settings', input: { query: { gymId: 3 } } }]);
    expect(client.getQueryData(['receipts', 'settings', 3])).toEqual({ answered: '/receipt/settings' });
  });

  it('read a page of a list with its total', async () => {
    calls.length = 0;
    const client = newClient();
    const { result } = renderHook(
      () =>
        useContractList(
          consultListRoute,
          { params: { gymId: 3 }, query: { _start: 0, _end: 20 } },
          { queryKey: keys.list(3) },
        ),
      { wrapper: wrapperOf(client) },
    );
    await waitFor(() => expect(result.current.data).toEqual({ data: [{ id: 1 }], total: 41 }));
    expect(calls[0]).toMatchObject({ kind: 'list', path: '/consult/list/:gymId' });
  });

  it("write through the route, then read the module's keys again", async () => {
    calls.length = 0;
    const client = newClient();
    client.setQueryData(keys.list(3), { data: [], total: 0 });
    const done = vi.fn();
    const { result } = renderHook(
      () =>
        useContractMutation(consultCallRoute, {
          input: (id: number) => ({ params: { id } }),
          invalidates: [keys.all],
          onSuccess: done,
        }),
      { wrapper: wrapperOf(client) },
    );
    await act(() => result.current.mutateAsync(9));
    expect(calls).toEqual([{ kind: 'call', path: '/consult/:id/call', input: { params: { id: 9 } } }]);
    expect(client.getQueryState(keys.list(3))?.isInvalidated).toBe(true);
    expect(done).toHaveBeenCalledWith({ answered: '/consult/:id/call' }, 9, undefined, expect.anything());
  });
});
