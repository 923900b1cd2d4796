import { useTranslate } from '@refinedev/core';
import { ColorPicker, Form, InputNumber, Radio } from 'antd';
import { type PayKind, payKinds } from '#domain/rules/schedule.ts';
import { MAX_PER_SESSION, MAX_PERCENT, TRAINER_COLOR_PRESETS } from './trainer-form.ts';

const thousands = {
  formatter: (v: number | string | undefined) =>
    v === undefined || v === '' ? '' : Number(v).toLocaleString('ko-KR'),
  parser: (v: string | undefined) => Number((v ?? '').replace(/[^\d]/g, '')),
};

/** The pay rule (a fixed amount per session, or a percent of the pass's per-session price), inside a form. */
export function PayFields() {
  const translate = useTranslate();
  const form = Form.useFormInstance();
  const kind: PayKind = Form.useWatch('payKind', form) ?? 'PER_SESSION';
  const percent = kind === 'PERCENT';
  return (
    <>
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
