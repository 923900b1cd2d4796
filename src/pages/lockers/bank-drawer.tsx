import { useTranslate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Drawer, Form, Grid, Space } from 'antd';
import { lockerBankCreateRoute, lockerBankUpdateRoute } from '#domain/api/locker.ts';
import { type LockerSize, lockerSizes, MAX_BANK_LOCKERS, MAX_BANK_SIDE } from '#domain/rules/locker.ts';
import { RadioChoices } from '#src/forms/choice-groups.tsx';
import { errorText } from '#src/kit/error-text.ts';
import { showFieldErrors } from '#src/kit/form-errors.ts';
import { api } from '#src/providers/instances.ts';
import { BankNameFields, BankNumberFields, BankPreview, BankShapeFields, PREFIX } from './bank-fields.tsx';
import { type LockerBank, type LockerRoom, parseSkipNumbers } from './locker-model.ts';

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
        <BankNameFields rooms={rooms} />
        <BankShapeFields />
        <BankNumberFields />
        <Form.Item name="size" label={translate('lockers.layout.size')} rules={[{ required: true }]}>
          <RadioChoices
            options={lockerSizes.map((s) => ({ value: s, label: translate(`lockers.size.${s}`) }))}
          />
        </Form.Item>
      </Form>
      <BankPreview layout={layout} />
    </Drawer>
  );
}
