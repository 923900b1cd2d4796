import { PlusOutlined } from '@ant-design/icons';
import type { DateSelectArg, DatesSetArg } from '@fullcalendar/core';
import type FullCalendar from '@fullcalendar/react';
import { useTranslate } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Spin, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { lessonListRoute } from '#domain/api/schedule.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { useContract } from '#src/kit/contract-hooks.ts';
import { useStaffOptions } from '../customers/use-staff-options.ts';
import { type LessonDraft, LessonFormDrawer } from './lesson-form-drawer.tsx';
import { useLessonMove } from './lesson-move.tsx';
import { ScheduleCalendar } from './schedule-calendar.tsx';
import { ScheduleFilterBar } from './schedule-filters.tsx';
import { type ScheduleFilters, scheduleKeys } from './schedule-keys.ts';
import { eventOf, fromWall, rangeOf, roomsOf, wallNow } from './schedule-model.ts';
import './schedule.css';

type Filters = ScheduleFilters;

const NARROW = '(max-width: 767px)';

/** A range selected on the calendar → a new lesson's day and, within one day, its times. */
const draftOf = (arg: DateSelectArg): LessonDraft => {
  const start = fromWall(arg.start);
  if (arg.allDay) return { date: start.date };
  const end = fromWall(arg.end);
  return { date: start.date, startTime: start.time, endTime: end.date === start.date ? end.time : undefined };
};

/**
 * `/plan/schedule`: the facility's lessons by day, week or month in Seoul time (docs/rules.md#schedule), with
 * filters; staff who may change the schedule create lessons (the button, or a dragged time range) and move them
 * by dragging, confirming when customers are booked and choosing the reach of a recurring lesson's move.
 */
export function SchedulePage() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { selected, gymAuth } = useFacility();
  const gymId = selected?.id ?? 0;
  const canChange = Boolean(gymAuth?.representYn || gymAuth?.memberSettingYn);
  const staff = useStaffOptions(gymId);
  const calendarRef = useRef<FullCalendar>(null);
  const [narrowAtStart] = useState(
    () => typeof window !== 'undefined' && window.matchMedia?.(NARROW).matches,
  );
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [filters, setFilters] = useState<Filters>({});
  const [draft, setDraft] = useState<LessonDraft | null>(null);
  const [rooms, setRooms] = useState<string[]>([]);
  const [viewType, setViewType] = useState('');

  const lessons = useContract(
    lessonListRoute,
    { params: { gymId }, query: { ...range!, ...filters } },
    { queryKey: scheduleKeys.lessons(gymId, range, filters), enabled: gymId > 0 && range !== null },
  );
  const list = useMemo(() => lessons.data ?? [], [lessons.data]);

  // The room filter offers every room seen so far, so that choosing one does not empty its own options.
  useEffect(() => {
    if (!lessons.data) return;
    setRooms((known) => {
      const next = roomsOf(lessons.data, known);
      return next.length === known.length ? known : next;
    });
  }, [lessons.data]);

  const events = useMemo(() => list.map((l) => eventOf(l, canChange)), [list, canChange]);

  const { move, onChange } = useLessonMove();

  const onDatesSet = (arg: DatesSetArg) => {
    setViewType(arg.view.type);
    const next = rangeOf(arg.start, arg.end);
    setRange((prev) => (prev?.from === next.from && prev.to === next.to ? prev : next));
  };

  const onSelect = (arg: DateSelectArg) => {
    arg.view.calendar.unselect();
    setDraft(draftOf(arg));
  };

  const newLesson = () => {
    const shown = calendarRef.current?.getApi().getDate();
    setDraft({ date: fromWall(shown ?? new Date(`${wallNow()}Z`)).date });
  };

  const onCreated = () => {
    setDraft(null);
    void queryClient.invalidateQueries({ queryKey: scheduleKeys.lessons() });
  };

  const set = (patch: Filters) => setFilters((f) => ({ ...f, ...patch }));
  const filtered = Object.values(filters).some((v) => v !== undefined);
  const empty = !lessons.isFetching && lessons.isSuccess && list.length === 0;

  return (
    <div className="fd-schedule">
      <div className="fd-schedule-head">
        <Typography.Title level={2} className="fd-schedule-title">
          {translate('schedule.title')}
        </Typography.Title>
        {canChange ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={newLesson}>
            {translate('schedule.newLesson')}
          </Button>
        ) : (
          <Typography.Text type="secondary">{translate('schedule.readOnly')}</Typography.Text>
        )}
      </div>
      <ScheduleFilterBar filters={filters} staff={staff} rooms={rooms} onFilter={set} />
      <div className="fd-schedule-status" role="status" aria-live="polite">
        {lessons.isFetching
          ? translate('schedule.loading')
          : lessons.isError
            ? translate('schedule.loadFailed')
            : empty
              ? translate(filtered ? 'schedule.emptyFiltered' : 'schedule.empty')
              : null}
      </div>
      <Spin spinning={lessons.isFetching || move.isPending} delay={150}>
        <div className="fd-schedule-calendar">
          <ScheduleCalendar
            calendarRef={calendarRef}
            events={events}
            canChange={canChange}
            viewType={viewType}
            narrowAtStart={narrowAtStart}
            onDatesSet={onDatesSet}
            onSelect={onSelect}
            onChange={onChange}
          />
        </div>
      </Spin>
      {draft && (
        <LessonFormDrawer
          gymId={gymId}
          draft={draft}
          rooms={rooms}
          onClose={() => setDraft(null)}
          onCreated={onCreated}
        />
      )}
    </div>
  );
}
