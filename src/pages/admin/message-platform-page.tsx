import { useList, useTranslate } from '@refinedev/core';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Select,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { useState } from 'react';
import {
  platformCreditTopupRoute,
  platformMessageSettingsRoute,
  platformMessageSettingsUpdateRoute,
} from '#domain/api/message-settings.ts';
import { isOptOutNumber } from '#domain/rules/message.ts';
import type { Gym } from '#domain/schemas/gym.ts';
import type {
  MessagePlatformSettings,
  MessagePlatformSettingsUpdate,
} from '#domain/schemas/message-settings.ts';
import { formatWon } from '#src/components/money.ts';
import { useContract, useContractMutation } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { fieldErrorsAllShown, showFieldErrors } from '#src/kit/form-errors.ts';
import { findResource } from '../../resources/registry.ts';
import { messageSettingsKeys } from '../message-settings/message-settings-api.ts';

const PRICE_KINDS = ['SMS', 'LMS', 'MMS', 'ALIMTALK', 'EMAIL'] as const;
const PRICE_FIELDS = ['prices', 'optOutNumber', ...PRICE_KINDS.map((kind) => `prices.${kind}`)];

/** The price per kind (won per message) and the platform's 080 opt-out number. */
function PricesCard({ settings }: { settings: MessagePlatformSettings }) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const [form] = Form.useForm<MessagePlatformSettingsUpdate>();
  const save = useContractMutation(platformMessageSettingsUpdateRoute, {
    input: (values: MessagePlatformSettingsUpdate) => ({
      body: { prices: values.prices, optOutNumber: values.optOutNumber.trim() },
    }),
    invalidates: [messageSettingsKeys.all],
    meta: { silent: true },
    onSuccess: () => void message.success(translate('messageSettings.admin.prices.saved')),
    onError: (error) => showFieldErrors(form, error, { only: PRICE_FIELDS }),
  });
  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{translate('messageSettings.admin.prices.title')}</h2>}
    >
      {save.isError && !fieldErrorsAllShown(save.error, PRICE_FIELDS) && (
        <Alert type="error" showIcon role="alert" message={errorText(save.error, translate)} />
      )}
      <Typography.Paragraph type="secondary">
        {translate('messageSettings.admin.prices.hint')}
      </Typography.Paragraph>
      <Form<MessagePlatformSettingsUpdate>
        form={form}
        layout="vertical"
        initialValues={settings}
        onFinish={(values) => save.mutate(values)}
      >
        <Space wrap size={[16, 0]}>
          {PRICE_KINDS.map((kind) => (
            <Form.Item
              key={kind}
              name={['prices', kind]}
              label={translate(`messageSettings.admin.prices.kinds.${kind}`)}
              rules={[
                {
                  required: true,
                  type: 'integer',
                  min: 0,
                  max: 10_000,
                  message: translate('messageSettings.admin.prices.bounds'),
                },
              ]}
            >
              <InputNumber
                min={0}
                max={10_000}
                precision={0}
                addonAfter={translate('messageSettings.admin.won')}
                style={{ width: 140 }}
              />
            </Form.Item>
          ))}
        </Space>
        <Form.Item
          name="optOutNumber"
          label={translate('messageSettings.admin.prices.optOut')}
          extra={translate('messageSettings.admin.prices.optOutHint')}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                value && isOptOutNumber(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(translate('messageSettings.admin.prices.optOutInvalid'))),
            },
          ]}
        >
          <Input maxLength={20} style={{ maxWidth: 240 }} inputMode="tel" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {translate('messageSettings.admin.prices.save')}
        </Button>
      </Form>
    </Card>
  );
}

type TopupValues = { gymId?: number; amount?: number; note?: string };
const TOPUP_FIELDS = ['gymId', 'amount', 'note'];

/** A facility's credit top-up (until platform billing): the facility, the amount and the note, after a confirmation. */
function TopupCard() {
  const translate = useTranslate();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<TopupValues>();
  const [search, setSearch] = useState('');
  const gymResource = findResource('admin', 'gym')?.identifier ?? 'gym';
  const gyms = useList<Gym>({
    resource: gymResource,
    filters: [
      { field: 'gymStatus', operator: 'eq', value: 'ACTIVE' },
      ...(search ? [{ field: 'name', operator: 'contains' as const, value: search }] : []),
    ],
    pagination: { currentPage: 1, pageSize: 20 },
  });
  const topup = useContractMutation(platformCreditTopupRoute, {
    input: (values: Required<TopupValues>) => ({
      body: { gymId: values.gymId, amount: values.amount, note: values.note.trim() },
    }),
    invalidates: [messageSettingsKeys.all, ['messages']],
    meta: { silent: true },
    onSuccess: (result) => {
      form.resetFields();
      void message.success(
        translate('messageSettings.admin.topup.done', { balance: formatWon(result.balance, 'ko') }),
      );
    },
    onError: (error) => showFieldErrors(form, error, { only: TOPUP_FIELDS }),
  });
  const nameOf = (id: number) => gyms.result.data.find((gym) => gym.id === id)?.name ?? String(id);
  const confirm = (values: TopupValues) =>
    modal.confirm({
      title: translate('messageSettings.admin.topup.confirmTitle'),
      content: translate('messageSettings.admin.topup.confirm', {
        gym: nameOf(values.gymId ?? 0),
        amount: formatWon(values.amount ?? 0, 'ko'),
      }),
      okText: translate('messageSettings.admin.topup.submit'),
      cancelText: translate('buttons.cancel'),
      onOk: () => topup.mutateAsync(values as Required<TopupValues>).catch(() => undefined),
    });
  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{translate('messageSettings.admin.topup.title')}</h2>}
    >
      {topup.isError && !fieldErrorsAllShown(topup.error, TOPUP_FIELDS) && (
        <Alert type="error" showIcon role="alert" message={errorText(topup.error, translate)} />
      )}
      <Typography.Paragraph type="secondary">
        {translate('messageSettings.admin.topup.hint')}
      </Typography.Paragraph>
      <Form<TopupValues> form={form} layout="vertical" onFinish={confirm} style={{ maxWidth: 480 }}>
        <Form.Item
          name="gymId"
          label={translate('messageSettings.admin.facility')}
          rules={[{ required: true, message: translate('validation.required') }]}
        >
          <Select
            showSearch
            filterOption={false}
            onSearch={(value) => setSearch(value.trim())}
            loading={gyms.query.isLoading}
            aria-label={translate('messageSettings.admin.facility')}
            placeholder={translate('messageSettings.admin.topup.facilityHint')}
            options={gyms.result.data.map((gym) => ({ value: gym.id, label: `${gym.name} (#${gym.id})` }))}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={translate('messageSettings.admin.topup.amount')}
          rules={[
            {
              required: true,
              type: 'integer',
              min: 1,
              max: 100_000_000,
              message: translate('messageSettings.admin.topup.amountBounds'),
            },
          ]}
        >
          <InputNumber
            min={1}
            max={100_000_000}
            precision={0}
            step={10_000}
            addonAfter={translate('messageSettings.admin.won')}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item
          name="note"
          label={translate('messageSettings.admin.topup.note')}
          rules={[
            { required: true, whitespace: true, message: translate('validation.required') },
            { max: 200 },
          ]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={topup.isPending}>
          {translate('messageSettings.admin.topup.submit')}
        </Button>
      </Form>
    </Card>
  );
}

/** `/admin/operations/messages` (issue 29): the message prices and opt-out number, and the credit top-up. */
export function MessagePlatformPage() {
  const translate = useTranslate();
  const settings = useContract(
    platformMessageSettingsRoute,
    {},
    { queryKey: messageSettingsKeys.platformSettings(), meta: { silent: true } },
  );
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 24, marginBottom: 0 }}>
        {translate('messageSettings.admin.platform.title')}
      </Typography.Title>
      {settings.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={translate('messageSettings.admin.loadFailed')}
          description={errorText(settings.error, translate)}
          action={
            <Button onClick={() => void settings.refetch()}>{translate('messageSettings.retry')}</Button>
          }
        />
      ) : settings.data ? (
        <PricesCard settings={settings.data} />
      ) : (
        <Skeleton active />
      )}
      <TopupCard />
    </Space>
  );
}
