import { useTranslate } from '@refinedev/core';
import { App, Button, Drawer, Form, Grid, Space } from 'antd';
import { lessonCreateRoute } from '#domain/api/schedule.ts';
import { useAssignedTrainer } from '#src/facility/facility-context.tsx';
import { useContractList, useContractMutation } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { showFieldErrors } from '#src/kit/form-errors.ts';
import { fieldErrorsOf } from '#src/providers/http-error.ts';
import { useStaffOptions } from '../customers/use-staff-options.ts';
import { ticketRoutes } from '../passes/pass-api.ts';
import { LessonWhatFields, LessonWhenFields } from './lesson-form-fields.tsx';
import { scheduleKeys } from './schedule-keys.ts';
import { createBody, formFieldOf, initialFormValues, type LessonFormValues } from './schedule-model.ts';

/** Every pass product of the facility, for "accepted passes" (a stopped product's passes are still in use). */
const useProducts = (gymId: number) =>
  useContractList(
    ticketRoutes.list,
    { query: { gymId, _start: 0, _end: 100, _sort: 'name', _order: 'asc' } },
    {
      queryKey: scheduleKeys.products(gymId),
      enabled: gymId > 0,
      staleTime: 60_000,
      select: (page) => page.data,
    },
  );

export type LessonDraft = { date: string; startTime?: string; endTime?: string };

/**
 * "New lesson" (docs/rules.md#schedule): a one-off lesson or a weekly recurrence, with its trainer, room,
 * capacity, accepted passes and an optional booking window. The server's field errors land on the fields.
 */
export function LessonFormDrawer({
  gymId,
  draft,
  rooms,
  onClose,
  onCreated,
}: {
  gymId: number;
  draft: LessonDraft;
  rooms: readonly string[];
  onClose: () => void;
  onCreated: (result: { ids: number[] }) => void;
}) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<LessonFormValues>();
  const staff = useStaffOptions(gymId);
  // A narrowed set teaches its own lessons only (docs/rules.md#customer-reach).
  const assignedTo = useAssignedTrainer();
  const products = useProducts(gymId);
  const repeat = Form.useWatch('repeat', form);

  const create = useContractMutation(lessonCreateRoute, {
    meta: { silent: true },
    input: (values: LessonFormValues) => ({ body: createBody(values, gymId) }),
    onSuccess: (result) => {
      message.success(translate('schedule.form.created', { count: result.ids.length }));
      onCreated(result);
    },
    onError: (error) => {
      if (showFieldErrors(form, error, { pathOf: formFieldOf })) {
        const first = fieldErrorsOf(error)[0];
        if (first) form.scrollToField(formFieldOf(first.name), { block: 'center' });
      } else message.error(errorText(error, translate));
    },
  });

  return (
    <Drawer
      open
      onClose={onClose}
      width={screens.md ? 520 : '100%'}
      title={translate('schedule.form.title')}
      destroyOnHidden
    >
      <Form<LessonFormValues>
        form={form}
        layout="vertical"
        initialValues={{
          ...initialFormValues(draft.date, draft.startTime, draft.endTime),
          ...(assignedTo === null ? {} : { trainerMemberId: assignedTo }),
        }}
        onFinish={(values) => {
          if (!create.isPending) create.mutate(values);
        }}
        onValuesChange={(changed: Partial<LessonFormValues>) => {
          if (changed.lessonType === 'PT') form.setFieldValue('capacity', 1);
          if (changed.date && !form.getFieldValue('repeat'))
            form.setFieldValue('weekdays', [changed.date.day()]);
        }}
        scrollToFirstError
      >
        <LessonWhatFields staff={staff} assignedTo={assignedTo} rooms={rooms} products={products} />
        <LessonWhenFields repeat={repeat} />
        <Space className="fd-lesson-actions">
          <Button onClick={onClose}>{translate('buttons.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {translate('schedule.form.submit')}
          </Button>
        </Space>
      </Form>
    </Drawer>
  );
}
