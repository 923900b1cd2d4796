import { useTranslate } from '@refinedev/core';
import {
  AutoComplete,
  Collapse,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Select,
  Switch,
  TimePicker,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { lessonTypes, MAX_CAPACITY } from '#domain/rules/schedule.ts';
import type { Ticket } from '#domain/schemas/pass.ts';
import { CheckboxChoices, RadioChoices } from '#src/forms/choice-groups.tsx';
import { WEEKDAYS } from './schedule-model.ts';

// The new-lesson drawer's fields (docs/rules.md#schedule).

/** The lesson: name, type, trainer (fixed for a narrowed set), room, capacity and accepted passes. */
export function LessonWhatFields({
  staff,
  assignedTo,
  rooms,
  products,
}: {
  staff: { value: number; label: string }[];
  assignedTo: number | null;
  rooms: readonly string[];
  products: { isLoading: boolean; data?: readonly Ticket[] };
}) {
  const translate = useTranslate();
  const required = { required: true, message: translate('validation.required') };
  return (
    <>
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
    </>
  );
}

/** When: the day and times, a weekly repeat until a day, and the booking window. */
export function LessonWhenFields({ repeat }: { repeat: boolean | undefined }) {
  const translate = useTranslate();
  const required = { required: true, message: translate('validation.required') };
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
    <>
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
    </>
  );
}
