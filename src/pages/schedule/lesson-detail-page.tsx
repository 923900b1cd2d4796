import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Result, Skeleton, Space, Table, Typography } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { lessonGetRoute } from '#domain/api/schedule.ts';
import type { LessonDetail, RosterEntry } from '#domain/schemas/schedule.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { SectionCard } from '#src/components/section-card.tsx';
import { useFacility } from '#src/facility/facility-context.tsx';
import { useContract } from '#src/kit/contract-hooks.ts';
import { isHttpError, statusOf } from '#src/providers/http-error.ts';
import { canBook, isFull, rosterOrder, rowActions, seoulTime } from './lesson-detail-model.ts';
import { LessonFacts, LessonHead } from './lesson-detail-parts.tsx';
import { useRosterColumns } from './lesson-roster.tsx';
import { lessonKeys } from './schedule-keys.ts';
import { useRefreshLesson, useRosterActions } from './use-roster-actions.tsx';
import '../customers/members.css';
import './lesson-detail.css';

const LessonBookDialog = lazy(() =>
  import('./lesson-book-dialog.tsx').then((m) => ({ default: m.LessonBookDialog })),
);
const LessonCancelDialog = lazy(() =>
  import('./lesson-cancel-dialog.tsx').then((m) => ({ default: m.LessonCancelDialog })),
);

const SCHEDULE_PATH = '/plan/schedule';

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
  const lesson = useContract(
    lessonGetRoute,
    { params: { id } },
    {
      queryKey: lessonKeys.detail(id),
      enabled: validId,
      retry: false,
      placeholderData: undefined,
      meta: { silent: true },
    },
  );
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
  const now = useNow();
  const [booking, setBooking] = useState(false);
  const [cancelling, setCancelling] = useState(false);

  const refresh = useRefreshLesson();
  const { busyId, confirmAttendance, confirmCancel } = useRosterActions(l, refresh);

  const full = isFull(l);
  const bookable = canChange && canBook(l, now);
  const roster = rosterOrder(l.roster);
  const live = roster.filter((e) => e.status !== 'CANCEL').length;
  const anyEarly = canChange && roster.some((e) => rowActions(e, l, now).attendance === 'early');

  const columns = useRosterColumns({
    lesson: l,
    now,
    canChange,
    busyId,
    onAttendance: confirmAttendance,
    onCancel: confirmCancel,
  });
  return (
    <div className="fd-members-page fd-lesson-page">
      <Link to={SCHEDULE_PATH} className="fd-lesson-back">
        <ArrowLeftOutlined aria-hidden /> {translate('lessons.detail.back')}
      </Link>
      <LessonHead
        lesson={l}
        full={full}
        canChange={canChange}
        bookable={bookable}
        onBook={() => setBooking(true)}
        onCancelLesson={() => setCancelling(true)}
      />
      <LessonFacts lesson={l} />
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
