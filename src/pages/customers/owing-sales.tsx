import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { unpaidListRoute } from '#domain/api/sales.ts';
import { api } from '#src/providers/instances.ts';
import { formatWon } from './money.ts';

/**
 * The sales a customer's balance comes from (docs/rules.md#check-in: a balance that blocks entry names them): the
 * day, the item and what each still owes, from the unpaid list; nothing for staff who may not read that list.
 */
export function OwingSales({ gymId, memberId }: { gymId: number; memberId: number }) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const owing = useQuery({
    queryKey: ['sales', 'unpaid', gymId, 'member', memberId],
    queryFn: () =>
      api.call(unpaidListRoute, { query: { gymId, memberId, sort: 'oldest', _start: 0, _end: 20 } }),
    enabled: gymId > 0 && memberId > 0,
    retry: false,
    meta: { silent: true },
  });
  const rows = owing.data?.rows ?? [];
  if (rows.length === 0) return null;
  return (
    <ul className="fd-owing-sales" aria-label={translate('customers.owing.title')}>
      {rows.map((r) => (
        <li key={r.saleId}>
          {translate('customers.owing.sale', {
            day: r.saleDay,
            item: r.itemName,
            amount: formatWon(r.owed, i18n.language),
          })}
        </li>
      ))}
    </ul>
  );
}
