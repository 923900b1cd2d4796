import { useTranslate } from '@refinedev/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  App,
  AutoComplete,
  Button,
  Collapse,
  DatePicker,
  Drawer,
  Form,
  Grid,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  TimePicker,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { lessonCreateRoute } from '#domain/api/schedule.ts';
import { lessonTypes, MAX_CAPACITY } from '#domain/rules/schedule.ts';
import type { Ticket } from '#domain/schemas/pass.ts';
import { useAssignedTrainer } from '#src/facility/facility-context.tsx';
import { CheckboxChoices, RadioChoices } from '#src/forms/choice-groups.tsx';
import { fieldErrorsOf, isHttpError } from '#src/providers/http-error.ts';
import { api, http } from '#src/providers/instances.ts';
import { useStaffOptions } from '../customers/use-staff-options.ts';
import {
  createBody,
  formFieldErrors,
  initialFormValues,
  type LessonFormValues,
  WEEKDAYS,
} from './schedule-model.ts';

/** Every pass product of the facility, for "accepted passes" (a stopped product's passes are still in use). */
const useProducts = (gymId: number) =>
  useQuery({
    queryKey: ['schedule', 'products', gymId],
    queryFn: async () =>
      (
        await http.get<Ticket[]>('/web/ticket', {
          params: { gymId, _start: 0, _end: 100, _sort: 'name', _order: 'asc' },
        })
      ).data as Ticket[],
    enabled: gymId > 0,
    staleTime: 60_000,
  });

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
  const required = { required: true, message: translate('validation.required') };

  const create = useMutation({
    meta: { silent: true },
    mutationFn: (values: LessonFormValues) =>
      api.call(lessonCreateRoute, { body: createBody(values, gymId) }),
    onSuccess: (result) => {
      message.success(translate('schedule.form.created', { count: result.ids.length }));
      onCreated(result);
    },
    onError: (error) => {
      const fields = formFieldErrors(fieldErrorsOf(error));
      if (fields.length > 0) {
        form.setFields(fields as Parameters<typeof form.setFields>[0]);
        form.scrollToField(fields[0]!.name, { block: 'center' });
      } else message.error(isHttpError(error) ? error.message : translate('errors.UNKNOWN'));
    },
  });

  const endAfterStart = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: (_: unknown, end: Dayjs | undefined) => {
      const start = getFieldValue('startTime') as Dayjs | undefined;
      return !start || !end || end.format('HH:mm') > start.format('HH:mm')
        ? Promise.resolve()
        : Promise.reject(new Error(translate('schedule.form.endAfterStart')));
    },
  });
  const untilAfterDate = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: (_: unknown, until: Dayjs | undefined) => {
      const date = getFieldValue('date') as Dayjs | undefined;
      if (!date || !until) return Promise.resolve();
      if (until.format('YYYY-MM-DD') < date.format('YYYY-MM-DD'))
        return Promise.reject(new Error(translate('validation.untilBeforeStart')));
      // The same bound as the server's (docs/rules.md#schedule): before the first day's anniversary.
      return until.format('YYYY-MM-DD') < date.add(1, 'year').format('YYYY-MM-DD')
        ? Promise.resolve()
        : Promise.reject(new Error(translate('validation.recurrenceTooLong')));
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
        <Form.Item
          name="title"
          label={translate('schedule.form.name')}
          rules={[{ ...required, whitespace: true }]}
        >
          <Input maxLength={60} autoFocus />
        </Form.Item>
        <Form.Item name="lessonType" label={translate('schedule.form.lessonType')} rules={[required]}>
          <RadioChoices
            optionType="button"
            options={lessonTypes.map((type) => ({
              value: type,
              label: translate(`schedule.lessonType.${type}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="trainerMemberId" label={translate('schedule.form.trainer')}>
          <Select
            allowClear={assignedTo === null}
            disabled={assignedTo !== null}
            showSearch
            optionFilterProp="label"
            options={staff}
          />
        </Form.Item>
        <Form.Item name="room" label={translate('schedule.form.room')}>
          <AutoComplete
            allowClear
            maxLength={40}
            options={rooms.map((room) => ({ value: room }))}
            filterOption={(input, option) =>
              String(option?.value ?? '')
                .toLowerCase()
                .includes(input.toLowerCase())
            }
          />
        </Form.Item>
        <Form.Item
          name="capacity"
          label={translate('schedule.form.capacity')}
          rules={[
            required,
            { type: 'integer', min: 1, max: MAX_CAPACITY, message: translate('validation.capacityRange') },
          ]}
        >
          <InputNumber<number> min={1} max={MAX_CAPACITY} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="ticketIds"
          label={translate('schedule.form.tickets')}
          extra={translate('schedule.form.ticketsHelp')}
        >
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            loading={products.isLoading}
            notFoundContent={translate('schedule.form.noProducts')}
            options={(products.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        <Form.Item name="date" label={translate('schedule.form.date')} rules={[required]}>
          <DatePicker allowClear={false} style={{ width: '100%' }} />
        </Form.Item>
        <div className="fd-lesson-times">
          <Form.Item name="startTime" label={translate('schedule.form.startTime')} rules={[required]}>
            <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="endTime"
            label={translate('schedule.form.endTime')}
            dependencies={['startTime']}
            rules={[required, endAfterStart]}
          >
            <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <Form.Item name="repeat" label={translate('schedule.form.repeat')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {repeat && (
          <>
            <Form.Item
              name="weekdays"
              label={translate('schedule.form.weekdays')}
              rules={[{ required: true, type: 'array', min: 1, message: translate('validation.noWeekdays') }]}
            >
              <CheckboxChoices
                options={WEEKDAYS.map((d) => ({ value: d, label: translate(`schedule.weekdays.${d}`) }))}
              />
            </Form.Item>
            <Form.Item
              name="untilDate"
              label={translate('schedule.form.untilDate')}
              dependencies={['date']}
              rules={[required, untilAfterDate]}
              extra={translate('schedule.form.untilHelp')}
            >
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </>
        )}
        <Collapse
          size="small"
          className="fd-lesson-window"
          items={[
            {
              key: 'window',
              label: translate('schedule.form.window'),
              forceRender: true,
              children: (
                <>
                  <Form.Item
                    name="openDaysAhead"
                    label={translate('schedule.form.openDaysAhead')}
                    extra={translate('schedule.form.windowHelp')}
                  >
                    <InputNumber<number> min={0} max={90} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                  <Form.Item name="closeMinutesBefore" label={translate('schedule.form.closeMinutesBefore')}>
                    <InputNumber<number> min={0} max={7 * 24 * 60} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </>
              ),
            },
          ]}
        />
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
