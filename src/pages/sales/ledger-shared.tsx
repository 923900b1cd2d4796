import { DownloadOutlined, FilterOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Grid, Select } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerListRoute } from '#domain/api/customer.ts';
import { LEDGER_RANGE_MAX_DAYS } from '#domain/rules/ledger.ts';
import { daysBetween, seoulToday } from '#domain/rules/seoul-time.ts';
import { useContractList } from '#src/kit/contract-hooks.ts';
import { queryKeys } from '#src/kit/query-keys.ts';
import { downloadFile } from '../customers/download.ts';
import { formatWon } from '../customers/money.ts';
import { DAY, exportUrl } from './ledger-format.ts';
import './ledger.css';

// The ledger pages' shared parts (docs/rules.md#money): the filter bar that folds away on a phone, the CSV button,
// the customer search, money in the page's language, and the refresh after a money change.

export const ledgerKeys = queryKeys('ledger', {
  history: (gymId: number, query: object) => [gymId, query],
  unpaid: (gymId: number, query: object) => [gymId, query],
  sales: (gymId: number, query: object) => [gymId, query],
  'customer-search': (gymId: number, q: string) => [gymId, q],
});

/** After a collection, a write-off or a correction: every ledger list, the customers and passes read again. */
export const useRefreshLedger = () => {
  const client = useQueryClient();
  return useCallback(() => {
    for (const key of [ledgerKeys.all, ['customers'], ['passes'], ['home']])
      void client.invalidateQueries({ queryKey: key });
  }, [client]);
};

/** Won in the page's language: 1,000원 / ₩1,000. */
export const useWon = () => {
  const { i18n } = useTranslation();
  // A negative amount puts its sign before the currency: -₩50,000, -50,000원.
  return useCallback(
    (amount: number) =>
      amount < 0 ? `-${formatWon(-amount, i18n.language)}` : formatWon(amount, i18n.language),
    [i18n.language],
  );
};

/**
 * The filters of a list: a row on a desk screen; on a phone, folded behind a "Filters" button (with the number of
 * filters set) so the list comes first.
 */
export function LedgerFilterBar({
  label,
  active,
  onReset,
  children,
}: {
  label: string;
  /** How many filters differ from the defaults. */
  active: number;
  onReset: () => void;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false;
  const [open, setOpen] = useState(false);
  const id = useId();
  const shown = !phone || open;
  return (
    <section className="fd-ledger-filters" aria-label={label}>
      {phone && (
        <Button
          icon={<FilterOutlined />}
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
          className="fd-ledger-filters__toggle"
        >
          {active > 0
            ? translate('sales.history.filtersActive', { count: active })
            : translate('sales.history.filters')}
        </Button>
      )}
      <div id={id} className="fd-ledger-filters__body" hidden={!shown}>
        {children}
        <Button icon={<ReloadOutlined />} onClick={onReset}>
          {translate('sales.history.reset')}
        </Button>
      </div>
    </section>
  );
}

/** Downloads a list's CSV with the same filters (the server writes the audit row). */
export function ExportButton({
  path,
  query,
  name,
  disabled,
}: {
  path: string;
  query: Record<string, unknown>;
  name: string;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadFile(exportUrl(path, query), i18n.language, `${name}-${seoulToday(new Date())}.csv`);
    } catch {
      message.error(translate('sales.history.exportFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} disabled={disabled} onClick={run}>
      {translate('sales.history.export')}
    </Button>
  );
}

/**
 * A customer picked by name or phone (the customer list's search; a worker without the customer right finds no
 * one and can still filter by the other fields).
 */
/** The ledgers' date range: Seoul days, both ends included, at most the ledger's days apart (docs/rules.md#money). */
export function LedgerRangePicker({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
}) {
  const translate = useTranslate();
  return (
    <DatePicker.RangePicker
      aria-label={translate('sales.history.dateRange')}
      placeholder={[translate('sales.history.dateFrom'), translate('sales.history.dateTo')]}
      format="YYYY.MM.DD"
      allowClear={false}
      value={[dayjs(from, DAY), dayjs(to, DAY)]}
      disabledDate={(current, info) =>
        info.from
          ? Math.abs(daysBetween(info.from.format(DAY), current.format(DAY))) >= LEDGER_RANGE_MAX_DAYS
          : false
      }
      onChange={(picked) => {
        if (picked?.[0] && picked[1]) onChange(picked[0].format(DAY), picked[1].format(DAY));
      }}
    />
  );
}

/** The ledgers' "who sold or took it" filter. */
export function StaffFilter({
  staff,
  value,
  onChange,
}: {
  staff: { value: number; label: string }[];
  value: number | undefined;
  onChange: (staffId: number | undefined) => void;
}) {
  const translate = useTranslate();
  return (
    <Select<number>
      allowClear
      aria-label={translate('sales.history.staff')}
      placeholder={translate('sales.history.staff')}
      value={value}
      onChange={(staffId) => onChange(staffId ?? undefined)}
      options={staff}
    />
  );
}

export function CustomerFilter({
  gymId,
  value,
  onChange,
}: {
  gymId: number;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  const translate = useTranslate();
  const [q, setQ] = useState('');
  const found = useContractList(
    customerListRoute,
    { query: { gymId, segment: 'all', q, _start: 0, _end: 20 } },
    {
      queryKey: ledgerKeys['customer-search'](gymId, q),
      enabled: gymId > 0 && q.trim().length > 0,
      meta: { silent: true },
      retry: false,
    },
  );
  const [picked, setPicked] = useState<{ value: number; label: string } | null>(null);
  const options = (found.data?.data ?? []).map((c) => ({ value: c.id, label: `${c.name} · ${c.phone}` }));
  // The chosen customer keeps its label after the search moves on.
  if (picked && value === picked.value && !options.some((o) => o.value === picked.value))
    options.unshift(picked);
  return (
    <Select<number>
      showSearch
      allowClear
      filterOption={false}
      aria-label={translate('sales.history.customer')}
      placeholder={translate('sales.history.customerSearch')}
      className="fd-ledger-filters__customer"
      value={value}
      onSearch={setQ}
      onChange={(id, option) => {
        const label = Array.isArray(option) ? undefined : (option?.label as string | undefined);
        setPicked(id && label ? { value: id, label } : null);
        onChange(id ?? undefined);
      }}
      notFoundContent={q ? translate('sales.history.noCustomer') : null}
      loading={found.isFetching}
      options={options}
    />
  );
}

/** An amount field's parser: the digits typed, or nothing (not 0) while the field is empty. */
export const parseWon = (value: string | undefined): number => {
  const digits = (value ?? '').replace(/[^\d]/g, '');
  // why: antd's InputNumber takes `undefined` back as "empty"; its parser type only says number.
  return (digits ? Number(digits) : undefined) as number;
};

/** An amount field's display: 1,000 with separators. */
export const formatAmount = (value: number | string | undefined): string =>
  value === undefined || value === null || value === '' ? '' : Number(value).toLocaleString();
