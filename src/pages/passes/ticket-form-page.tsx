import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  ColorPicker,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Result,
  Select,
  Skeleton,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate, useSearchParams } from 'react-router';
import { ticketSaleStates } from '#domain/enums.ts';
import { discountPercent, periodUnits } from '#domain/rules/passes.ts';
import type { Ticket } from '#domain/schemas/pass.ts';
import { ticketProblems } from '#domain/schemas/pass.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { isHttpError } from '#src/providers/http-error.ts';
import { http } from '#src/providers/instances.ts';
import { fieldErrorsOf } from '../customers/add-customer-drawer.tsx';
import { LABEL_COLORS } from './ticket-list-page.tsx';
import '../customers/members.css';

type Values = Omit<
  Ticket,
  | 'id'
  | 'gymId'
  | 'saleStartDate'
  | 'saleEndDate'
  | 'color'
  | 'saleLabel'
  | 'discountPercent'
  | 'soldCount'
  | 'createDate'
  | 'modifiedDate'
> & {
  saleStartDate?: Dayjs | null;
  saleEndDate?: Dayjs | null;
  color: string | { toHexString: () => string };
};

const money = {
  min: 0,
  step: 10_000,
  style: { width: '100%' },
  formatter: (v: number | string | undefined) =>
    v === undefined || v === '' ? '' : Number(v).toLocaleString(),
  parser: (v: string | undefined) => Number((v ?? '').replace(/[^\d]/g, '')),
};

/** `/ticket/list/add` and `/ticket/list/info?id=`: a pass product's form (docs/rules.md#passes). */
export function TicketFormPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || null;
  const { selected, gymAuth } = useFacility();
  const gymId = selected?.id ?? 0;
  const canChange = Boolean(gymAuth?.representYn || gymAuth?.memberSettingYn);
  const [form] = Form.useForm<Values>();
  const origin = Form.useWatch('originPrice', form) ?? 0;
  const sale = Form.useWatch('salePrice', form) ?? 0;
  // A bundle (a period with sessions) states the value of its sessions (docs/rules.md#trainer-pay).
  const periodAmount = Form.useWatch('periodAmount', form);
  const sessionCount = Form.useWatch('sessionCount', form);
  const bundle = Boolean(periodAmount) && Boolean(sessionCount);
  const existing = useQuery({
    queryKey: ['passes', 'product', id],
    queryFn: async () => (await http.get<Ticket>(`/web/ticket/${id}`)).data as Ticket,
    enabled: id !== null,
    retry: false,
  });
  const save = useMutation({
    meta: { silent: true },
    mutationFn: async (values: Values) => {
      const body = {
        name: values.name,
        periodAmount: values.periodAmount ?? null,
        periodUnit: values.periodAmount ? (values.periodUnit ?? null) : null,
        sessionCount: values.sessionCount ?? null,
        originPrice: values.originPrice,
        salePrice: values.salePrice,
        saleStartDate: values.saleStartDate ? values.saleStartDate.format('YYYY-MM-DD') : null,
        saleEndDate: values.saleEndDate ? values.saleEndDate.format('YYYY-MM-DD') : null,
        saleState: values.saleState,
        holdMaxCount: values.holdMaxCount ?? null,
        holdMaxDays: values.holdMaxDays ?? null,
        holdMinDays: values.holdMinDays ?? null,
        entryUsesSession: values.entryUsesSession,
        transferFee: values.transferFee ?? 0,
        sessionValue: values.periodAmount && values.sessionCount ? (values.sessionValue ?? null) : null,
        color: typeof values.color === 'string' ? values.color : values.color.toHexString(),
      };
      const problems = ticketProblems(body);
      if (problems.length) {
        form.setFields(
          problems.map((p) => ({
            name: p.path as keyof Values,
            errors: [translate(`validation.${p.message}`)],
          })),
        );
        throw new Error('invalid');
      }
      return id
        ? (await http.put(`/web/ticket/${id}`, body)).data
        : (await http.post('/web/ticket', { ...body, gymId })).data;
    },
    onSuccess: () => {
      message.success(translate('passes.products.saved'));
      navigate('/ticket/list');
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      if (fields.length) form.setFields(fields as Parameters<typeof form.setFields>[0]);
      else if (isHttpError(error)) message.error(error.message);
    },
  });
  const remove = useMutation({
    meta: { silent: true },
    mutationFn: async () => http.delete(`/web/ticket/${id}`),
    onSuccess: () => {
      message.success(translate('passes.products.deleted'));
      navigate('/ticket/list');
    },
    onError: (error) => message.error(isHttpError(error) ? error.message : translate('errors.UNKNOWN')),
  });

  if (id !== null && existing.isError)
    return <Result status="404" title={translate('passes.products.notFound')} />;
  if (id !== null && !existing.data) return <Skeleton active />;
  const t = existing.data;

  return (
    <div className="fd-members-page">
      <div className="fd-members-head">
        <Space>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={translate('customers.detail.back')}
            onClick={() => navigate('/ticket/list')}
          />
          <Typography.Title level={1} className="fd-page-title">
            {t ? t.name : translate('passes.products.add')}
          </Typography.Title>
          {t && <Tag color={LABEL_COLORS[t.saleLabel]}>{translate(`enums.saleLabel.${t.saleLabel}`)}</Tag>}
        </Space>
        {t && canChange && (
          <Space wrap>
            {t.saleState === 'ACTIVE' && (
              <Button
                onClick={() =>
                  http.put(`/web/ticket/${t.id}`, { saleState: 'INACTIVE' }).then(() => existing.refetch())
                }
              >
                {translate('passes.products.stop')}
              </Button>
            )}
            <Button
              danger
              disabled={t.soldCount > 0}
              title={t.soldCount > 0 ? translate('passes.products.soldCannotDelete') : undefined}
              onClick={() =>
                modal.confirm({
                  title: translate('passes.products.deleteTitle', { name: t.name }),
                  okText: translate('buttons.delete'),
                  okButtonProps: { danger: true },
                  cancelText: translate('buttons.cancel'),
                  onOk: () => remove.mutateAsync(),
                })
              }
            >
              {translate('buttons.delete')}
            </Button>
          </Space>
        )}
      </div>
      {t && t.soldCount > 0 && (
        <Alert type="info" showIcon message={translate('passes.products.soldInfo', { count: t.soldCount })} />
      )}
      <Card>
        <Form<Values>
          form={form}
          layout="vertical"
          disabled={!canChange}
          onFinish={(values) => save.mutate(values)}
          initialValues={
            t
              ? {
                  ...t,
                  saleStartDate: t.saleStartDate ? dayjs(t.saleStartDate) : null,
                  saleEndDate: t.saleEndDate ? dayjs(t.saleEndDate) : null,
                }
              : {
                  periodUnit: 'MONTH',
                  saleState: 'ACTIVE',
                  entryUsesSession: false,
                  transferFee: 0,
                  color: '#1677ff',
                }
          }
        >
          <Form.Item
            name="name"
            label={translate('ticket.fields.name')}
            rules={[{ required: true, whitespace: true, message: translate('validation.required') }]}
          >
            <Input maxLength={60} />
          </Form.Item>
          <Space wrap align="start">
            <Form.Item name="periodAmount" label={translate('ticket.fields.periodAmount')}>
              <InputNumber<number> min={1} max={999} />
            </Form.Item>
            <Form.Item name="periodUnit" label={translate('ticket.fields.periodUnit')}>
              <Select
                style={{ width: 120 }}
                options={periodUnits.map((u) => ({ value: u, label: translate(`enums.periodUnit.${u}`) }))}
              />
            </Form.Item>
            <Form.Item name="sessionCount" label={translate('ticket.fields.sessionCount')}>
              <InputNumber<number> min={1} max={999} />
            </Form.Item>
          </Space>
          <Space wrap align="start">
            <Form.Item
              name="originPrice"
              label={translate('ticket.fields.originPrice')}
              rules={[{ required: true, message: translate('validation.required') }]}
            >
              <InputNumber<number> {...money} />
            </Form.Item>
            <Form.Item
              name="salePrice"
              label={translate('ticket.fields.salePrice')}
              rules={[{ required: true, message: translate('validation.required') }]}
              extra={
                origin > 0 && sale < origin
                  ? translate('passes.products.discount', { percent: discountPercent(origin, sale) })
                  : undefined
              }
            >
              <InputNumber<number> {...money} />
            </Form.Item>
          </Space>
          {bundle && (
            <Form.Item
              name="sessionValue"
              label={translate('ticket.fields.sessionValue')}
              extra={translate('ticket.help.sessionValue')}
              style={{ maxWidth: 480 }}
            >
              <InputNumber<number> {...money} />
            </Form.Item>
          )}
          <Space wrap align="start">
            <Form.Item name="saleStartDate" label={translate('ticket.fields.saleStartDate')}>
              <DatePicker />
            </Form.Item>
            <Form.Item name="saleEndDate" label={translate('ticket.fields.saleEndDate')}>
              <DatePicker />
            </Form.Item>
            <Form.Item name="saleState" label={translate('ticket.fields.saleState')}>
              <Select
                style={{ width: 120 }}
                options={ticketSaleStates.map((s) => ({
                  value: s,
                  label: translate(`enums.ticketSaleState.${s}`),
                }))}
              />
            </Form.Item>
          </Space>
          <Space wrap align="start">
            <Form.Item name="holdMaxCount" label={translate('ticket.fields.holdMaxCount')}>
              <InputNumber<number> min={0} max={99} />
            </Form.Item>
            <Form.Item name="holdMaxDays" label={translate('ticket.fields.holdMaxDays')}>
              <InputNumber<number> min={0} max={3650} />
            </Form.Item>
            <Form.Item name="holdMinDays" label={translate('ticket.fields.holdMinDays')}>
              <InputNumber<number> min={1} max={3650} />
            </Form.Item>
          </Space>
          <Space wrap align="start">
            <Form.Item name="transferFee" label={translate('ticket.fields.transferFee')}>
              <InputNumber<number> {...money} />
            </Form.Item>
            <Form.Item
              name="entryUsesSession"
              label={translate('ticket.fields.entryUsesSession')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
            <Form.Item name="color" label={translate('ticket.fields.color')}>
              <ColorPicker disabledAlpha format="hex" />
            </Form.Item>
          </Space>
          {canChange && (
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {translate('buttons.save')}
            </Button>
          )}
        </Form>
      </Card>
    </div>
  );
}
