import {
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { RouteContract } from '#domain/api/define.ts';
import type { Answer, CallInput, CallOptions } from '#src/api/client.ts';
import { api } from '#src/providers/instances.ts';

/** What a call of the route takes: its params, query and body, typed by the contract, and the per-call headers. */
export type ContractInput<R extends RouteContract> = CallInput<R> & CallOptions;

/** React Query's options, less the function (the contract's call); the key comes from the module's factory. */
export type ContractQueryOptions<Fetched, Data = Fetched> = Omit<
  UseQueryOptions<Fetched, Error, Data, QueryKey>,
  'queryFn'
> & { queryKey: QueryKey };

/** A page of a list route with its total (the server's X-Total-Count). */
export type ListPage<R extends RouteContract> = { data: Answer<R>; total: number };

/**
 * One read of a special route through the typed client (docs/architecture.md#api-contract).
 *
 *   useContract(receiptSettingsRoute, { query: { gymId } }, { queryKey: receiptKeys.settings(gymId) })
 */
export const useContract = <R extends RouteContract, Data = Answer<R>>(
  route: R,
  input: ContractInput<R>,
  options: ContractQueryOptions<Answer<R>, Data>,
) => useQuery({ ...options, queryFn: () => api.call(route, input) });

/** One page of a paged list route: `{ data, total }`. */
export const useContractList = <R extends RouteContract, Data = ListPage<R>>(
  route: R,
  input: CallInput<R>,
  options: ContractQueryOptions<ListPage<R>, Data>,
) => useQuery({ ...options, queryFn: () => api.list(route, input) });

export type ContractMutationOptions<R extends RouteContract, Variables, Context> = Omit<
  UseMutationOptions<Answer<R>, Error, Variables, Context>,
  'mutationFn'
> & {
  /** The variables the page passes to `mutate` → the call's input; without it the variables are the input. */
  input?: (variables: Variables) => ContractInput<R>;
  /** The keys read again after a success (a module's `all`, a list's key), before `onSuccess` runs. */
  invalidates?: readonly QueryKey[];
};

/**
 * One write of a special route through the typed client; a success invalidates the named keys.
 *
 *   useContractMutation(expenseReverseRoute, { input: (id: number) => ({ params: { id } }), invalidates: [expenseKeys.all] })
 */
export const useContractMutation = <R extends RouteContract, Variables = ContractInput<R>, Context = unknown>(
  route: R,
  { input, invalidates = [], onSuccess, ...options }: ContractMutationOptions<R, Variables, Context>,
) => {
  const client = useQueryClient();
  return useMutation<Answer<R>, Error, Variables, Context>({
    ...options,
    mutationFn: (variables) =>
      api.call(route, input ? input(variables) : (variables as unknown as ContractInput<R>)),
    onSuccess: (...args) => {
      for (const queryKey of invalidates) void client.invalidateQueries({ queryKey });
      return onSuccess?.(...args);
    },
  });
};
