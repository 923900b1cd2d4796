import { useTranslate } from '@refinedev/core';
import { Tag } from 'antd';
import type { AttendanceMark, ReservationStatus } from '#domain/rules/schedule.ts';

// The reservation's status and attendance as tags: the text always says it, the colour only helps.

/** antd's preset colours whose text passes WCAG AA on their own background, or a darker text where it does not. */
const STATUS_TAGS: Record<ReservationStatus, { color: string; text?: string }> = {
  COMPLETE: { color: 'blue' },
  CANCEL: { color: 'default' },
  DELAY: { color: 'orange', text: '#873800' },
  WAIT: { color: 'geekblue' },
  WAITING: { color: 'purple' },
};

const ATTENDANCE_TAGS: Record<AttendanceMark, { color: string; text?: string }> = {
  ATTENDED: { color: 'green', text: '#135200' },
  NOSHOW: { color: 'red' },
};

export function StatusTag({ status }: { status: ReservationStatus }) {
  const translate = useTranslate();
  const look = STATUS_TAGS[status];
  return (
    <Tag color={look.color} style={look.text ? { color: look.text } : undefined}>
      {translate(`reservations.status.${status}`)}
    </Tag>
  );
}

export function AttendanceTag({ attendance }: { attendance: AttendanceMark | null }) {
  const translate = useTranslate();
  if (!attendance) return null;
  const look = ATTENDANCE_TAGS[attendance];
  return (
    <Tag color={look.color} style={look.text ? { color: look.text } : undefined}>
      {translate(`reservations.attendance.${attendance}`)}
    </Tag>
  );
}

export function LateTag({ late }: { late: boolean }) {
  const translate = useTranslate();
  return late ? <Tag color="red">{translate('reservations.list.lateMark')}</Tag> : null;
}
