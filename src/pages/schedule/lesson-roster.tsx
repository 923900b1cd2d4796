import { useTranslate } from '@refinedev/core';
import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import type { AttendanceMark, ReservationStatus } from '#domain/rules/schedule.ts';
import type { LessonDetail, RosterEntry } from '#domain/schemas/schedule.ts';
import { holdsPlace, rowActions } from './lesson-detail-model.ts';

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

/** A reservation's state, with "late" when it was cancelled late. */
function StatusCell({ entry: e }: { entry: RosterEntry }) {
  const translate = useTranslate();
  const tag = STATUS_TAG[e.status];
  return (
    <Space size={4} wrap>
      <Tag color={tag.color} style={{ color: tag.text }}>
        {translate(`lessons.status.${e.status}`, { position: e.waitPosition ?? '' }).trim()}
      </Tag>
      {e.late && <Tag>{translate('lessons.roster.late')}</Tag>}
    </Space>
  );
}

/** A row's attendance (from the lesson's start) and cancel or leave-the-waitlist buttons. */
function RosterActions({
  entry: e,
  lesson: l,
  now,
  busy,
  onAttendance,
  onCancel,
}: {
  entry: RosterEntry;
  lesson: LessonDetail;
  now: Date;
  busy: boolean;
  onAttendance: (entry: RosterEntry, mark: AttendanceMark) => void;
  onCancel: (entry: RosterEntry) => void;
}) {
  const translate = useTranslate();
  const can = rowActions(e, l, now);
  return (
    <Space size={4} wrap className="fd-lesson-actions">
      {can.attendance && (
        <>
          <Button
            size="small"
            disabled={can.attendance === 'early' || busy}
            onClick={() => onAttendance(e, 'ATTENDED')}
          >
            {translate('lessons.action.attended')}
          </Button>
          <Button
            size="small"
            disabled={can.attendance === 'early' || busy}
            onClick={() => onAttendance(e, 'NOSHOW')}
          >
            {translate('lessons.action.noShow')}
          </Button>
        </>
      )}
      {can.cancel && (
        <Button size="small" danger disabled={busy} onClick={() => onCancel(e)}>
          {translate(holdsPlace(e) ? 'lessons.action.cancel' : 'lessons.action.leaveWaitlist')}
        </Button>
      )}
    </Space>
  );
}

/** The roster's columns; staff who may change the schedule get the actions column. */
export const useRosterColumns = ({
  lesson: l,
  now,
  canChange,
  busyId,
  onAttendance,
  onCancel,
}: {
  lesson: LessonDetail;
  now: Date;
  canChange: boolean;
  busyId: number | undefined;
  onAttendance: (entry: RosterEntry, mark: AttendanceMark) => void;
  onCancel: (entry: RosterEntry) => void;
}): ColumnsType<RosterEntry> => {
  const translate = useTranslate();
  return [
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
    { key: 'status', title: translate('lessons.roster.status'), render: (_, e) => <StatusCell entry={e} /> },
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
            render: (_: unknown, e: RosterEntry) => (
              <RosterActions
                entry={e}
                lesson={l}
                now={now}
                busy={busyId === e.id}
                onAttendance={onAttendance}
                onCancel={onCancel}
              />
            ),
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
};
