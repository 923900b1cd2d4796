import { ArrowLeftOutlined, StopOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Input,
  Result,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { attendanceRoute, lessonGetRoute, reservationCancelRoute } from '#domain/api/schedule.ts';
import type { AttendanceMark, ReservationStatus } from '#domain/rules/schedule.ts';
import type { LessonDetail, RosterEntry } from '#domain/schemas/schedule.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { SectionCard } from '#src/components/section-card.tsx';
import { useFacility } from '#src/facility/facility-context.tsx';
import { isHttpError, statusOf } from '#src/providers/http-error.ts';
import { api } from '#src/providers/instances.ts';
import {
  canBook,
  holdsPlace,
  isFull,
  lessonWhen,
  rosterOrder,
  rowActions,
  seoulTime,
} from './lesson-detail-model.ts';
import '../customers/members.css';
import './lesson-detail.css';

const LessonBookDialog = lazy(() =>
  import('./lesson-book-dialog.tsx').then((m) => ({ default: m.LessonBookDialog })),
);
const LessonCancelDialog = lazy(() =>
  import('./lesson-cancel-dialog.tsx').then((m) => ({ default: m.LessonCancelDialog })),
);

const SCHEDULE_PATH = '/plan/schedule';
const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/**
 * The tags' colours, with a darker text where antd's preset text fails WCAG AA on its background. The tag always
 * carries its text: the colour is never the only sign.
 */
const STATUS_TAG: Record<ReservationStatus, { color: string; text?: string }> = {
  COMPLETE: { color: 'blue' },
  DELAY: { color: 'orange', text: '#873800' },
  WAITING: { color: 'gold', text: '#613400' },
  WAIT: { color: 'gold', text: '#613400' },
  CANCEL: { color: 'default' },
};
const ATTENDANCE_TAG: Record<AttendanceMark, { color: string; text?: string }> = {
  ATTENDED: { color: 'green', text: '#135200' },
  NOSHOW: { color: 'red' },
};

/** The current time, renewed every 30 seconds, so that attendance opens at the lesson's start without a reload. */
const useNow = (): Date => {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
};

/** `/plan/schedule/lessondetail?id=`: one lesson, its roster and waitlist, and the staff's actions (issue 13). */
export function LessonDetailPage() {
  const translate = useTranslate();
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const validId = Number.isInteger(id) && id > 0;
  const { selected, gymAuth } = useFacility();
  const gymId = selected?.id ?? 0;
  const lesson = useQuery({
    queryKey: ['lessons', 'detail', id],
    queryFn: () => api.call(lessonGetRoute, { params: { id } }),
    enabled: validId,
    retry: false,
    placeholderData: undefined,
    meta: { silent: true },
  });
  const canChange = Boolean(gymAuth?.representYn || gymAuth?.memberSettingYn);

  const notFound = (
    <Result
      status="404"
      title={translate('lessons.detail.notFound')}
      extra={<Link to={SCHEDULE_PATH}>{translate('lessons.detail.back')}</Link>}
    />
  );
  if (!validId) return notFound;
  if (lesson.isError) {
    const status = statusOf(lesson.error);
    if (status === 404 || status === 403) return notFound;
    return (
      <Result
        status="error"
        title={translate('lessons.detail.loadFailed')}
        subTitle={isHttpError(lesson.error) ? lesson.error.message : undefined}
        extra={
          <Space wrap>
            <Button type="primary" onClick={() => void lesson.refetch()}>
              {translate('lessons.detail.retry')}
            </Button>
            <Link to={SCHEDULE_PATH}>{translate('lessons.detail.back')}</Link>
          </Space>
        }
      />
    );
  }
  const l = lesson.data;
  if (!l) return <Skeleton active />;
  // A lesson of another facility than the one selected: the customer search and the rights would not match.
  if (gymId > 0 && l.gymId !== gymId) return notFound;
  return <LessonView lesson={l} gymId={gymId} canChange={canChange} />;
}

function LessonView({
  lesson: l,
  gymId,
  canChange,
}: {
  lesson: LessonDetail;
  gymId: number;
  canChange: boolean;
}) {
  const translate = useTranslate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const now = useNow();
  const [booking, setBooking] = useState(false);
  const [cancelling, setCancelling] = useState(false);

  /** After any change: this lesson, the calendar's counts, the reservation history and the passes read again. */
  const refresh = useCallback(() => {
    for (const key of ['lessons', 'schedule', 'reservations', 'passes', 'customers'])
      void queryClient.invalidateQueries({ queryKey: [key] });
  }, [queryClient]);
  const failed = (error: unknown) =>
    message.error(isHttpError(error) ? error.message : translate('errors.UNKNOWN'));

  const attendance = useMutation({
    meta: { silent: true },
    mutationFn: (v: { id: number; mark: AttendanceMark }) =>
      api.call(attendanceRoute, { params: { id: v.id }, body: { mark: v.mark } }),
    onSuccess: (_, v) => {
      message.success(
        translate(v.mark === 'ATTENDED' ? 'lessons.action.attendedDone' : 'lessons.action.noShowDone'),
      );
      refresh();
    },
    onError: failed,
  });
  const cancelBooking = useMutation({
    meta: { silent: true },
    mutationFn: (v: { id: number; note: string }) =>
      api.call(reservationCancelRoute, { params: { id: v.id }, body: v.note ? { note: v.note } : {} }),
    onSuccess: () => {
      message.success(translate('lessons.action.cancelDone'));
      refresh();
    },
    onError: failed,
  });

  const open = l.status === 'OPEN';
  const full = isFull(l);
  const bookable = canChange && canBook(l, now);
  const roster = rosterOrder(l.roster);
  const live = roster.filter((e) => e.status !== 'CANCEL').length;
  const anyEarly = canChange && roster.some((e) => rowActions(e, l, now).attendance === 'early');
  const busyId =
    (attendance.isPending ? attendance.variables?.id : undefined) ??
    (cancelBooking.isPending ? cancelBooking.variables?.id : undefined);

  const confirmAttendance = (e: RosterEntry, mark: AttendanceMark) => {
    const attended = mark === 'ATTENDED';
    modal.confirm({
      title: translate(attended ? 'lessons.action.attendedTitle' : 'lessons.action.noShowTitle', {
        name: e.name,
      }),
      content: attended
        ? translate('lessons.action.attendedHelp')
        : translate(l.noShowUsesSession ? 'lessons.action.noShowUses' : 'lessons.action.noShowFree'),
      okText: translate(attended ? 'lessons.action.attended' : 'lessons.action.noShow'),
      okButtonProps: attended ? undefined : { danger: true },
      cancelText: translate('lessons.action.back'),
      onOk: () => attendance.mutateAsync({ id: e.id, mark }).catch(() => undefined),
    });
  };

  const confirmCancel = (e: RosterEntry) => {
    const place = holdsPlace(e);
    let note = '';
    const help: ReactNode[] = place
      ? [
          translate(
            l.lateCancelUsesSession ? 'lessons.action.cancelLateUses' : 'lessons.action.cancelLateFree',
          ),
          l.waiting > 0 ? translate('lessons.action.cancelPromotes') : null,
        ]
      : [translate('lessons.action.leaveHelp')];
    modal.confirm({
      title: translate(place ? 'lessons.action.cancelTitle' : 'lessons.action.leaveTitle', { name: e.name }),
      content: (
        <Space direction="vertical" className="fd-lesson-confirm">
          {help.filter(Boolean).map((text) => (
            <Typography.Paragraph key={String(text)} className="fd-lesson-confirm-text">
              {text}
            </Typography.Paragraph>
          ))}
          <Input.TextArea
            aria-label={translate('lessons.action.note')}
            placeholder={translate('lessons.action.note')}
            rows={2}
            maxLength={200}
            onChange={(event) => {
              note = event.target.value;
            }}
          />
        </Space>
      ),
      okText: translate(place ? 'lessons.action.cancel' : 'lessons.action.leaveWaitlist'),
      okButtonProps: { danger: true },
      cancelText: translate('lessons.action.back'),
      onOk: () => cancelBooking.mutateAsync({ id: e.id, note: note.trim() }).catch(() => undefined),
    });
  };

  const statusTag = (e: RosterEntry) => {
    const tag = STATUS_TAG[e.status];
    return (
      <Space size={4} wrap>
        <Tag color={tag.color} style={{ color: tag.text }}>
          {translate(`lessons.status.${e.status}`, { position: e.waitPosition ?? '' }).trim()}
        </Tag>
        {e.late && <Tag>{translate('lessons.roster.late')}</Tag>}
      </Space>
    );
  };

  const columns: ColumnsType<RosterEntry> = [
    {
      key: 'name',
      title: translate('lessons.roster.name'),
      className: 'fd-nowrap',
      render: (_, e) => <Link to={`/memberManage/list/info?id=${e.memberId}`}>{e.name}</Link>,
    },
    {
      key: 'phone',
      title: translate('lessons.roster.phone'),
      className: 'fd-nowrap',
      render: (_, e) => e.phone,
    },
    {
      key: 'pass',
      title: translate('lessons.roster.pass'),
      render: (_, e) => (
        <>
          <span className="fd-lesson-pass">{e.ticketName}</span>
          <Typography.Text type="secondary" className="fd-lesson-sessions">
            {e.sessionsLeft === null
              ? translate('lessons.roster.periodPass')
              : translate('lessons.roster.sessionsLeft', { left: e.sessionsLeft })}
          </Typography.Text>
        </>
      ),
    },
    { key: 'status', title: translate('lessons.roster.status'), render: (_, e) => statusTag(e) },
    {
      key: 'attendance',
      title: translate('lessons.roster.attendance'),
      render: (_, e) => {
        if (e.attendance) {
          const tag = ATTENDANCE_TAG[e.attendance];
          return (
            <Tag color={tag.color} style={{ color: tag.text }}>
              {translate(`lessons.attendance.${e.attendance}`)}
            </Tag>
          );
        }
        return holdsPlace(e) ? (
          <Typography.Text type="secondary">{translate('lessons.roster.notMarked')}</Typography.Text>
        ) : null;
      },
    },
    ...(canChange
      ? [
          {
            key: 'actions',
            title: translate('lessons.roster.actions'),
            render: (_: unknown, e: RosterEntry) => {
              const can = rowActions(e, l, now);
              const busy = busyId === e.id;
              return (
                <Space size={4} wrap className="fd-lesson-actions">
                  {can.attendance && (
                    <>
                      <Button
                        size="small"
                        disabled={can.attendance === 'early' || busy}
                        onClick={() => confirmAttendance(e, 'ATTENDED')}
                      >
                        {translate('lessons.action.attended')}
                      </Button>
                      <Button
                        size="small"
                        disabled={can.attendance === 'early' || busy}
                        onClick={() => confirmAttendance(e, 'NOSHOW')}
                      >
                        {translate('lessons.action.noShow')}
                      </Button>
                    </>
                  )}
                  {can.cancel && (
                    <Button size="small" danger disabled={busy} onClick={() => confirmCancel(e)}>
                      {translate(holdsPlace(e) ? 'lessons.action.cancel' : 'lessons.action.leaveWaitlist')}
                    </Button>
                  )}
                </Space>
              );
            },
          },
        ]
      : []),
    {
      key: 'history',
      title: translate('lessons.roster.history'),
      className: 'fd-nowrap',
      render: (_, e) => (
        <Link
          to={`/plan/reservationHistory/info?id=${e.id}`}
          aria-label={translate('lessons.roster.historyOf', { name: e.name })}
        >
          {translate('lessons.roster.history')}
        </Link>
      ),
    },
  ];

  const notSet = translate('lessons.detail.notSet');
  return (
    <div className="fd-members-page fd-lesson-page">
      <Link to={SCHEDULE_PATH} className="fd-lesson-back">
        <ArrowLeftOutlined aria-hidden /> {translate('lessons.detail.back')}
      </Link>
      <div className="fd-members-head">
        <Space wrap align="center">
          <Typography.Title level={1} className="fd-page-title fd-lesson-title">
            {l.title}
          </Typography.Title>
          <Tag color={open ? 'blue' : 'red'}>{translate(`lessons.lessonStatus.${l.status}`)}</Tag>
          {open && full && <Tag>{translate('lessons.detail.full')}</Tag>}
        </Space>
        {canChange && open && (
          <Space wrap>
            {bookable && (
              <Button type="primary" icon={<UserAddOutlined aria-hidden />} onClick={() => setBooking(true)}>
                {translate(full ? 'lessons.book.openWaitlist' : 'lessons.book.open')}
              </Button>
            )}
            <Button danger icon={<StopOutlined aria-hidden />} onClick={() => setCancelling(true)}>
              {translate('lessons.cancelLesson.open')}
            </Button>
          </Space>
        )}
      </div>
      {!open && (
        <Alert
          type="warning"
          showIcon
          message={translate('lessons.detail.cancelled')}
          description={
            l.cancelReason ? translate('lessons.detail.cancelReason', { reason: l.cancelReason }) : null
          }
        />
      )}
      <SectionCard title={translate('lessons.detail.details')}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={translate('lessons.detail.when')}>
            <span className="fd-nowrap">
              {lessonWhen(
                l.startAt,
                l.endAt,
                WEEKDAYS.map((d) => translate(`schedule.weekdays.${d}`)),
              )}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={translate('lessons.detail.trainer')}>
            {l.trainerName ?? notSet}
          </Descriptions.Item>
          <Descriptions.Item label={translate('lessons.detail.room')}>{l.room || notSet}</Descriptions.Item>
          <Descriptions.Item label={translate('lessons.detail.type')}>
            {translate(`schedule.lessonType.${l.lessonType}`)}
            {l.seriesId !== null && (
              <Tag className="fd-lesson-series">{translate('lessons.detail.recurring')}</Tag>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={translate('lessons.detail.booked')}>
            {translate('lessons.detail.bookedValue', { booked: l.booked, capacity: l.capacity })}
          </Descriptions.Item>
          <Descriptions.Item label={translate('lessons.detail.waiting')}>{l.waiting}</Descriptions.Item>
          <Descriptions.Item label={translate('lessons.detail.status')}>
            {translate(`lessons.lessonStatus.${l.status}`)}
          </Descriptions.Item>
        </Descriptions>
      </SectionCard>
      <SectionCard title={translate('lessons.roster.title')}>
        {anyEarly && (
          <Typography.Paragraph type="secondary">
            {translate('lessons.roster.attendanceFrom', { time: seoulTime(l.startAt) })}
          </Typography.Paragraph>
        )}
        <Table<RosterEntry>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={roster}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
          locale={{ emptyText: <EmptyText>{translate('lessons.roster.empty')}</EmptyText> }}
        />
      </SectionCard>
      <Suspense fallback={null}>
        {booking && (
          <LessonBookDialog
            gymId={gymId}
            lessonId={l.id}
            full={full}
            onClose={() => setBooking(false)}
            onBooked={() => {
              setBooking(false);
              refresh();
            }}
          />
        )}
        {cancelling && (
          <LessonCancelDialog
            lessonId={l.id}
            recurring={l.seriesId !== null}
            liveReservations={live}
            onClose={() => setCancelling(false)}
            onCancelled={() => {
              setCancelling(false);
              refresh();
            }}
          />
        )}
      </Suspense>
    </div>
  );
}
