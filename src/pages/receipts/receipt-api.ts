import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useCallback } from 'react';
import { receiptSettingsRoute } from '#domain/api/receipt.ts';
import { SEOUL, seoulToday } from '#domain/rules/seoul-time.ts';
import { useContract } from '#src/kit/contract-hooks.ts';
import { queryKeys } from '#src/kit/query-keys.ts';

// The receipt page's shared queries and helpers (docs/rules.md#cash-receipts, docs/rules.md#tax-invoices).

export const receiptKeys = queryKeys('receipts', {
  settings: (gymId: number) => [gymId],
  due: (gymId: number, query: object) => [gymId, query],
  invoices: (gymId: number, query: object) => [gymId, query],
  candidates: (gymId: number, memberId: number) => [gymId, memberId],
  'customer-options': (gymId: number, q: string) => [gymId, q],
});

/** The provider (test mode or not) and the facility's supplier details. */
export const useReceiptSettings = (gymId: number) =>
  useContract(
    receiptSettingsRoute,
    { query: { gymId } },
    { queryKey: receiptKeys.settings(gymId), enabled: gymId > 0, staleTime: 60_000, meta: { silent: true } },
  );

/** After an issue or a cancellation: every receipt list reads again, and the desk's and ledgers' views. */
export const useRefreshReceipts = () => {
  const client = useQueryClient();
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: receiptKeys.all });
  }, [client]);
};

/** A month's first and last day (YYYY-MM → from, to). */
export const monthRange = (month: string) => {
  const first = dayjs(`${month}-01`);
  return { from: first.format('YYYY-MM-DD'), to: first.endOf('month').format('YYYY-MM-DD') };
};

/** 2026-03-02T00:00:00Z → 2026.03.02 09:00: Seoul time, as the deadlines count it. */
export const dateTime = (iso: string) => dayjs(iso).tz(SEOUL).format('YYYY.MM.DD HH:mm');

/** This Seoul month, YYYY-MM. */
export const seoulMonth = () => seoulToday(new Date()).slice(0, 7);
export const dotDate = (date: string) => date.replace(/-/g, '.');
