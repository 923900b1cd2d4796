import {
  CalendarOutlined,
  CheckCircleOutlined,
  ClockCircleOutlined,
  HourglassOutlined,
  LockOutlined,
} from '@ant-design/icons';
import { Alert, Button, Result, Skeleton, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { SelfBooking } from '#domain/schemas/schedule.ts';
import { statusOf } from '#src/providers/http-error.ts';
import { LanguageSwitch } from '#src/shell/language-switch.tsx';
import {
  bookingCancel,
  groupLessonsByDay,
  isFull,
  type LessonState,
  lessonState,
  type SelfBookingEntry,
  type SelfLesson,
  type SelfPass,
  seoulMoment,
  sortBookings,
  tokenOf,
} from './self-booking-model.ts';
import { dateTimeText, dayText, isoDateText, rulesText } from './self-booking-texts.ts';
import { type Problem, useSelfBooking } from './use-self-booking.ts';
import './self-booking.css';

// `/reservation/req?token=…`: the customer's own booking page (docs/rules.md#self-booking). No session and no
// staff data: every call carries the link's token in `x-booking-token`. The typed client's failures reach only
// this page (no global 401 redirect: that is Refine's auth provider, which only its own data hooks call), and
// the queries are silent, so the page shows its own states.

/** How often "now" moves on, so that a cancel button turns into the late note without a reload. */
const TICK_MS = 30_000;

const useNow = (): Date => {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
};

export function SelfBookingPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const token = tokenOf(search);
  const now = useNow();
  const { view, book, cancel, confirmCancel, problem, expired } = useSelfBooking(token);

  const unauthorized = token === null || expired || statusOf(view.error) === 401;
  if (unauthorized)
    return (
      <Shell>
        <Result
          status="warning"
          title={<h1 className="fd-self-result-title">{t('selfBooking.expired.title')}</h1>}
          subTitle={t('selfBooking.expired.body')}
        />
      </Shell>
    );
  if (view.isError && !view.data)
    return (
      <Shell>
        <Result
          status="error"
          title={<h1 className="fd-self-result-title">{t('selfBooking.failed.title')}</h1>}
          subTitle={t('selfBooking.failed.body')}
          extra={
            <Button type="primary" size="large" loading={view.isFetching} onClick={() => void view.refetch()}>
              {t('selfBooking.failed.retry')}
            </Button>
          }
        />
      </Shell>
    );
  const data = view.data;
  if (!data)
    return (
      <Shell>
        <div role="status" aria-live="polite" className="fd-self-loading">
          <span className="fd-self-visually-hidden">{t('selfBooking.loading')}</span>
          <Skeleton active title paragraph={{ rows: 2 }} />
          <Skeleton active paragraph={{ rows: 4 }} />
        </div>
      </Shell>
    );

  const pendingLesson = book.isPending ? book.variables?.id : undefined;
  const pendingBooking = cancel.isPending ? cancel.variables?.id : undefined;

  return (
    <Shell busy={view.isFetching}>
      <header className="fd-self-head">
        <p className="fd-self-eyebrow">{t('selfBooking.pageTitle')}</p>
        <h1 className="fd-self-gym">{data.gymName}</h1>
        <p className="fd-self-hello">{t('selfBooking.hello', { name: data.memberName })}</p>
        <Passes passes={data.passes} t={t} />
      </header>

      <section className="fd-self-section" aria-labelledby="fd-self-bookings">
        <h2 id="fd-self-bookings" className="fd-self-h2">
          {t('selfBooking.bookings.title')}
        </h2>
        {data.bookings.length === 0 ? (
          <p className="fd-self-muted">{t('selfBooking.bookings.empty')}</p>
        ) : (
          <ul className="fd-self-list">
            {sortBookings(data.bookings).map((b) => (
              <BookingItem
                key={b.id}
                booking={b}
                now={now}
                t={t}
                pending={pendingBooking === b.id}
                disabled={cancel.isPending || book.isPending}
                problem={problem?.key === `booking-${b.id}` ? problem.text : null}
                onCancel={() => confirmCancel(b)}
              />
            ))}
          </ul>
        )}
      </section>

      <section className="fd-self-section" aria-labelledby="fd-self-lessons">
        <h2 id="fd-self-lessons" className="fd-self-h2">
          {t('selfBooking.lessons.title')}
        </h2>
        <Lessons
          data={data}
          now={now}
          t={t}
          pendingLesson={pendingLesson}
          disabled={cancel.isPending || book.isPending}
          problem={problem}
          onBook={(lesson) => book.mutate(lesson)}
        />
      </section>

      <section className="fd-self-section" aria-labelledby="fd-self-rules">
        <h2 id="fd-self-rules" className="fd-self-h2">
          {t('selfBooking.rules.title')}
        </h2>
        <p className="fd-self-rules">{rulesText(t, data.settings).join(' ')}</p>
      </section>
    </Shell>
  );
}

/** The page's frame: the language switch on top, one column of 360 px and up. */
function Shell({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <main className="fd-self" aria-busy={busy}>
      <div className="fd-self-top">
        <LanguageSwitch />
      </div>
      {children}
    </main>
  );
}

function Passes({ passes, t }: { passes: SelfPass[]; t: TFunction }) {
  return (
    <section className="fd-self-passes" aria-labelledby="fd-self-passes-title">
      <h2 id="fd-self-passes-title" className="fd-self-h2 fd-self-h2-small">
        {t('selfBooking.passes.title')}
      </h2>
      {passes.length === 0 ? (
        <p className="fd-self-muted">{t('selfBooking.passes.none')}</p>
      ) : (
        <ul className="fd-self-pass-list">
          {passes.map((p) => (
            <li key={p.id} className="fd-self-pass">
              <span className="fd-self-pass-name">{p.name}</span>
              <span className="fd-self-muted">
                {p.sessionsLeft === null
                  ? t('selfBooking.passes.unlimited')
                  : t('selfBooking.passes.sessionsLeft', { count: p.sessionsLeft })}
                {' · '}
                {p.endDate
                  ? t('selfBooking.passes.until', { date: isoDateText(t, p.endDate) })
                  : t('selfBooking.passes.noEnd')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A booking's state as words and an icon, never by colour alone. */
function StatusTag({ booking, t }: { booking: SelfBookingEntry; t: TFunction }) {
  if (booking.status === 'WAITING')
    return (
      <Tag icon={<HourglassOutlined aria-hidden />} color="gold" className="fd-self-tag">
        {booking.waitPosition
          ? t('selfBooking.status.WAITING', { position: booking.waitPosition })
          : t('selfBooking.status.waitingNoPosition')}
      </Tag>
    );
  if (booking.status === 'DELAY')
    return (
      <Tag icon={<ClockCircleOutlined aria-hidden />} color="orange" className="fd-self-tag">
        {t('selfBooking.status.DELAY')}
      </Tag>
    );
  return (
    <Tag icon={<CheckCircleOutlined aria-hidden />} color="green" className="fd-self-tag">
      {t('selfBooking.status.COMPLETE')}
    </Tag>
  );
}

function BookingItem({
  booking,
  now,
  t,
  pending,
  disabled,
  problem,
  onCancel,
}: {
  booking: SelfBookingEntry;
  now: Date;
  t: TFunction;
  pending: boolean;
  disabled: boolean;
  problem: string | null;
  onCancel: () => void;
}) {
  const when = dateTimeText(t, seoulMoment(booking.startAt));
  const action = bookingCancel(booking, now);
  return (
    <li className="fd-self-card">
      <div className="fd-self-card-main">
        <p className="fd-self-when">
          <CalendarOutlined aria-hidden /> {when}
        </p>
        <h3 className="fd-self-title">{booking.lessonTitle}</h3>
        <StatusTag booking={booking} t={t} />
      </div>
      {action.kind === 'late' ? (
        <p className="fd-self-note">
          <LockOutlined aria-hidden /> {t('selfBooking.bookings.late')}
        </p>
      ) : (
        <div className="fd-self-card-action">
          <p className="fd-self-muted">
            {action.kind === 'leaveWaitlist'
              ? t('selfBooking.bookings.waitingNote')
              : t('selfBooking.bookings.freeUntil', {
                  when: dateTimeText(t, seoulMoment(booking.freeCancelUntil)),
                })}
          </p>
          <Button
            size="large"
            danger
            block
            className="fd-self-button"
            loading={pending}
            disabled={disabled && !pending}
            aria-label={t(
              action.kind === 'leaveWaitlist'
                ? 'selfBooking.bookings.leaveLabel'
                : 'selfBooking.bookings.cancelLabel',
              { title: booking.lessonTitle, when },
            )}
            onClick={onCancel}
          >
            {t(
              action.kind === 'leaveWaitlist'
                ? 'selfBooking.bookings.leaveWaitlist'
                : 'selfBooking.bookings.cancel',
            )}
          </Button>
        </div>
      )}
      {problem && <Alert type="error" showIcon message={problem} className="fd-self-problem" />}
    </li>
  );
}

function Lessons({
  data,
  now,
  t,
  pendingLesson,
  disabled,
  problem,
  onBook,
}: {
  data: SelfBooking;
  now: Date;
  t: TFunction;
  pendingLesson: number | undefined;
  disabled: boolean;
  problem: Problem | null;
  onBook: (lesson: SelfLesson) => void;
}) {
  const days = groupLessonsByDay(data.lessons, now);
  if (days.length === 0) return <p className="fd-self-muted">{t('selfBooking.lessons.empty')}</p>;
  return (
    <>
      {days.map((day) => (
        <div key={day.date} className="fd-self-day">
          <h3 className="fd-self-h3 fd-self-day-title">
            {day.offset === 0 && <span>{t('selfBooking.days.today')} · </span>}
            {day.offset === 1 && <span>{t('selfBooking.days.tomorrow')} · </span>}
            {dayText(t, day)}
          </h3>
          <ul className="fd-self-list">
            {day.lessons.map((lesson) => (
              <LessonItem
                key={lesson.id}
                lesson={lesson}
                state={lessonState(lesson, data, now)}
                max={data.settings.maxActiveBookings}
                t={t}
                pending={pendingLesson === lesson.id}
                disabled={disabled}
                problem={problem?.key === `lesson-${lesson.id}` ? problem.text : null}
                onBook={() => onBook(lesson)}
              />
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

/** The disabled button's reason, shown as its text. */
const reasonText = (t: TFunction, state: LessonState, max: number): string => {
  switch (state.kind) {
    case 'notOpen':
      return t('selfBooking.reasons.notOpen');
    case 'closed':
      return t('selfBooking.reasons.closed');
    case 'waitlistClosed':
      return t('selfBooking.reasons.waitlistClosed');
    case 'limit':
      return t('selfBooking.reasons.limit', { max });
    case 'noPass':
      return t('selfBooking.reasons.noPass');
    default:
      return t('selfBooking.reasons.unavailable');
  }
};

function LessonItem({
  lesson,
  state,
  max,
  t,
  pending,
  disabled,
  problem,
  onBook,
}: {
  lesson: SelfLesson;
  state: LessonState;
  max: number;
  t: TFunction;
  pending: boolean;
  disabled: boolean;
  problem: string | null;
  onBook: () => void;
}) {
  const start = seoulMoment(lesson.startAt);
  const when = dateTimeText(t, start);
  const full = isFull(lesson);
  const details = [lesson.trainerName, lesson.room].filter(Boolean).join(' · ');
  return (
    <li className="fd-self-card">
      <div className="fd-self-card-main">
        <p className="fd-self-when">
          <ClockCircleOutlined aria-hidden />{' '}
          {t('selfBooking.format.timeRange', {
            start: start.time,
            end: seoulMoment(lesson.endAt).time,
          })}
          <span className="fd-self-type">{t(`schedule.lessonType.${lesson.lessonType}`)}</span>
        </p>
        <h4 className="fd-self-title">{lesson.title}</h4>
        {details && <p className="fd-self-muted">{details}</p>}
        <p className="fd-self-count">
          {full
            ? lesson.waiting > 0
              ? t('selfBooking.lessons.fullWaiting', { waiting: lesson.waiting })
              : t('selfBooking.lessons.full')
            : t('selfBooking.lessons.counts', { booked: lesson.booked, capacity: lesson.capacity })}
        </p>
      </div>
      <div className="fd-self-card-action">
        {state.kind === 'mine' ? (
          <>
            <StatusTag booking={state.booking} t={t} />
            <p className="fd-self-muted">{t('selfBooking.lessons.mine')}</p>
          </>
        ) : state.kind === 'book' || state.kind === 'waitlist' ? (
          <Button
            size="large"
            type={state.kind === 'book' ? 'primary' : 'default'}
            block
            className="fd-self-button"
            loading={pending}
            disabled={disabled && !pending}
            aria-label={t(
              state.kind === 'book' ? 'selfBooking.lessons.bookLabel' : 'selfBooking.lessons.waitlistLabel',
              { title: lesson.title, when },
            )}
            onClick={onBook}
          >
            {t(state.kind === 'book' ? 'selfBooking.lessons.book' : 'selfBooking.lessons.waitlist')}
          </Button>
        ) : (
          <Button size="large" block disabled className="fd-self-button">
            {reasonText(t, state, max)}
          </Button>
        )}
      </div>
      {problem && <Alert type="error" showIcon message={problem} className="fd-self-problem" />}
    </li>
  );
}
