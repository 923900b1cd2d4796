import { useTranslate } from '@refinedev/core';
import { Form, Switch, TimePicker, Typography } from 'antd';
import { clockToDayjs, type DayForm, dayProblem, WEEKDAYS } from './trainer-form.ts';

/** A new working day starts as 09:00–18:00. */
const DEFAULT_DAY = ['09:00', '18:00'] as const;

function DayRow({ day }: { day: number }) {
  const translate = useTranslate();
  const form = Form.useFormInstance();
  const off: boolean = Form.useWatch(['hours', day, 'off'], form) ?? true;
  const dayName = translate(`schedule.weekdays.${day}`);
  const dayLong = translate(`trainers.weekdayLong.${day}`);
  return (
    <div className="fd-trainer-day">
      <span className="fd-trainer-day-name" aria-hidden>
        {dayName}
      </span>
      <Form.Item name={['hours', day, 'off']} valuePropName="checked" noStyle>
        <Switch
          aria-label={translate('trainers.hours.dayOffOf', { day: dayLong })}
          style={{ marginTop: 5 }}
          onChange={(checked) => {
            const range = form.getFieldValue(['hours', day, 'range']) as DayForm['range'];
            if (!checked && !range)
              form.setFieldValue(
                ['hours', day, 'range'],
                [clockToDayjs(DEFAULT_DAY[0]), clockToDayjs(DEFAULT_DAY[1])],
              );
            form.setFields([{ name: ['hours', day, 'range'], errors: [] }]);
          }}
        />
      </Form.Item>
      <Typography.Text type={off ? undefined : 'secondary'} className="fd-trainer-day-off" aria-hidden>
        {translate('trainers.hours.dayOff')}
      </Typography.Text>
      <Form.Item
        name={['hours', day, 'range']}
        hidden={off}
        dependencies={[['hours', day, 'off']]}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, range: DayForm['range']) => {
              const problem = dayProblem({ off: Boolean(getFieldValue(['hours', day, 'off'])), range });
              if (!problem) return Promise.resolve();
              return Promise.reject(
                new Error(
                  translate(
                    problem === 'required' ? 'trainers.hours.required' : 'trainers.hours.endBeforeStart',
                  ),
                ),
              );
            },
          }),
        ]}
      >
        <TimePicker.RangePicker
          format="HH:mm"
          minuteStep={5}
          order={false}
          allowClear={false}
          // A day off holds no times; a working day's are required by the rule above.
          allowEmpty={[true, true]}
          placeholder={[
            translate('trainers.hours.startOf', { day: dayLong }),
            translate('trainers.hours.endOf', { day: dayLong }),
          ]}
          style={{ width: 200 }}
        />
      </Form.Item>
    </div>
  );
}

/** Working hours per weekday, Sunday to Saturday: a day off, or a start and an end. */
export function WorkingHoursFields() {
  return (
    <div className="fd-trainer-hours">
      {WEEKDAYS.map((day) => (
        <DayRow key={day} day={day} />
      ))}
    </div>
  );
}
