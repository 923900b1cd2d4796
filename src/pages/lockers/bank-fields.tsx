import { useTranslate } from '@refinedev/core';
import { Form, Input, InputNumber } from 'antd';
import { MAX_BANK_LOCKERS, MAX_BANK_SIDE } from '#domain/rules/locker.ts';
import { PlainSelect } from '../../forms/plain-select.tsx';
import { type LockerRoom, parseSkipNumbers, previewLabels } from './locker-model.ts';

// The bank drawer's parts (bank-drawer.tsx): its fields, in rows, and the live preview of the labels.

export const PREFIX = /^[0-9A-Za-z가-힣-]*$/;

/** The bank's name and room. */
export function BankNameFields({ rooms }: { rooms: readonly LockerRoom[] }) {
  const translate = useTranslate();
  return (
    <div className="fd-locker-inline-fields">
      <Form.Item
        name="name"
        label={translate('lockers.layout.bankName')}
        rules={[{ required: true, whitespace: true, message: translate('validation.required') }]}
      >
        <Input maxLength={40} placeholder={translate('lockers.layout.bankNamePlaceholder')} />
      </Form.Item>
      <Form.Item
        name="roomId"
        label={translate('lockers.layout.room')}
        rules={[{ required: true, message: translate('validation.required') }]}
      >
        <PlainSelect<number> options={rooms.map((r) => ({ value: r.id, label: r.name }))} />
      </Form.Item>
    </div>
  );
}

/** Rows × columns (at most MAX_BANK_LOCKERS lockers) and the first number. */
export function BankShapeFields() {
  const translate = useTranslate();
  return (
    <div className="fd-locker-inline-fields">
      {(['rows', 'cols'] as const).map((side) => (
        <Form.Item
          key={side}
          name={side}
          label={translate(`lockers.layout.${side}`)}
          dependencies={[side === 'rows' ? 'cols' : 'rows']}
          rules={[
            { required: true, message: translate('validation.bankSide') },
            {
              type: 'integer',
              min: 1,
              max: MAX_BANK_SIDE,
              message: translate('validation.bankSide'),
            },
            ({ getFieldValue }) => ({
              validator: () => {
                const rows = getFieldValue('rows') as number | undefined;
                const cols = getFieldValue('cols') as number | undefined;
                return rows && cols && rows * cols > MAX_BANK_LOCKERS
                  ? Promise.reject(new Error(translate('validation.bankTooLarge')))
                  : Promise.resolve();
              },
            }),
          ]}
        >
          <InputNumber<number> min={1} max={MAX_BANK_SIDE} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      ))}
      <Form.Item
        name="startNumber"
        label={translate('lockers.layout.startNumber')}
        rules={[
          { required: true, message: translate('validation.required') },
          { type: 'integer', min: 0, max: 99_999, message: translate('validation.invalidValue') },
        ]}
      >
        <InputNumber<number> min={0} max={99_999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </div>
  );
}

/** The labels' prefix and the numbers left out. */
export function BankNumberFields() {
  const translate = useTranslate();
  return (
    <div className="fd-locker-inline-fields">
      <Form.Item
        name="prefix"
        label={translate('lockers.layout.prefix')}
        extra={translate('lockers.layout.prefixHelp')}
        rules={[{ pattern: PREFIX, message: translate('validation.lockerPrefixFormat') }]}
      >
        <Input maxLength={10} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="skipText"
        label={translate('lockers.layout.skipNumbers')}
        extra={translate('lockers.layout.skipHelp')}
        rules={[
          {
            validator: (_, value: string | undefined) => {
              const numbers = parseSkipNumbers(value);
              if (numbers === null) return Promise.reject(new Error(translate('lockers.layout.skipFormat')));
              if (numbers.length > 100)
                return Promise.reject(new Error(translate('lockers.layout.skipTooMany')));
              return Promise.resolve();
            },
          },
        ]}
      >
        <Input autoComplete="off" inputMode="numeric" placeholder="4, 13, 44" />
      </Form.Item>
    </div>
  );
}

export type BankLayoutValues = Parameters<typeof previewLabels>[0] & { prefix: string };

/** The labels the lockers will get, as a summary and as the grid. */
export function BankPreview({ layout }: { layout: BankLayoutValues | null }) {
  const translate = useTranslate();
  const preview = layout ? previewLabels(layout, layout.prefix) : [];
  return (
    <div>
      <div className="fd-locker-subtitle">{translate('lockers.layout.preview')}</div>
      <p role="status" className="fd-locker-preview-summary">
        {layout && preview.length
          ? translate('lockers.layout.previewSummary', {
              count: preview.length,
              first: preview[0]!.label,
              last: preview.at(-1)!.label,
            })
          : translate('lockers.layout.previewInvalid')}
      </p>
      {layout && (
        <section
          className="fd-locker-preview"
          aria-label={translate('lockers.layout.previewGrid')}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so the keyboard can scroll it.
          tabIndex={0}
        >
          <div
            className="fd-locker-preview-grid"
            style={{ gridTemplateColumns: `repeat(${layout.cols}, auto)` }}
          >
            {preview.map((p) => (
              <span
                key={`${p.row}-${p.col}`}
                className="fd-locker-preview-cell"
                style={{ gridRow: p.row, gridColumn: p.col }}
              >
                {p.label}
              </span>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
