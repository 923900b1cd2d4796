import type {
  DateSelectArg,
  DatesSetArg,
  EventClickArg,
  EventContentArg,
  EventDropArg,
  EventInput,
  EventMountArg,
} from '@fullcalendar/core';
import koLocale from '@fullcalendar/core/locales/ko';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useTranslate } from '@refinedev/core';
import { Grid } from 'antd';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage } from '#src/i18n/options.ts';
import { lessonOf } from './lesson-move.tsx';
import { countsText, detailPath, eventLabel, eventPeople, scrollTimeFor, wallNow } from './schedule-model.ts';

/**
 * The calendar (FullCalendar in Seoul wall time): a day, a week or a month, each lesson with its people and
 * counts; staff who may change the schedule drag, resize and select a range.
 */
export function ScheduleCalendar({
  calendarRef,
  events,
  canChange,
  viewType,
  narrowAtStart,
  onDatesSet,
  onSelect,
  onChange,
}: {
  calendarRef: RefObject<FullCalendar | null>;
  events: EventInput[];
  canChange: boolean;
  viewType: string;
  narrowAtStart: boolean | undefined;
  onDatesSet: (arg: DatesSetArg) => void;
  onSelect: (arg: DateSelectArg) => void;
  onChange: (info: EventDropArg | EventResizeDoneArg) => Promise<void>;
}) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();

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

  return (
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
  );
}
