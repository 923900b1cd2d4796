import { useTranslate } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { App, Input, Space, Typography } from 'antd';
import { type ReactNode, useCallback } from 'react';
import { attendanceRoute, reservationCancelRoute } from '#domain/api/schedule.ts';
import type { AttendanceMark } from '#domain/rules/schedule.ts';
import type { LessonDetail, RosterEntry } from '#domain/schemas/schedule.ts';
import { useContractMutation } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { holdsPlace } from './lesson-detail-model.ts';

/** After any change: this lesson, the calendar's counts, the reservation history and the passes read again. */
export const useRefreshLesson = () => {
  const queryClient = useQueryClient();
  return useCallback(() => {
    for (const key of ['lessons', 'schedule', 'reservations', 'passes', 'customers'])
      void queryClient.invalidateQueries({ queryKey: [key] });
  }, [queryClient]);
};

/** A roster row's attendance and cancellation, each after a confirmation; `busyId` is the row being saved. */
export const useRosterActions = (l: LessonDetail, refresh: () => void) => {
  const translate = useTranslate();
  const { message, modal } = App.useApp();
  const failed = (error: unknown) => message.error(errorText(error, translate));

  const attendance = useContractMutation(attendanceRoute, {
    meta: { silent: true },
    input: (v: { id: number; mark: AttendanceMark }) => ({ params: { id: v.id }, body: { mark: v.mark } }),
    onSuccess: (_, v) => {
      message.success(
        translate(v.mark === 'ATTENDED' ? 'lessons.action.attendedDone' : 'lessons.action.noShowDone'),
      );
      refresh();
    },
    onError: failed,
  });
  const cancelBooking = useContractMutation(reservationCancelRoute, {
    meta: { silent: true },
    input: (v: { id: number; note: string }) => ({
      params: { id: v.id },
      body: v.note ? { note: v.note } : {},
    }),
    onSuccess: () => {
      message.success(translate('lessons.action.cancelDone'));
      refresh();
    },
    onError: failed,
  });
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

  return { busyId, confirmAttendance, confirmCancel };
};
