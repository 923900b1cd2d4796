import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import dayjs from 'dayjs';
import { useCallback } from 'react';
import { receiptSettingsRoute } from '#domain/api/receipt.ts';
import { SEOUL, seoulToday } from '#domain/rules/seoul-time.ts';
import { fieldErrorsOf, isHttpError } from '#src/providers/http-error.ts';
import { api } from '#src/providers/instances.ts';

// The receipt page's shared queries and helpers (docs/rules.md#cash-receipts, docs/rules.md#tax-invoices).

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export const receiptKeys = {
  all: ['receipts'] as const,
  settings: (gymId: number) => ['receipts', 'settings', gymId] as const,
  due: (gymId: number, query: object) => ['receipts', 'due', gymId, query] as const,
  invoices: (gymId: number, query: object) => ['receipts', 'invoices', gymId, query] as const,
  candidates: (gymId: number, memberId: number) => ['receipts', 'candidates', gymId, memberId] as const,
};

/** The provider (test mode or not) and the facility's supplier details. */
export const useReceiptSettings = (gymId: number) =>
  useQuery({
    queryKey: receiptKeys.settings(gymId),
    queryFn: () => api.call(receiptSettingsRoute, { query: { gymId } }),
    enabled: gymId > 0,
    staleTime: 60_000,
    meta: { silent: true },
  });

/** After an issue or a cancellation: every receipt list reads again, and the desk's and ledgers' views. */
export const useRefreshReceipts = () => {
  const client = useQueryClient();
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: receiptKeys.all });
  }, [client]);
};

/** The server's message (already in the user's language), or the generic one. */
export const errorText = (error: unknown, translate: Translate): string =>
  isHttpError(error) && error.message ? error.message : translate('errors.UNKNOWN');

/** The server's field errors on the form's fields. */
export const showFieldErrors = (form: FormInstance, error: unknown): boolean => {
  const fields = fieldErrorsOf(error).map((f) => ({ name: f.name.split('.'), errors: f.errors }));
  if (fields.length) form.setFields(fields);
  return fields.length > 0;
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
