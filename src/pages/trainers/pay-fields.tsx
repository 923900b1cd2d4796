import { useTranslate } from '@refinedev/core';
import { ColorPicker, Form, InputNumber, Radio, Typography } from 'antd';
import {
  type GroupPayKind,
  groupPayKinds,
  MAX_GROUP_MINIMUM,
  type PayKind,
  payKinds,
} from '#domain/rules/trainer-pay.ts';
import { MAX_PER_SESSION, MAX_PERCENT, TRAINER_COLOR_PRESETS } from './trainer-form.ts';

const thousands = {
  formatter: (v: number | string | undefined) =>
    v === undefined || v === '' ? '' : Number(v).toLocaleString('ko-KR'),
  parser: (v: string | undefined) => Number((v ?? '').replace(/[^\d]/g, '')),
};

/**
 * The pay rules inside a form (docs/rules.md#trainer-pay): PT (a fixed amount per session, or a percent of the
 * pass's per-session value), then group classes (per class held, or per attendee with a minimum head count).
 */
export function PayFields() {
  const translate = useTranslate();
  const form = Form.useFormInstance();
  const kind: PayKind = Form.useWatch('payKind', form) ?? 'PER_SESSION';
  const percent = kind === 'PERCENT';
  return (
    <>
      <Typography.Title level={5}>{translate('trainers.fields.ptPay')}</Typography.Title>
      <Form.Item name="payKind" label={translate('trainers.fields.payKind')}>
        <Radio.Group
          optionType="button"
          options={payKinds.map((k) => ({ value: k, label: translate(`trainers.payKind.${k}`) }))}
          onChange={(event) => {
            // An amount in won is no percent: a rate that does not fit the new rule is typed again.
            const rate = form.getFieldValue('payRate') as number | null;
            const fits = event.target.value !== 'PERCENT' || rate === null || rate <= MAX_PERCENT;
            form.setFields([{ name: 'payRate', errors: [], ...(fits ? {} : { value: null }) }]);
          }}
        />
      </Form.Item>
      <Form.Item
        name="payRate"
        label={translate(percent ? 'trainers.fields.payPercent' : 'trainers.fields.payAmount')}
        extra={translate(percent ? 'trainers.help.payPercent' : 'trainers.help.payAmount')}
        rules={[
          { required: true, message: translate('validation.required') },
          {
            type: 'number',
            min: 0,
            max: percent ? MAX_PERCENT : MAX_PER_SESSION,
            message: translate('trainers.errors.payRange', {
              max: (percent ? MAX_PERCENT : MAX_PER_SESSION).toLocaleString('ko-KR'),
            }),
          },
        ]}
      >
        <InputNumber<number>
          min={0}
          max={percent ? MAX_PERCENT : MAX_PER_SESSION}
          step={percent ? 5 : 1_000}
          precision={0}
          inputMode="numeric"
          style={{ width: '100%', maxWidth: 240 }}
          suffix={translate(percent ? 'trainers.units.percent' : 'trainers.units.won')}
          {...(percent ? {} : thousands)}
        />
      </Form.Item>
      <GroupPayFields />
    </>
  );
}

/** How a group class pays: a fixed amount per class held, or per attendee with a minimum head count. */
function GroupPayFields() {
  const translate = useTranslate();
  const form = Form.useFormInstance();
  const kind: GroupPayKind = Form.useWatch('groupPayKind', form) ?? 'PER_ATTENDEE';
  const perClass = kind === 'PER_CLASS';
  return (
    <>
      <Typography.Title level={5}>{translate('trainers.fields.groupPay')}</Typography.Title>
      <Form.Item name="groupPayKind" label={translate('trainers.fields.groupPayKind')}>
        <Radio.Group
          optionType="button"
          options={groupPayKinds.map((k) => ({ value: k, label: translate(`trainers.groupPayKind.${k}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="groupPayRate"
        label={translate(perClass ? 'trainers.fields.groupPayClass' : 'trainers.fields.groupPayAttendee')}
        extra={translate(perClass ? 'trainers.help.groupPayClass' : 'trainers.help.groupPayAttendee')}
        rules={[
          { required: true, message: translate('validation.required') },
          {
            type: 'number',
            min: 0,
            max: MAX_PER_SESSION,
            message: translate('trainers.errors.payRange', { max: MAX_PER_SESSION.toLocaleString('ko-KR') }),
          },
        ]}
      >
        <InputNumber<number>
          min={0}
          max={MAX_PER_SESSION}
          step={1_000}
          precision={0}
          inputMode="numeric"
          style={{ width: '100%', maxWidth: 240 }}
          suffix={translate('trainers.units.won')}
          {...thousands}
        />
      </Form.Item>
      {perClass ? null : (
        <Form.Item
          name="groupPayMinAttendees"
          label={translate('trainers.fields.groupPayMin')}
          extra={translate('trainers.help.groupPayMin')}
          rules={[
            {
              type: 'number',
              min: 0,
              max: MAX_GROUP_MINIMUM,
              message: translate('trainers.errors.minRange', { max: MAX_GROUP_MINIMUM }),
            },
          ]}
        >
          <InputNumber<number>
            min={0}
            max={MAX_GROUP_MINIMUM}
            precision={0}
            inputMode="numeric"
            style={{ width: '100%', maxWidth: 240 }}
            suffix={translate('trainers.units.people')}
          />
        </Form.Item>
      )}
    </>
  );
}

/** The trainer's colour on the schedule, as `#rrggbb`. */
export function ColorField() {
  const translate = useTranslate();
  return (
    <Form.Item
      name="color"
      label={translate('trainers.fields.color')}
      extra={translate('trainers.help.color')}
    >
      <ColorPicker
        disabledAlpha
        format="hex"
        showText
        presets={[{ label: translate('trainers.fields.colorPresets'), colors: [...TRAINER_COLOR_PRESETS] }]}
      />
    </Form.Item>
  );
}
