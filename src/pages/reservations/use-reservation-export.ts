import { useTranslate } from '@refinedev/core';
import { App } from 'antd';
import { useState } from 'react';
import { reservationListRoute } from '#domain/api/schedule.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import { api } from '#src/providers/instances.ts';
import { saveBlob } from '../customers/download.ts';
import { CSV_MAX_ROWS, CSV_PAGE_SIZE, collectPages, reservationCsv } from './reservation-csv.ts';
import { type Filters, queryOf } from './reservation-filters.tsx';

const EXPORT_KEY = 'reservation-export';

/** The filtered reservations as a CSV, read page by page with the progress in one message. */
export const useReservationExport = (gymId: number, filters: Filters) => {
  const translate = useTranslate();
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    const query = queryOf(filters);
    const progress = (read: number, total: number) =>
      message.open({
        key: EXPORT_KEY,
        type: 'loading',
        duration: 0,
        content: translate('reservations.csv.progress', { read, total }),
      });
    progress(0, 0);
    try {
      const { rows, total, truncated } = await collectPages(
        (start, end) =>
          api.list(reservationListRoute, {
            params: { gymId },
            query: { ...query, _start: start, _end: end },
          }),
        { max: CSV_MAX_ROWS, pageSize: CSV_PAGE_SIZE, onProgress: progress },
      );
      if (rows.length === 0) {
        message.open({ key: EXPORT_KEY, type: 'info', content: translate('reservations.csv.nothing') });
        return;
      }
      saveBlob(
        new Blob([reservationCsv(rows, translate)], { type: 'text/csv;charset=utf-8' }),
        `${translate('reservations.csv.fileName')}-${seoulToday(new Date())}.csv`,
      );
      message.open(
        truncated
          ? {
              key: EXPORT_KEY,
              type: 'warning',
              duration: 8,
              content: translate('reservations.csv.truncated', { max: rows.length, total }),
            }
          : {
              key: EXPORT_KEY,
              type: 'success',
              content: translate('reservations.csv.done', { count: rows.length }),
            },
      );
    } catch {
      message.open({ key: EXPORT_KEY, type: 'error', content: translate('reservations.csv.failed') });
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportCsv };
};
