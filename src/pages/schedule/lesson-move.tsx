import type { EventDropArg } from '@fullcalendar/core';
import type { EventResizeDoneArg } from '@fullcalendar/interaction';
import { useTranslate } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Radio, Space, Typography } from 'antd';
import { lessonUpdateRoute } from '#domain/api/schedule.ts';
import { type EditScope, editScopes } from '#domain/rules/schedule.ts';
import type { Lesson } from '#domain/schemas/schedule.ts';
import { useContractMutation } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import type { Translate } from '#src/kit/translate.ts';
import { fieldErrorsOf } from '#src/providers/http-error.ts';
import { scheduleKeys } from './schedule-keys.ts';
import { type Move, moveBody, moveOf } from './schedule-model.ts';

export const lessonOf = (event: { extendedProps: Record<string, unknown> }) =>
  event.extendedProps.lesson as Lesson;

/** A refused move's message with its field messages: a calendar has no fields to show them on. */
const moveErrorText = (error: unknown, translate: Translate): string =>
  [errorText(error, translate), ...fieldErrorsOf(error).flatMap((f) => f.errors)].join(' ');

/**
 * Moving a lesson by dragging or resizing it: one Seoul day only, a confirmation when customers are booked or
 * the lesson recurs (with the reach of the move), and the calendar read again after.
 */
export const useLessonMove = () => {
  const translate = useTranslate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const move = useContractMutation(lessonUpdateRoute, { meta: { silent: true } });

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
      const result = await move.mutateAsync({ params: { id: lesson.id }, body: moveBody(next, scope) });
      message.success(
        result.delayed > 0
          ? translate('schedule.move.doneDelayed', { count: result.delayed })
          : translate('schedule.move.done'),
      );
    } catch (error) {
      info.revert();
      message.error(moveErrorText(error, translate));
    } finally {
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.lessons() });
    }
  };

  return { move, onChange };
};
