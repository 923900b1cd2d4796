import { useTranslate } from '@refinedev/core';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import type { Reservation } from '#domain/schemas/schedule.ts';
import { seoulDateTime } from './reservation-csv.ts';
import { AttendanceTag, LateTag, StatusTag } from './reservation-labels.tsx';

/** The reservation history's columns; the last links to the reservation's own history. */
export const useReservationColumns = (): ColumnsType<Reservation> => {
  const translate = useTranslate();
  return [
    {
      key: 'lessonAt',
      title: translate('reservations.list.lessonAt'),
      className: 'fd-nowrap',
      render: (_, r) => seoulDateTime(r.startAt),
    },
    { key: 'lessonTitle', dataIndex: 'lessonTitle', title: translate('reservations.list.lessonTitle') },
    {
      key: 'trainer',
      title: translate('reservations.list.trainer'),
      className: 'fd-nowrap',
      render: (_, r) => r.trainerName ?? '-',
    },
    {
      key: 'customer',
      title: translate('reservations.list.customer'),
      className: 'fd-nowrap',
      render: (_, r) => (
        <>
          {r.memberName}
          <span className="fd-reservation-phone">{r.phone}</span>
        </>
      ),
    },
    { key: 'pass', dataIndex: 'ticketName', title: translate('reservations.list.pass') },
    {
      key: 'status',
      title: translate('reservations.list.status'),
      className: 'fd-nowrap',
      render: (_, r) => <StatusTag status={r.status} />,
    },
    {
      key: 'attendance',
      title: translate('reservations.list.attendance'),
      className: 'fd-nowrap',
      render: (_, r) => <AttendanceTag attendance={r.attendance} />,
    },
    {
      key: 'late',
      title: translate('reservations.list.late'),
      className: 'fd-nowrap',
      render: (_, r) => <LateTag late={r.late} />,
    },
    {
      key: 'source',
      title: translate('reservations.list.source'),
      className: 'fd-nowrap',
      render: (_, r) => translate(`reservations.source.${r.source}`),
    },
    {
      key: 'bookedAt',
      title: translate('reservations.list.bookedAt'),
      className: 'fd-nowrap',
      render: (_, r) => seoulDateTime(r.createDate),
    },
    {
      key: 'history',
      title: '',
      className: 'fd-nowrap',
      render: (_, r) => (
        <Link
          to={`/plan/reservationHistory/info?id=${r.id}`}
          aria-label={translate('reservations.list.historyOf', { name: r.memberName, lesson: r.lessonTitle })}
          onClick={(event) => event.stopPropagation()}
        >
          {translate('reservations.list.history')}
        </Link>
      ),
    },
  ];
};
