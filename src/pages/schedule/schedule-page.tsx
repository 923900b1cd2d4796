import { PlusOutlined } from '@ant-design/icons';
import type {
  DateSelectArg,
  DatesSetArg,
  EventClickArg,
  EventContentArg,
  EventDropArg,
  EventMountArg,
} from '@fullcalendar/core';
import koLocale from '@fullcalendar/core/locales/ko';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useTranslate } from '@refinedev/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Grid, Radio, Select, Space, Spin, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { lessonListRoute, lessonUpdateRoute } from '#domain/api/schedule.ts';
import { type EditScope, editScopes, type LessonType, lessonTypes } from '#domain/rules/schedule.ts';
import type { Lesson, LessonUpdate } from '#domain/schemas/schedule.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { currentLanguage } from '#src/i18n/options.ts';
import { isHttpError } from '#src/providers/http-error.ts';
import { api } from '#src/providers/instances.ts';
import { useStaffOptions } from '../customers/use-staff-options.ts';
import { type LessonDraft, LessonFormDrawer } from './lesson-form-drawer.tsx';
import {
  countsText,
  detailPath,
  eventLabel,
  eventOf,
  eventPeople,
  fromWall,
  type Move,
  moveBody,
  moveOf,
  rangeOf,
  roomsOf,
  scrollTimeFor,
  wallNow,
} from './schedule-model.ts';
import './schedule.css';

type Filters = { trainerMemberId?: number; room?: string; lessonType?: LessonType };

const NARROW = '(max-width: 767px)';
const lessonOf = (event: { extendedProps: Record<string, unknown> }) => event.extendedProps.lesson as Lesson;

/**
 * `/plan/schedule`: the facility's lessons by day, week or month in Seoul time (docs/rules.md#schedule), with
 * filters; staff who may change the schedule create lessons (the button, or a dragged time range) and move them
 * by dragging, confirming when customers are booked and choosing the reach of a recurring lesson's move.
 */
export function SchedulePage() {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const screens = Grid.useBreakpoint();
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

  const lessons = useQuery({
    queryKey: ['schedule', 'lessons', gymId, range, filters],
    queryFn: () => api.call(lessonListRoute, { params: { gymId }, query: { ...range!, ...filters } }),
    enabled: gymId > 0 && range !== null,
  });
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

  const move = useMutation({
    meta: { silent: true },
    mutationFn: ({ id, body }: { id: number; body: LessonUpdate }) =>
      api.call(lessonUpdateRoute, { params: { id }, body }),
  });

  const errorText = (error: unknown): string => {
    if (!isHttpError(error)) return translate('errors.UNKNOWN');
    const fields = Object.values(error.errors ?? {}).flatMap((v) =>
      Array.isArray(v) ? v : typeof v === 'string' ? [v] : [],
    );
    return fields.length > 0 ? `${error.message} ${fields.join(' ')}` : error.message;
  };

  /** "N booked customers…" and, for a recurring lesson, "this one / this and following / all". */
  const askMove = async (lesson: Lesson, next: Move): Promise<EditScope | null> => {
    const series = lesson.seriesId !== null;
    if (!series && lesson.booked === 0) return 'ONE';
    let scope: EditScope = 'ONE';
    const confirmed = await modal.confirm({
      title: translate('schedule.move.title', { title: lesson.title }),
      content: (
        <Space direction="vertical" size="middle" className="fd-schedule-move">
          <Typography.Text>
            {translate('schedule.move.to', {
              date: next.date,
              start: next.startTime,
              end: next.endTime,
            })}
          </Typography.Text>
          {lesson.booked > 0 && (
            <Alert
              type="warning"
              showIcon
              message={translate('schedule.move.booked', { count: lesson.booked })}
            />
          )}
          {series && (
            <Radio.Group
              defaultValue="ONE"
              aria-label={translate('schedule.move.scope')}
              onChange={(e) => {
                scope = e.target.value as EditScope;
              }}
            >
              <Space direction="vertical">
                {editScopes.map((s) => (
                  <Radio key={s} value={s}>
                    {translate(`schedule.move.scopes.${s}`)}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          )}
          {series && next.dayChanged && (
            <Typography.Text type="secondary">{translate('schedule.move.dayOnlyForOne')}</Typography.Text>
          )}
        </Space>
      ),
      okText: translate('schedule.move.ok'),
      cancelText: translate('buttons.cancel'),
    });
    return confirmed ? scope : null;
  };

  const onChange = async (info: EventDropArg | EventResizeDoneArg) => {
    const lesson = lessonOf(info.event);
    const next = moveOf(lesson, info.event.start, info.event.end);
    if (!next) {
      info.revert();
      message.error(translate('schedule.move.sameDay'));
      return;
    }
    const scope = await askMove(lesson, next);
    if (!scope) {
      info.revert();
      return;
    }
    try {
      const result = await move.mutateAsync({ id: lesson.id, body: moveBody(next, scope) });
      message.success(
        result.delayed > 0
          ? translate('schedule.move.doneDelayed', { count: result.delayed })
          : translate('schedule.move.done'),
      );
    } catch (error) {
      info.revert();
      message.error(errorText(error));
    } finally {
      void queryClient.invalidateQueries({ queryKey: ['schedule', 'lessons'] });
    }
  };

  const onDatesSet = (arg: DatesSetArg) => {
    setViewType(arg.view.type);
    const next = rangeOf(arg.start, arg.end);
    setRange((prev) => (prev?.from === next.from && prev.to === next.to ? prev : next));
  };

  const onSelect = (arg: DateSelectArg) => {
    arg.view.calendar.unselect();
    const start = fromWall(arg.start);
    if (arg.allDay) {
      setDraft({ date: start.date });
      return;
    }
    const end = fromWall(arg.end);
    setDraft({
      date: start.date,
      startTime: start.time,
      endTime: end.date === start.date ? end.time : undefined,
    });
  };

  const newLesson = () => {
    const shown = calendarRef.current?.getApi().getDate();
    setDraft({ date: fromWall(shown ?? new Date(`${wallNow()}Z`)).date });
  };

  const onCreated = () => {
    setDraft(null);
    void queryClient.invalidateQueries({ queryKey: ['schedule', 'lessons'] });
  };

  const renderEvent = (arg: EventContentArg) => {
    const lesson = lessonOf(arg.event);
    const people = eventPeople(lesson);
    return (
      <div className="fd-lesson-body">
        <div className="fd-lesson-head">
          {arg.timeText && <span className="fd-lesson-time">{arg.timeText}</span>}
          <span className="fd-lesson-title">{lesson.title}</span>
        </div>
        {people && <div className="fd-lesson-people">{people}</div>}
        <div className="fd-lesson-counts">
          {lesson.status === 'CANCEL' ? translate('schedule.event.cancelled') : countsText(lesson, translate)}
        </div>
      </div>
    );
  };

  const onEventMount = (arg: EventMountArg) => {
    const label = eventLabel(lessonOf(arg.event), translate);
    arg.el.setAttribute('aria-label', label);
    arg.el.setAttribute('title', label);
  };

  const onEventClick = (arg: EventClickArg) => {
    arg.jsEvent.preventDefault();
    navigate(detailPath(lessonOf(arg.event).id));
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
      <div className="fd-schedule-filters">
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={translate('schedule.filters.trainer')}
          placeholder={translate('schedule.filters.trainer')}
          className="fd-schedule-filter"
          value={filters.trainerMemberId}
          onChange={(value) => set({ trainerMemberId: value ?? undefined })}
          options={staff}
        />
        <Select
          allowClear
          showSearch
          aria-label={translate('schedule.filters.room')}
          placeholder={translate('schedule.filters.room')}
          className="fd-schedule-filter"
          value={filters.room}
          onChange={(value) => set({ room: value ?? undefined })}
          options={rooms.map((room) => ({ value: room, label: room }))}
          notFoundContent={translate('schedule.filters.noRooms')}
        />
        <Select
          allowClear
          aria-label={translate('schedule.filters.lessonType')}
          placeholder={translate('schedule.filters.lessonType')}
          className="fd-schedule-filter"
          value={filters.lessonType}
          onChange={(value) => set({ lessonType: value ?? undefined })}
          options={lessonTypes.map((type) => ({
            value: type,
            label: translate(`schedule.lessonType.${type}`),
          }))}
        />
      </div>
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
          <FullCalendar
            ref={calendarRef}
            plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
            initialView={narrowAtStart ? 'timeGridDay' : 'timeGridWeek'}
            headerToolbar={{
              left: 'prev,next today',
              center: 'title',
              right: 'timeGridDay,timeGridWeek,dayGridMonth',
            }}
            // Text arrows instead of FullCalendar's icon font: its icons are role="img" without a name (axe
            // role-img-alt); the hints below name the buttons.
            buttonIcons={false}
            buttonText={{
              prev: '‹',
              next: '›',
              today: translate('schedule.calendar.today'),
              day: translate('schedule.calendar.day'),
              week: translate('schedule.calendar.week'),
              month: translate('schedule.calendar.month'),
            }}
            buttonHints={{
              prev: translate('schedule.calendar.prev'),
              next: translate('schedule.calendar.next'),
              today: translate('schedule.calendar.todayHint'),
            }}
            locales={[koLocale]}
            locale={language}
            // The Seoul wall clock is handed over as UTC (schedule-model.ts): no time-zone plugin needed.
            timeZone="UTC"
            now={wallNow}
            firstDay={0}
            // A month grows with its lessons (three a day, then "+N"); a day or a week scrolls inside.
            height={viewType === 'dayGridMonth' ? 'auto' : screens.md ? 760 : 620}
            allDaySlot={false}
            slotDuration="00:30:00"
            scrollTime={scrollTimeFor()}
            nowIndicator
            dayMaxEvents={3}
            eventDisplay="block"
            slotLabelFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
            eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
            events={events}
            eventContent={renderEvent}
            eventDidMount={onEventMount}
            eventClick={onEventClick}
            datesSet={onDatesSet}
            editable={canChange}
            eventStartEditable={canChange}
            eventDurationEditable={canChange}
            selectable={canChange}
            selectMirror
            select={onSelect}
            eventDrop={(info) => void onChange(info)}
            eventResize={(info) => void onChange(info)}
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
