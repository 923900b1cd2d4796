import { CreditCardOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Input, type InputRef, Modal, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { customerUpdateRoute } from '#domain/api/customer.ts';
import { isCardNumber, normalizeCardNumber } from '#domain/rules/card-number.ts';
import type { CustomerDetail } from '#domain/schemas/customer.ts';
import { errorText } from '#src/kit/error-text.ts';
import { api } from '#src/providers/instances.ts';

// A customer's membership card (docs/rules.md#card-numbers): shown on their page, set, changed or cleared by staff.
// A USB or RFID scanner is a keyboard that types the number and then Enter, so Enter saves: a scan is one step.
// The server keeps one card per customer on the facility's books and names who holds a card already.

/** The card number and, for staff who may change customers, the button that opens the dialog. */
export function CardNumber({
  gymId,
  customer,
  canChange,
  onSaved,
}: {
  gymId: number;
  customer: Pick<CustomerDetail, 'id' | 'name' | 'cardNumber'>;
  canChange: boolean;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <Space size="small" wrap>
      <Typography.Text>{customer.cardNumber ?? translate('customers.card.none')}</Typography.Text>
      {canChange && (
        <Button size="small" icon={<CreditCardOutlined aria-hidden />} onClick={() => setOpen(true)}>
          {translate(customer.cardNumber ? 'customers.card.change' : 'customers.card.set')}
        </Button>
      )}
      {open && (
        <CardNumberDialog
          gymId={gymId}
          customer={customer}
          onClose={() => setOpen(false)}
          onSaved={() => {
            setOpen(false);
            onSaved();
          }}
        />
      )}
    </Space>
  );
}

function CardNumberDialog({
  gymId,
  customer,
  onClose,
  onSaved,
}: {
  gymId: number;
  customer: Pick<CustomerDetail, 'id' | 'name' | 'cardNumber'>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const [value, setValue] = useState(customer.cardNumber ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<InputRef>(null);
  // The field takes the focus as the dialog opens, so the scanner types into it.
  useEffect(() => {
    const timer = setTimeout(() => input.current?.focus({ cursor: 'all' }), 50);
    return () => clearTimeout(timer);
  }, []);

  const save = useMutation({
    meta: { silent: true },
    mutationFn: (cardNumber: string | null) =>
      api.call(customerUpdateRoute, { params: { id: customer.id }, query: { gymId }, body: { cardNumber } }),
    onSuccess: (saved) => {
      message.success(
        saved.cardNumber
          ? translate('customers.card.saved', { card: saved.cardNumber })
          : translate('customers.card.cleared'),
      );
      onSaved();
    },
    onError: (error) => {
      setProblem(errorText(error, translate));
      // Ready for the next scan: the field keeps the number, selected.
      input.current?.focus({ cursor: 'all' });
    },
  });

  const submit = () => {
    if (save.isPending) return;
    const card = normalizeCardNumber(value);
    if (card !== null && !isCardNumber(card)) {
      setProblem(translate('customers.card.format'));
      return;
    }
    setProblem(null);
    save.mutate(card);
  };

  return (
    <Modal
      open
      title={translate('customers.card.title', { name: customer.name })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
          {customer.cardNumber ? (
            <Button danger onClick={() => save.mutate(null)} disabled={save.isPending}>
              {translate('customers.card.clear')}
            </Button>
          ) : (
            <span />
          )}
          <Space>
            <Button onClick={onClose}>{translate('customers.card.cancel')}</Button>
            <Button type="primary" loading={save.isPending} onClick={submit}>
              {translate('customers.card.save')}
            </Button>
          </Space>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <label htmlFor="fd-card-number">{translate('customers.card.label')}</label>
        <Input
          id="fd-card-number"
          ref={input}
          value={value}
          autoComplete="off"
          spellCheck={false}
          placeholder={translate('customers.card.placeholder')}
          status={problem ? 'error' : undefined}
          aria-invalid={problem ? true : undefined}
          aria-describedby="fd-card-number-help"
          onChange={(event) => {
            setValue(event.target.value);
            setProblem(null);
          }}
          onPressEnter={(event) => {
            event.preventDefault();
            submit();
          }}
        />
        <Typography.Text type="secondary" id="fd-card-number-help">
          {translate('customers.card.help')}
        </Typography.Text>
        {problem && <Alert type="error" showIcon role="alert" message={problem} />}
      </Space>
    </Modal>
  );
}
