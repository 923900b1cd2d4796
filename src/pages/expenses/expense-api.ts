import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { expenseCategoryListRoute } from '#domain/api/expense.ts';
import type { ExpenseCategory } from '#domain/schemas/expense.ts';
import { useContract } from '#src/kit/contract-hooks.ts';
import { queryKeys } from '#src/kit/query-keys.ts';
import type { Translate } from '#src/kit/translate.ts';

// The expense page's shared queries (docs/rules.md#expenditure).

export const expenseKeys = queryKeys('expenses', {
  categories: (gymId: number) => [gymId],
  list: (gymId: number, query: object) => [gymId, query],
  summary: (gymId: number, query: object) => [gymId, query],
});

/** The facility's categories; the first read makes the six built-ins. */
export const useExpenseCategories = (gymId: number) =>
  useContract(
    expenseCategoryListRoute,
    { query: { gymId } },
    {
      queryKey: expenseKeys.categories(gymId),
      enabled: gymId > 0,
      staleTime: 60_000,
      meta: { silent: true },
    },
  );

/** After a change: the lists, the totals and the categories read again (and the revenue reports' expenditure). */
export const useRefreshExpenses = () => {
  const client = useQueryClient();
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: expenseKeys.all });
    void client.invalidateQueries({ queryKey: ['reports'] });
  }, [client]);
};

/** A built-in is named in the reader's language; the facility's own by its name. */
export const categoryLabel = (
  category: Pick<ExpenseCategory, 'code' | 'name'> | { code: string | null; name: string },
  translate: Translate,
): string => (category.code ? translate(`expenses.builtIn.${category.code}`) : category.name);
