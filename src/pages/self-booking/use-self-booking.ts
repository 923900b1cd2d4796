import { App } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selfBookingGetRoute, selfBookRoute, selfCancelRoute } from '#domain/api/schedule.ts';
import { useContract, useContractMutation } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { queryKeys } from '#src/kit/query-keys.ts';
import { statusOf } from '#src/providers/http-error.ts';
import { type SelfBookingEntry, type SelfLesson, seoulMoment } from './self-booking-model.ts';
import { dateTimeText } from './self-booking-texts.ts';

const TOKEN_HEADER = 'x-booking-token';

export const selfBookingKeys = queryKeys('self-booking', { view: (token: string | null) => [token] });

/** A message shown next to the item whose action failed: `lesson-12`, `booking-5`. */
export type Problem = { key: string; text: string };

/**
 * The customer's view through the link's token (in `x-booking-token` on every call), booking a lesson and
 * cancelling a booking (after a confirmation). A 401 means the link is gone; any other refusal is told next to
 * the item whose button was pressed.
 */
export const useSelfBooking = (token: string | null) => {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [expired, setExpired] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const headers = useMemo(() => ({ [TOKEN_HEADER]: token ?? '' }), [token]);

  const view = useContract(
    selfBookingGetRoute,
    { headers },
    {
      queryKey: selfBookingKeys.view(token),
      enabled: token !== null && !expired,
      meta: { silent: true },
      retry: false,
    },
  );

  /** 401: the link is gone; anything else is told next to the button that was pressed. */
  const failed = (key: string) => (error: unknown) => {
    if (statusOf(error) === 401) {
      setExpired(true);
      return;
    }
    setProblem({ key, text: errorText(error, t, 'selfBooking.failed.title') });
    void view.refetch();
  };

  const book = useContractMutation(selfBookRoute, {
    meta: { silent: true },
    input: (lesson: SelfLesson) => ({ body: { lessonId: lesson.id }, headers }),
    onMutate: () => setProblem(null),
    onSuccess: (made, lesson) => {
      void message.success(
        t(made.status === 'WAITING' ? 'selfBooking.done.waiting' : 'selfBooking.done.booked', {
          title: lesson.title,
        }),
      );
      void view.refetch();
    },
    onError: (error, lesson) => failed(`lesson-${lesson.id}`)(error),
  });

  const cancel = useContractMutation(selfCancelRoute, {
    meta: { silent: true },
    input: (booking: SelfBookingEntry) => ({ params: { id: booking.id }, headers }),
    onMutate: () => setProblem(null),
    onSuccess: (_answer, booking) => {
      void message.success(
        t(booking.status === 'WAITING' ? 'selfBooking.done.left' : 'selfBooking.done.cancelled'),
      );
      void view.refetch();
    },
    onError: (error, booking) => failed(`booking-${booking.id}`)(error),
  });

  const confirmCancel = (booking: SelfBookingEntry) => {
    const leaving = booking.status === 'WAITING';
    modal.confirm({
      title: t(leaving ? 'selfBooking.confirm.leaveTitle' : 'selfBooking.confirm.cancelTitle'),
      content: t('selfBooking.confirm.content', {
        title: booking.lessonTitle,
        when: dateTimeText(t, seoulMoment(booking.startAt)),
      }),
      okText: t(leaving ? 'selfBooking.confirm.leaveOk' : 'selfBooking.confirm.cancelOk'),
      okButtonProps: { danger: true, size: 'large' },
      cancelText: t('selfBooking.confirm.keep'),
      cancelButtonProps: { size: 'large' },
      onOk: () => cancel.mutateAsync(booking).catch(() => undefined),
    });
  };

  return { view, book, cancel, confirmCancel, problem, expired };
};
