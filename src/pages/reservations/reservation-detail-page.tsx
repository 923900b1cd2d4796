import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Descriptions, Result, Skeleton, Timeline, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { reservationGetRoute } from '#domain/api/schedule.ts';
import type { ReservationDetail } from '#domain/schemas/schedule.ts';
import { useContract } from '#src/kit/contract-hooks.ts';
import { statusOf } from '#src/providers/http-error.ts';
import { seoulDateTime } from './reservation-csv.ts';
import { AttendanceTag, LateTag, StatusTag } from './reservation-labels.tsx';
import '../customers/members.css';
import { reservationKeys } from './reservation-keys.ts';
import './reservations.css';

const LIST_PATH = '/plan/reservationHistory';

/** The actions the API records (server/db/schema/reservation-event.ts); another one shows as it is. */
const knownActions = new Set([
  'BOOK',
  'WAITLIST',
  'PROMOTE',
  'CANCEL',
  'LATE_CANCEL',
  'ATTEND',
  'NOSHOW',
  'DELAY',
  'LESSON_CANCEL',
]);

/** The dot's colour follows the action; the label says it in words. */
const actionColor = (action: string): string => {
  if (action === 'CANCEL' || action === 'LATE_CANCEL' || action === 'LESSON_CANCEL' || action === 'NOSHOW')
    return 'red';
  if (action === 'ATTEND' || action === 'PROMOTE') return 'green';
  if (action === 'DELAY' || action === 'WAITLIST') return 'gray';
  return 'blue';
};

type Event = ReservationDetail['events'][number];

function EventItem({ event }: { event: Event }) {
  const translate = useTranslate();
  const label = knownActions.has(event.action)
    ? translate(`reservations.action.${event.action}`)
    : event.action;
  return (
    <>
      <Typography.Text type="secondary" className="fd-nowrap">
        <time dateTime={event.createDate}>{seoulDateTime(event.createDate)}</time>
      </Typography.Text>
      <Typography.Text strong>{label}</Typography.Text>
      <span>
        {event.fromStatus && (
          <>
            <StatusTag status={event.fromStatus} />
            <span aria-hidden="true">→ </span>
          </>
        )}
        <StatusTag status={event.toStatus} />
      </span>
      <Typography.Text>
        {event.actorName
          ? translate('reservations.detail.by', { name: event.actorName })
          : translate('reservations.detail.system')}
      </Typography.Text>
      {event.note && (
        <Typography.Text>{translate('reservations.detail.note', { note: event.note })}</Typography.Text>
      )}
    </>
  );
}

/** `/plan/reservationHistory/info?id=`: one reservation's facts and the history of its states. */
export function ReservationDetailPage() {
  const translate = useTranslate();
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const detail = useContract(
    reservationGetRoute,
    { params: { id } },
    { queryKey: reservationKeys.detail(id), enabled: valid, retry: false },
  );

  const back = (
    <Link to={LIST_PATH}>
      <ArrowLeftOutlined aria-hidden /> {translate('reservations.detail.back')}
    </Link>
  );

  if (!valid || (detail.isError && statusOf(detail.error) === 404))
    return (
      <Result
        status="404"
        title={translate('reservations.detail.notFound')}
        subTitle={translate('reservations.detail.notFoundHint')}
        extra={back}
      />
    );
  if (detail.isError)
    return <Result status="error" title={translate('reservations.detail.loadFailed')} extra={back} />;
  if (!detail.data) return <Skeleton active />;

  const r = detail.data;
  const none = translate('reservations.detail.none');
  return (
    <div className="fd-members-page fd-reservation-page">
      <div>{back}</div>
      <Typography.Title level={1} className="fd-page-title">
        {translate('reservations.detail.title')}: {r.lessonTitle} · {r.memberName}
      </Typography.Title>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        title={translate('reservations.detail.facts')}
        items={[
          {
            key: 'lesson',
            label: translate('reservations.detail.lesson'),
            children: <Link to={`/plan/schedule/lessondetail?id=${r.lessonId}`}>{r.lessonTitle}</Link>,
          },
          {
            key: 'lessonAt',
            label: translate('reservations.detail.lessonAt'),
            children: `${seoulDateTime(r.startAt)} – ${seoulDateTime(r.endAt).slice(11)}`,
          },
          {
            key: 'trainer',
            label: translate('reservations.detail.trainer'),
            children: r.trainerName ?? none,
          },
          {
            key: 'customer',
            label: translate('reservations.detail.customer'),
            children: (
              <>
                <Link to={`/memberManage/list/info?id=${r.memberId}`}>{r.memberName}</Link> ({r.phone})
              </>
            ),
          },
          {
            key: 'pass',
            label: translate('reservations.detail.pass'),
            children: <Link to={`/ticket/issueList/info?id=${r.ticketIssueId}`}>{r.ticketName}</Link>,
          },
          {
            key: 'status',
            label: translate('reservations.detail.status'),
            children: <StatusTag status={r.status} />,
          },
          {
            key: 'attendance',
            label: translate('reservations.detail.attendance'),
            children: r.attendance ? <AttendanceTag attendance={r.attendance} /> : none,
          },
          {
            key: 'late',
            label: translate('reservations.detail.late'),
            children: r.late ? <LateTag late /> : translate('enums.flag.false'),
          },
          {
            key: 'source',
            label: translate('reservations.detail.source'),
            children: translate(`reservations.source.${r.source}`),
          },
          {
            key: 'bookedAt',
            label: translate('reservations.detail.bookedAt'),
            children: seoulDateTime(r.createDate),
          },
        ]}
      />
      <Typography.Title level={2} className="fd-reservation-section">
        {translate('reservations.detail.history')}
      </Typography.Title>
      {r.events.length === 0 ? (
        <Typography.Text type="secondary">{translate('reservations.detail.historyEmpty')}</Typography.Text>
      ) : (
        <Timeline
          className="fd-reservation-timeline"
          items={r.events.map((event) => ({
            key: event.id,
            color: actionColor(event.action),
            children: <EventItem event={event} />,
          }))}
        />
      )}
    </div>
  );
}
