import { useTranslate } from '@refinedev/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Skeleton, Typography } from 'antd';
import { gymSettingRoute, updateGymSettingRoute } from '#domain/api/gym.ts';
import { SectionCard } from '#src/components/section-card.tsx';
import { useFacility } from '#src/facility/facility-context.tsx';
import { errorText } from '#src/kit/error-text.ts';
import { fieldErrorsAllShown, showFieldErrors } from '#src/kit/form-errors.ts';
import { isHttpError } from '#src/providers/http-error.ts';
import { api } from '#src/providers/instances.ts';

// The bank account a payment request shows for a transfer (docs/rules.md#payment-requests): a card on
// `/setting/gym`; the representative sets it (the settings route allows only them), staff see it.

type AccountForm = { transferBank: string; transferAccount: string; transferHolder: string };
const FIELDS = new Set<string>(['transferBank', 'transferAccount', 'transferHolder']);

export const gymSettingKey = (gymId: number) => ['gym-setting', gymId] as const;

const blankToNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

export function TransferAccountCard({ gymId }: { gymId: number }) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { selected, gymAuth } = useFacility();
  const canChange = Boolean(gymAuth?.representYn) && selected?.gymStatus !== 'QUIT';
  const [form] = Form.useForm<AccountForm>();
  const setting = useQuery({
    queryKey: gymSettingKey(gymId),
    queryFn: () => api.call(gymSettingRoute, { params: { gymId } }),
    enabled: gymId > 0,
  });
  const save = useMutation({
    meta: { silent: true },
    mutationFn: (values: AccountForm) =>
      api.call(updateGymSettingRoute, {
        params: { gymId },
        body: {
          transferBank: blankToNull(values.transferBank),
          transferAccount: blankToNull(values.transferAccount),
          transferHolder: blankToNull(values.transferHolder),
        },
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(gymSettingKey(gymId), saved);
      message.success(translate('payRequest.account.saved'));
    },
    onError: (error) => {
      showFieldErrors(form, error, { only: FIELDS });
      if (!fieldErrorsAllShown(error, FIELDS)) message.error(errorText(error, translate));
    },
  });

  /** All three or none: a half-set account is not shown to customers, so it is not saved either. */
  const allOrNone = () => ({
    validator: async () => {
      const values = form.getFieldsValue();
      const filled = [values.transferBank, values.transferAccount, values.transferHolder].filter((v) =>
        v?.trim(),
      ).length;
      if (filled !== 0 && filled !== 3) throw new Error(translate('payRequest.account.required'));
    },
  });

  const data = setting.data;
  return (
    <SectionCard title={translate('payRequest.account.title')}>
      <Typography.Paragraph type="secondary">{translate('payRequest.account.intro')}</Typography.Paragraph>
      {setting.isError ? (
        <Alert
          type="error"
          showIcon
          message={translate('payRequest.account.loadFailed')}
          description={isHttpError(setting.error) ? setting.error.message : undefined}
          action={
            <Button onClick={() => void setting.refetch()}>{translate('payRequest.account.retry')}</Button>
          }
        />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <Form<AccountForm>
          key={gymId}
          form={form}
          layout="vertical"
          disabled={!canChange}
          initialValues={{
            transferBank: data.transferBank ?? '',
            transferAccount: data.transferAccount ?? '',
            transferHolder: data.transferHolder ?? '',
          }}
          onFinish={(values) => save.mutate(values)}
          style={{ maxWidth: 480 }}
        >
          <Form.Item
            name="transferBank"
            label={translate('payRequest.account.bank')}
            dependencies={['transferAccount', 'transferHolder']}
            rules={[allOrNone]}
          >
            <Input maxLength={40} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="transferAccount"
            label={translate('payRequest.account.account')}
            extra={translate('payRequest.account.accountHelp')}
            rules={[
              {
                pattern: /^(|[0-9][0-9-]{4,38}[0-9])$/,
                message: translate('payRequest.account.accountFormat'),
              },
            ]}
          >
            <Input maxLength={40} inputMode="numeric" autoComplete="off" />
          </Form.Item>
          <Form.Item name="transferHolder" label={translate('payRequest.account.holder')}>
            <Input maxLength={40} autoComplete="off" />
          </Form.Item>
          {canChange ? (
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {translate('buttons.save')}
            </Button>
          ) : (
            <Typography.Text type="secondary">{translate('payRequest.account.readOnly')}</Typography.Text>
          )}
        </Form>
      )}
    </SectionCard>
  );
}
