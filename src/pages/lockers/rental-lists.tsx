import { DownloadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { App, Button, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lockerRentalListRoute } from '#domain/api/locker.ts';
import { LOCKER_EXPIRING_DAYS } from '#domain/rules/locker.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { LockerRental } from '#domain/schemas/locker.ts';
import { usePhoneTable } from '#src/components/phone-table.ts';
import { useContractList } from '#src/kit/contract-hooks.ts';
import { QueryTable } from '#src/kit/query-table.tsx';
import type { Translate } from '#src/kit/translate.ts';
import { api } from '#src/providers/instances.ts';
import { saveBlob } from '../customers/download.ts';
import { formatWon } from '../customers/money.ts';
import { collectPages } from '../reservations/reservation-csv.ts';
import { lockerKeys } from './locker-api.ts';
import { daysOf, dotDate, type ListView, rentalCsv } from './locker-model.ts';

const PAGE_SIZE = 50;
const CSV_MAX_ROWS = 5_000;
const CSV_PAGE_SIZE = 500;

/** The list's columns: the locker, the customer, the end, the days left or overdue, the unpaid amount, open. */
const rentalColumns = ({
  view,
  today,
  translate,
  won,
  onOpen,
}: {
  view: ListView;
  today: string;
  translate: Translate;
  won: (n: number) => string;
  onOpen: (rental: LockerRental) => void;
}): ColumnsType<LockerRental> => {
  const daysTitle = translate(view === 'expired' ? 'lockers.lists.daysOverdue' : 'lockers.lists.daysLeft');
  return [
    {
      key: 'locker',
      title: translate('lockers.lists.locker'),
      className: 'fd-nowrap',
      render: (_, r) => <strong>{r.lockerLabel}</strong>,
    },
    {
      key: 'customer',
      title: translate('lockers.lists.customer'),
      className: 'fd-nowrap',
      render: (_, r) => (
        <>
          {r.memberName}
          <span className="fd-locker-bank-meta">{r.phone}</span>
        </>
      ),
    },
    {
      key: 'endDate',
      title: translate('lockers.lists.endDate'),
      className: 'fd-nowrap',
      render: (_, r) => dotDate(r.endDate),
    },
    {
      key: 'days',
      title: daysTitle,
      className: 'fd-nowrap',
      align: 'right',
      render: (_, r) => {
        const days = daysOf(r.endDate, today, view);
        return view === 'expiring' && days === 0 ? translate('lockers.lists.endsToday') : days;
      },
    },
    {
      key: 'unpaid',
      title: translate('lockers.lists.unpaid'),
      className: 'fd-nowrap',
      align: 'right',
      render: (_, r) => (r.unpaidAmount > 0 ? <strong>{won(r.unpaidAmount)}</strong> : won(0)),
    },
    {
      key: 'open',
      title: translate('lockers.lists.actions'),
      className: 'fd-nowrap',
      render: (_, r) => (
        <Button
          size="small"
          onClick={() => onOpen(r)}
          aria-label={translate('lockers.lists.openOf', { label: r.lockerLabel, name: r.memberName })}
        >
          {translate('lockers.lists.open')}
        </Button>
      ),
    },
  ];
};

/** The whole list as a CSV, collected page by page. */
const useRentalCsv = (gymId: number, view: ListView, today: string) => {
  const translate = useTranslate();
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const { rows } = await collectPages(
        (start, end) =>
          api.list(lockerRentalListRoute, { params: { gymId }, query: { view, _start: start, _end: end } }),
        { max: CSV_MAX_ROWS, pageSize: CSV_PAGE_SIZE },
      );
      if (rows.length === 0) {
        message.info(translate('lockers.lists.nothing'));
        return;
      }
      saveBlob(
        new Blob([rentalCsv(rows, view, today, translate)], { type: 'text/csv;charset=utf-8' }),
        `${translate(`lockers.lists.fileName.${view}`)}-${today}.csv`,
      );
      message.success(translate('lockers.lists.exported', { count: rows.length }));
    } catch {
      message.error(translate('lockers.lists.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  return { exporting, exportCsv };
};

/**
 * The rentals that end within 7 days, or that are past their end and not returned: the locker, the (masked)
 * customer, the end, the days left or overdue and what is unpaid; each opens its rental. A CSV of the whole list.
 */
export function RentalList({
  gymId,
  view,
  onOpen,
}: {
  gymId: number;
  view: ListView;
  onOpen: (rental: LockerRental) => void;
}) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const today = seoulToday(new Date());
  const won = (n: number) => formatWon(n, i18n.language);
  const list = useContractList(
    lockerRentalListRoute,
    { params: { gymId }, query: { view, _start: (page - 1) * PAGE_SIZE, _end: page * PAGE_SIZE } },
    {
      queryKey: lockerKeys.list(gymId, view, page),
      enabled: gymId > 0,
      placeholderData: (previous) => previous,
      meta: { silent: true },
    },
  );
  const { exporting, exportCsv } = useRentalCsv(gymId, view, today);

  const columns = rentalColumns({ view, today, translate, won, onOpen });
  const phone = usePhoneTable(columns, { name: 'customer', figure: 'days' }, { x: 'max-content' });
  return (
    <div className="fd-members-page">
      <div className="fd-locker-toolbar">
        <Typography.Title level={2} className="fd-locker-room-title">
          {translate(view === 'expired' ? 'lockers.lists.expiredTitle' : 'lockers.lists.expiringTitle', {
            days: LOCKER_EXPIRING_DAYS,
          })}
        </Typography.Title>
        <Button
          icon={<DownloadOutlined aria-hidden />}
          loading={exporting}
          disabled={!list.data?.total}
          onClick={() => void exportCsv()}
        >
          {translate('lockers.lists.export')}
        </Button>
      </div>
      <QueryTable<LockerRental>
        query={list}
        translate={translate}
        loadFailedKey="lockers.lists.loadFailed"
        retryKey="lockers.retry"
        columns={phone.columns}
        scroll={phone.scroll}
        showSizeChanger={false}
        currentPage={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        emptyText={translate(
          view === 'expired' ? 'lockers.lists.emptyExpired' : 'lockers.lists.emptyExpiring',
        )}
      />
    </div>
  );
}
