import { Alert, Button, Form, type FormInstance, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entryKioskBalanceRoute, entryKioskExitRoute, entryKioskOverrideRoute } from '#domain/api/entry.ts';
import type { KioskAnswer, OwingSale } from '#domain/schemas/entry.ts';
import { errorText } from '#src/kit/error-text.ts';
import { showFieldErrors } from '#src/kit/form-errors.ts';
import { api } from '#src/providers/instances.ts';
import { entryKioskHeaders, isNoAnswer, isTokenClosed } from './kiosk-session.ts';

// The kiosk's two staff dialogs (docs/rules.md#check-in): letting a refused customer in, and leaving the kiosk.
// Both take a staff member's sign-in id and password; a wrong password (401) or a missing right (403) is said
// inline, the server's own words.

type Failure = { message: string } | null;

/** What a failed staff call shows; null when the kiosk's token is closed (the page goes back to the start). */
const useStaffCall = (onClosed: () => void) => {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<Failure>(null);
  const fail = <Values,>(error: unknown, form: Pick<FormInstance<Values>, 'setFields'>) => {
    if (isTokenClosed(error, true)) {
      onClosed();
      return;
    }
    if (isNoAnswer(error)) {
      setFailure({ message: t('kiosk.offlineError') });
      return;
    }
    showFieldErrors(form, error);
    setFailure({ message: errorText(error, t) });
  };
  return { failure, setFailure, fail };
};

type Balance = { unpaidAmount: number; unpaidSales: OwingSale[] };

/** What an unpaid customer owes, and from which sales: for the staff member only, after their sign-in. */
function OwedBalance({ balance }: { balance: Balance }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('kiosk.balance.title')} className="fd-entry-balance">
      <p>
        <strong>{t('kiosk.balance.total', { amount: balance.unpaidAmount.toLocaleString('ko-KR') })}</strong>
      </p>
      <ul>
        {balance.unpaidSales.map((s) => (
          <li key={s.saleId}>
            {t('kiosk.balance.sale', {
              day: s.saleDay,
              item: s.itemName,
              amount: s.owed.toLocaleString('ko-KR'),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}

type OverrideValues = { userId: string; password: string; note: string };

export function KioskOverrideDialog({
  token,
  answer,
  onClose,
  onLetIn,
  onClosed,
}: {
  token: string;
  answer: KioskAnswer;
  onClose: () => void;
  onLetIn: (answer: KioskAnswer) => void;
  onClosed: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OverrideValues>();
  const [busy, setBusy] = useState(false);
  const { failure, setFailure, fail } = useStaffCall(onClosed);
  const required = { required: true, whitespace: true, message: t('validation.required') };
  // The staff side of an unpaid refusal (docs/rules.md#check-in): after a staff sign-in, what is owed and from
  // which sales. The customer's screen never shows the amount.
  const [balance, setBalance] = useState<Balance | null>(null);
  const showBalance = async () => {
    if (answer.entryId === null) return;
    const values = await form.validateFields(['userId', 'password']).catch(() => null);
    if (!values) return;
    setBusy(true);
    setFailure(null);
    try {
      setBalance(
        await api.call(entryKioskBalanceRoute, {
          body: { entryId: answer.entryId, userId: values.userId.trim(), password: values.password },
          headers: entryKioskHeaders(token),
        }),
      );
    } catch (error) {
      fail(error, form);
    } finally {
      setBusy(false);
    }
  };

  const submit = async (values: OverrideValues) => {
    if (answer.entryId === null) return;
    setBusy(true);
    setFailure(null);
    try {
      const letIn = await api.call(entryKioskOverrideRoute, {
        body: {
          entryId: answer.entryId,
          userId: values.userId.trim(),
          password: values.password,
          note: values.note.trim(),
        },
        headers: entryKioskHeaders(token),
      });
      onLetIn(letIn);
    } catch (error) {
      fail(error, form);
      form.setFieldValue('password', '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('kiosk.override.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('kiosk.override.submit')}
      cancelText={t('kiosk.override.cancel')}
      confirmLoading={busy}
      maskClosable={false}
      destroyOnHidden
    >
      <p>{answer.name ? t('kiosk.override.help', { name: answer.name }) : t('kiosk.override.helpNoName')}</p>
      <Form<OverrideValues>
        form={form}
        name="entry-override"
        layout="vertical"
        size="large"
        onFinish={submit}
      >
        <Form.Item name="userId" label={t('kiosk.override.userId')} rules={[required, { max: 50 }]}>
          <Input
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={50}
            autoFocus
            onPressEnter={() => form.submit()}
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('kiosk.override.password')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <Input.Password autoComplete="off" maxLength={200} onPressEnter={() => form.submit()} />
        </Form.Item>
        {answer.reason === 'unpaid' && !balance && (
          <Button onClick={() => void showBalance()} disabled={busy} className="fd-entry-balance-button">
            {t('kiosk.balance.show')}
          </Button>
        )}
        {balance && <OwedBalance balance={balance} />}
        <Form.Item name="note" label={t('kiosk.override.note')} rules={[required, { max: 200 }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={200} />
        </Form.Item>
      </Form>
      {failure && <Alert type="error" showIcon message={failure.message} />}
    </Modal>
  );
}

type ExitValues = { userId: string; password: string };

export function KioskExitDialog({
  token,
  onClose,
  onExited,
  onClosed,
}: {
  token: string;
  onClose: () => void;
  onExited: () => void;
  onClosed: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ExitValues>();
  const [busy, setBusy] = useState(false);
  const { failure, setFailure, fail } = useStaffCall(onClosed);

  const submit = async (values: ExitValues) => {
    setBusy(true);
    setFailure(null);
    try {
      await api.call(entryKioskExitRoute, {
        body: { userId: values.userId.trim(), password: values.password },
        headers: entryKioskHeaders(token),
      });
      onExited();
    } catch (error) {
      fail(error, form);
      form.setFieldValue('password', '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('kiosk.exit.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('kiosk.exit.submit')}
      cancelText={t('kiosk.exit.cancel')}
      confirmLoading={busy}
      maskClosable={false}
      destroyOnHidden
    >
      <p>{t('kiosk.exit.help')}</p>
      <Form<ExitValues> form={form} name="entry-exit" layout="vertical" size="large" onFinish={submit}>
        <Form.Item
          name="userId"
          label={t('kiosk.exit.userId')}
          rules={[{ required: true, whitespace: true, message: t('validation.required') }, { max: 50 }]}
        >
          <Input
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={50}
            autoFocus
            onPressEnter={() => form.submit()}
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('kiosk.exit.password')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <Input.Password autoComplete="off" maxLength={200} onPressEnter={() => form.submit()} />
        </Form.Item>
      </Form>
      {failure && <Alert type="error" showIcon message={failure.message} />}
    </Modal>
  );
}
