import { useTranslate } from '@refinedev/core';
import {
  Alert,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Grid,
  Input,
  Radio,
  Space,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerListRoute } from '#domain/api/customer.ts';
import { taxInvoiceCandidatesRoute, taxInvoiceIssueRoute } from '#domain/api/receipt.ts';
import { checkReceiptIdentifier } from '#domain/rules/money.ts';
import type { ReceiptSettings, TaxInvoice } from '#domain/schemas/receipt.ts';
import { useContract, useContractMutation } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { showFieldErrors } from '#src/kit/form-errors.ts';
import { fieldErrorsOf } from '#src/providers/http-error.ts';
import { RadioChoices } from '../../forms/choice-groups.tsx';
import { PlainSelect } from '../../forms/plain-select.tsx';
import { formatWon } from '../customers/money.ts';
import { dotDate, receiptKeys } from './receipt-api.ts';
import { TestModeTag } from './receipt-tags.tsx';

type Values = {
  memberId?: number;
  saleId?: number;
  buyerBusinessNumber: string;
  buyerName: string;
  buyerEmail?: string;
  supplyDate?: Dayjs;
};

const useDebounced = <T,>(value: T, delay = 300): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
};

/** The customers to choose from (the first 20 the search finds) and the chosen customer's sales. */
const useInvoiceChoices = (gymId: number, q: string, memberId: number | undefined) => {
  const customers = useContract(
    customerListRoute,
    { query: { gymId, segment: 'all', days: 7, ...(q ? { q } : {}), _start: 0, _end: 20 } },
    { queryKey: receiptKeys['customer-options'](gymId, q), enabled: gymId > 0, staleTime: 30_000 },
  );
  const candidates = useContract(
    taxInvoiceCandidatesRoute,
    { query: { gymId, memberId: memberId ?? 0 } },
    {
      queryKey: receiptKeys.candidates(gymId, memberId ?? 0),
      enabled: gymId > 0 && memberId !== undefined,
      meta: { silent: true },
    },
  );
  return { customers, candidates };
};

type InvoiceChoices = ReturnType<typeof useInvoiceChoices>;
type Candidate = NonNullable<InvoiceChoices['candidates']['data']>[number];

/** The supplier: the facility's verified details, or a warning that they are missing. */
function TaxInvoiceSupplier({
  settings,
  supplierMissing,
}: {
  settings: ReceiptSettings | undefined;
  supplierMissing: boolean;
}) {
  const translate = useTranslate();
  return supplierMissing ? (
    <Alert type="warning" showIcon message={translate('receipts.invoice.supplierMissing')} />
  ) : (
    settings && (
      <Descriptions size="small" column={1} bordered className="fd-rx-preview">
        <Descriptions.Item label={translate('receipts.invoice.supplier')}>
          {settings.supplierName} · {settings.supplierBusinessNumber}
          {settings.supplierRepresentative && ` · ${settings.supplierRepresentative}`}
        </Descriptions.Item>
      </Descriptions>
    )
  );
}

/** The customer, then one of their sales (each says why it cannot get an invoice), and the invoice's figures. */
function TaxInvoiceSaleFields({
  customers,
  candidates,
  memberId,
  chosen,
  onSearch,
}: InvoiceChoices & {
  memberId: number | undefined;
  chosen: Candidate | undefined;
  onSearch: (search: string) => void;
}) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const won = (n: number) => formatWon(n, i18n.language);
  return (
    <>
      <Form.Item
        name="memberId"
        label={translate('receipts.invoice.customer')}
        rules={[{ required: true, message: translate('validation.required') }]}
      >
        <PlainSelect<number>
          showSearch
          allowClear
          placeholder={translate('receipts.invoice.customerSearch')}
          filterOption={false}
          onSearch={onSearch}
          loading={customers.isFetching}
          notFoundContent={customers.isFetching ? undefined : translate('receipts.invoice.noCustomers')}
          options={(customers.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.phone})` }))}
        />
      </Form.Item>
      {memberId === undefined && (
        <Typography.Paragraph type="secondary">
          {translate('receipts.invoice.chooseCustomer')}
        </Typography.Paragraph>
      )}
      {memberId !== undefined && candidates.data?.length === 0 && (
        <Typography.Paragraph type="secondary">{translate('receipts.invoice.noSales')}</Typography.Paragraph>
      )}
      <Form.Item
        name="saleId"
        label={translate('receipts.invoice.sale')}
        hidden={memberId === undefined || candidates.data?.length === 0}
        rules={[{ required: true, message: translate('validation.required') }]}
      >
        <RadioChoices className="fd-rx-sales">
          {(candidates.data ?? []).map((c) => (
            <Radio key={c.saleId} value={c.saleId} disabled={c.refusal !== null}>
              <span>
                {translate('receipts.invoice.saleOption', {
                  date: dotDate(c.saleDate),
                  item: c.itemName,
                  paid: won(c.paid),
                })}
              </span>
              {c.refusal && (
                <span className="fd-rx-refusal">{translate(`receipts.invoice.refusal.${c.refusal}`)}</span>
              )}
            </Radio>
          ))}
        </RadioChoices>
      </Form.Item>
      {chosen && chosen.refusal === null && (
        <Alert
          type="info"
          className="fd-rx-preview"
          message={translate('receipts.invoice.preview', {
            total: won(chosen.paid),
            supply: won(chosen.supply),
            vat: won(chosen.vat),
          })}
        />
      )}
    </>
  );
}

/** The buyer's business number, name and e-mail, and the supply date (the sale's day unless given). */
function TaxInvoiceBuyerFields({ chosen }: { chosen: Candidate | undefined }) {
  const translate = useTranslate();
  return (
    <>
      <div className="fd-rx-inline">
        <Form.Item
          name="buyerBusinessNumber"
          label={translate('receipts.invoice.buyerBusinessNumber')}
          rules={[
            { required: true, message: translate('validation.required') },
            {
              validator: (_, value: string | undefined) =>
                !value || checkReceiptIdentifier('BUSINESS', value).ok
                  ? Promise.resolve()
                  : Promise.reject(new Error(translate('receipts.shape.receiptBusinessShape'))),
            },
          ]}
        >
          <Input inputMode="numeric" autoComplete="off" maxLength={12} placeholder="123-45-67890" />
        </Form.Item>
        <Form.Item
          name="buyerName"
          label={translate('receipts.invoice.buyerName')}
          rules={[{ required: true, whitespace: true, message: translate('validation.required') }]}
        >
          <Input maxLength={100} autoComplete="organization" />
        </Form.Item>
      </div>
      <div className="fd-rx-inline">
        <Form.Item
          name="buyerEmail"
          label={translate('receipts.invoice.buyerEmail')}
          rules={[{ type: 'email', message: translate('validation.emailFormat') }]}
        >
          <Input type="email" maxLength={200} autoComplete="email" />
        </Form.Item>
        <Form.Item
          name="supplyDate"
          label={translate('receipts.invoice.supplyDate')}
          extra={chosen ? dotDate(chosen.saleDate) : undefined}
        >
          <DatePicker
            format="YYYY-MM-DD"
            style={{ width: '100%' }}
            placeholder={chosen ? chosen.saleDate : 'YYYY-MM-DD'}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          />
        </Form.Item>
      </div>
    </>
  );
}

/**
 * Issuing a tax invoice (docs/rules.md#tax-invoices): a customer, then one of their sales; each sale says why it
 * cannot get one (paid by card: the card slip already serves; nothing paid; already issued). The supplier is the
 * facility's verified details; the total is what was paid on the sale, split into supply and VAT.
 */
export function TaxInvoiceDrawer({
  gymId,
  settings,
  onClose,
  onIssued,
}: {
  gymId: number;
  settings: ReceiptSettings | undefined;
  onClose: () => void;
  onIssued: (invoice: TaxInvoice) => void;
}) {
  const translate = useTranslate();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<Values>();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const memberId = Form.useWatch('memberId', form);
  const saleId = Form.useWatch('saleId', form);

  const { customers, candidates } = useInvoiceChoices(gymId, q, memberId);
  const chosen = candidates.data?.find((c) => c.saleId === saleId);

  const issue = useContractMutation(taxInvoiceIssueRoute, {
    input: (values: Values) => ({
      body: {
        gymId,
        saleId: values.saleId ?? 0,
        buyerBusinessNumber: values.buyerBusinessNumber,
        buyerName: values.buyerName,
        ...(values.buyerEmail ? { buyerEmail: values.buyerEmail } : {}),
        ...(values.supplyDate ? { supplyDate: values.supplyDate.format('YYYY-MM-DD') } : {}),
      },
    }),
    meta: { silent: true },
    onSuccess: onIssued,
    onError: (error) => showFieldErrors(form, error),
  });
  const supplierMissing = settings !== undefined && !settings.supplierBusinessNumber;

  return (
    <Drawer
      open
      onClose={onClose}
      width={screens.md ? 560 : '100%'}
      rootClassName="fd-rx-overlay"
      title={
        <Space wrap>
          {translate('receipts.invoice.title')}
          {settings?.testMode && <TestModeTag />}
        </Space>
      }
      destroyOnHidden
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }} wrap>
          <Button onClick={onClose}>{translate('receipts.invoice.cancel')}</Button>
          <Button
            type="primary"
            loading={issue.isPending}
            disabled={!chosen || chosen.refusal !== null || supplierMissing}
            onClick={() => form.submit()}
          >
            {translate('receipts.invoice.submit')}
          </Button>
        </Space>
      }
    >
      <TaxInvoiceSupplier settings={settings} supplierMissing={supplierMissing} />
      {issue.isError && fieldErrorsOf(issue.error).length === 0 && (
        <Alert type="error" showIcon role="alert" message={errorText(issue.error, translate)} />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark
        onFinish={(values) => issue.mutate(values)}
        onValuesChange={(changed: Partial<Values>) => {
          if ('memberId' in changed) form.setFieldValue('saleId', undefined);
        }}
      >
        <TaxInvoiceSaleFields
          customers={customers}
          candidates={candidates}
          memberId={memberId}
          chosen={chosen}
          onSearch={setSearch}
        />
        <TaxInvoiceBuyerFields chosen={chosen} />
      </Form>
    </Drawer>
  );
}
