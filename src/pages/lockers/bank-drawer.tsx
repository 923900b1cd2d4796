import { useTranslate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Drawer, Form, Grid, Input, InputNumber, Space } from 'antd';
import { lockerBankCreateRoute, lockerBankUpdateRoute } from '#domain/api/locker.ts';
import { type LockerSize, lockerSizes, MAX_BANK_LOCKERS, MAX_BANK_SIDE } from '#domain/rules/locker.ts';
import { RadioChoices } from '#src/forms/choice-groups.tsx';
import { api } from '#src/providers/instances.ts';
import { PlainSelect } from '../../forms/plain-select.tsx';
import { errorText, showFieldErrors } from './locker-api.ts';
import { type LockerBank, type LockerRoom, parseSkipNumbers, previewLabels } from './locker-model.ts';

type Values = {
  roomId: number;
  name: string;
  rows?: number;
  cols?: number;
  startNumber?: number;
  prefix?: string;
  skipText?: string;
  size: LockerSize;
};

const PREFIX = /^[0-9A-Za-z가-힣-]*$/;

const isSide = (n: unknown): n is number =>
  Number.isInteger(n) && (n as number) >= 1 && (n as number) <= MAX_BANK_SIDE;

/** The numbering the typed values give, or null while they cannot be numbered. */
const layoutOf = (v: Partial<Values> | undefined) => {
  const skipNumbers = parseSkipNumbers(v?.skipText);
  if (!v || !isSide(v.rows) || !isSide(v.cols) || v.rows * v.cols > MAX_BANK_LOCKERS) return null;
  if (!Number.isInteger(v.startNumber) || (v.startNumber ?? -1) < 0 || skipNumbers === null) return null;
  if (!PREFIX.test(v.prefix ?? '')) return null;
  return { rows: v.rows, cols: v.cols, startNumber: v.startNumber!, skipNumbers, prefix: v.prefix ?? '' };
};

/**
 * Adding or editing a bank: its name and room, rows × columns, the numbering (start, prefix, skipped numbers) and
 * the lockers' size, with a live preview of the labels the lockers will get. The server refuses a new shape or
 * numbering for a bank whose lockers were ever rented (renaming is always allowed), and shows why here.
 */
export function BankDrawer({
  gymId,
  rooms,
  roomId,
  bank,
  nextOrder,
  onClose,
  onSaved,
}: {
  gymId: number;
  rooms: readonly LockerRoom[];
  roomId: number;
  bank: LockerBank | null;
  nextOrder: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<Values>();
  const values = Form.useWatch([], form) as Partial<Values> | undefined;
  const layout = layoutOf(values);
  const preview = layout ? previewLabels(layout, layout.prefix) : [];

  const save = useMutation({
    meta: { silent: true },
    mutationFn: (v: Values) => {
      const body = {
        roomId: v.roomId,
        name: v.name.trim(),
        rows: v.rows ?? 1,
        cols: v.cols ?? 1,
        startNumber: v.startNumber ?? 1,
        prefix: (v.prefix ?? '').trim(),
        skipNumbers: parseSkipNumbers(v.skipText) ?? [],
        size: v.size,
      };
      return bank
        ? api.call(lockerBankUpdateRoute, { params: { id: bank.id }, query: { gymId }, body })
        : api.call(lockerBankCreateRoute, { body: { ...body, gymId, sortOrder: Math.min(nextOrder, 1000) } });
    },
    onSuccess: onSaved,
    onError: (error) => showFieldErrors(form, error),
  });

  return (
    <Drawer
      open
      onClose={onClose}
      width={screens.md ? 560 : '100%'}
      rootClassName="fd-locker-overlay"
      title={
        bank
          ? translate('lockers.layout.editBankTitle', { name: bank.name })
          : translate('lockers.layout.addBankTitle')
      }
      destroyOnHidden
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose}>{translate('buttons.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {translate('lockers.layout.save')}
          </Button>
        </Space>
      }
    >
      {bank && (
        <Alert type="info" className="fd-locker-alert" message={translate('lockers.layout.shapeLocked')} />
      )}
      {save.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="fd-locker-alert"
          message={translate('lockers.layout.failed')}
          description={errorText(save.error, translate)}
        />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark
        initialValues={
          bank
            ? {
                roomId: bank.roomId,
                name: bank.name,
                rows: bank.rows,
                cols: bank.cols,
                startNumber: bank.startNumber,
                prefix: bank.prefix,
                skipText: bank.skipNumbers.join(', '),
                size: bank.size,
              }
            : { roomId, name: '', rows: 4, cols: 6, startNumber: 1, prefix: '', skipText: '', size: 'SMALL' }
        }
        onFinish={(v) => save.mutate(v)}
      >
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
                  if (numbers === null)
                    return Promise.reject(new Error(translate('lockers.layout.skipFormat')));
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
        <Form.Item name="size" label={translate('lockers.layout.size')} rules={[{ required: true }]}>
          <RadioChoices
            options={lockerSizes.map((s) => ({ value: s, label: translate(`lockers.size.${s}`) }))}
          />
        </Form.Item>
      </Form>
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
    </Drawer>
  );
}
