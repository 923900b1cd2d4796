import { keepPreviousData, MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isHttpError, statusOf } from './http-error.ts';

/**
 * docs/rules.md#modals-and-errors: the statuses that get an alert, and its text (the same in every language).
 */
export const ERROR_ALERT_TEXTS: Readonly<Partial<Record<number, string>>> = {
  400: ':::400:::',
  404: ':::404:::',
  500: ':::500:::',
};

export type OpenAlert = (text: string) => void;

type Source = { kind: 'query' | 'mutation'; meta: Record<string, unknown> | undefined };

/** A form shows a 400's field errors next to its fields (Refine's useForm); an alert on top would repeat them. */
const hasFieldErrors = (error: unknown): boolean =>
  isHttpError(error) && error.errors !== undefined && Object.keys(error.errors).length > 0;

/** What the global handler does with an error: the alert text, or undefined for none. */
export const alertTextFor = (error: unknown, { kind, meta }: Source): string | undefined => {
  if (meta?.silent === true) return undefined;
  const status = statusOf(error);
  if (status === undefined) return undefined;
  if (kind === 'mutation' && status === 400 && hasFieldErrors(error)) return undefined;
  return ERROR_ALERT_TEXTS[status];
};

/**
 * The React Query client for <Refine options={{ reactQuery: { clientConfig } }}>. Every query and mutation error
 * is logged, and 400, 404 and 500 open an alert (docs/rules.md#modals-and-errors), except:
 * - a mutation's 400 that carries field errors, which the form shows on its fields;
 * - a query or mutation with `meta: { silent: true }` (in Refine: `queryOptions: { meta: { silent: true } }` or
 *   `mutationOptions: { meta: { silent: true } }`), for a caller that reports the failure itself.
 */
export const createQueryClient = (openAlert: OpenAlert): QueryClient => {
  const handleError = (error: unknown, source: Source): void => {
    console.error(`${source.kind === 'query' ? 'Query' : 'Mutation'} failed`, statusOf(error), error);
    const text = alertTextFor(error, source);
    if (text !== undefined) openAlert(text);
  };

  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => handleError(error, { kind: 'query', meta: query.meta }),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) =>
        handleError(error, { kind: 'mutation', meta: mutation.meta }),
    }),
    defaultOptions: {
      queries: {
        // docs/rules.md#modals-and-errors: no retries (a delay of 100 ms if one is ever allowed), no refetch
        // on window focus.
        retry: 0,
        retryDelay: 100,
        refetchOnWindowFocus: false,
        // Refine adds this itself only when it builds the client; with our own client it must be given here.
        placeholderData: keepPreviousData,
        networkMode: 'always',
      },
      // docs/rules.md#modals-and-errors: a call always goes out. React Query's default ('online') holds every call
      // after the browser's one `offline` event until an `online` one, silently: a spinning "Log out" that never
      // ends. Here a call without a network fails like any other, at the latest after the client's timeout.
      mutations: { retry: 0, networkMode: 'always' },
    },
  });
};
