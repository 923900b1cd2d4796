import { useTranslate } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, InputNumber, Skeleton, Switch, Typography } from 'antd';
import { bookingSettingsGetRoute, bookingSettingsPutRoute } from '#domain/api/schedule.ts';
import type { BookingSettings } from '#domain/rules/schedule.ts';
import { SectionCard } from '#src/components/section-card.tsx';
import { useFacility } from '#src/facility/facility-context.tsx';
import { useContract, useContractMutation } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { fieldErrorsAllShown, showFieldErrors } from '#src/kit/form-errors.ts';
import { queryKeys } from '#src/kit/query-keys.ts';
import { isHttpError } from '#src/providers/http-error.ts';

type Rule =
  | { name: keyof BookingSettings; kind: 'number'; unit: string; min: number; max: number }
  | { name: keyof BookingSettings; kind: 'switch' };

/** The rules in the order people think of them: the booking window, cancels, no-shows, the waitlist, the limit. */
const RULES: readonly Rule[] = [
  { name: 'openDaysAhead', kind: 'number', unit: 'days', min: 0, max: 90 },
  { name: 'closeMinutesBefore', kind: 'number', unit: 'minutes', min: 0, max: 7 * 24 * 60 },
  { name: 'freeCancelHours', kind: 'number', unit: 'hours', min: 0, max: 7 * 24 },
  { name: 'lateCancelUsesSession', kind: 'switch' },
  { name: 'noShowUsesSession', kind: 'switch' },
  { name: 'waitlistCloseMinutesBefore', kind: 'number', unit: 'minutes', min: 0, max: 7 * 24 * 60 },
  { name: 'maxActiveBookings', kind: 'number', unit: 'bookings', min: 1, max: 100 },
];

const FIELDS = new Set<string>(RULES.map((r) => r.name));

const bookingRulesKeys = queryKeys('booking-rules', { settings: (gymId: number) => [gymId] });

/** The facility's booking rules (docs/rules.md#schedule), a card on `/setting/gym`; the representative changes them. */
export function BookingRulesCard({ gymId }: { gymId: number }) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { selected, gymAuth } = useFacility();
  const canChange = Boolean(gymAuth?.representYn) && selected?.gymStatus !== 'QUIT';
  const [form] = Form.useForm<BookingSettings>();
  const settings = useContract(
    bookingSettingsGetRoute,
    { params: { gymId } },
    { queryKey: bookingRulesKeys.settings(gymId), enabled: gymId > 0 },
  );
  const save = useContractMutation(bookingSettingsPutRoute, {
    meta: { silent: true },
    input: (values: BookingSettings) => ({
      params: { gymId },
      body: {
        openDaysAhead: values.openDaysAhead,
        closeMinutesBefore: values.closeMinutesBefore,
        freeCancelHours: values.freeCancelHours,
        noShowUsesSession: Boolean(values.noShowUsesSession),
        lateCancelUsesSession: Boolean(values.lateCancelUsesSession),
        waitlistCloseMinutesBefore: values.waitlistCloseMinutesBefore,
        maxActiveBookings: values.maxActiveBookings,
      },
    }),
    onSuccess: (saved) => {
      queryClient.setQueryData(bookingRulesKeys.settings(gymId), saved);
      message.success(translate('bookingRules.saved'));
    },
    onError: (error) => {
      showFieldErrors(form, error, { only: FIELDS });
      if (!fieldErrorsAllShown(error, FIELDS)) message.error(errorText(error, translate));
    },
  });

  const data = settings.data;
  return (
    <SectionCard title={translate('bookingRules.title')}>
      <Typography.Paragraph type="secondary">{translate('bookingRules.intro')}</Typography.Paragraph>
      {settings.isError ? (
        <Alert
          type="error"
          showIcon
          message={translate('bookingRules.loadFailed')}
          description={isHttpError(settings.error) ? settings.error.message : undefined}
          action={<Button onClick={() => void settings.refetch()}>{translate('bookingRules.retry')}</Button>}
        />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Form<BookingSettings>
          key={gymId}
          form={form}
          layout="vertical"
          disabled={!canChange}
          initialValues={data}
          onFinish={(values) => save.mutate(values)}
          style={{ maxWidth: 640 }}
        >
          {RULES.map((rule) =>
            rule.kind === 'number' ? (
              <Form.Item
                key={rule.name}
                name={rule.name}
                label={translate(`bookingRules.fields.${rule.name}`)}
                extra={translate(`bookingRules.help.${rule.name}`)}
                rules={[
                  { required: true, message: translate('validation.required') },
                  {
                    type: 'number',
                    min: rule.min,
                    max: rule.max,
                    message: translate('bookingRules.range', {
                      min: rule.min.toLocaleString('ko-KR'),
                      max: rule.max.toLocaleString('ko-KR'),
                    }),
                  },
                ]}
              >
                <InputNumber<number>
                  min={rule.min}
                  max={rule.max}
                  precision={0}
                  inputMode="numeric"
                  suffix={translate(`bookingRules.units.${rule.unit}`)}
                  style={{ width: '100%', maxWidth: 220 }}
                />
              </Form.Item>
            ) : (
              <Form.Item
                key={rule.name}
                name={rule.name}
                label={translate(`bookingRules.fields.${rule.name}`)}
                extra={translate(`bookingRules.help.${rule.name}`)}
                valuePropName="checked"
              >
                {/* No on/off text inside: antd's white text on the grey track fails contrast (axe); the label and
                    its explanation say what the switch does. */}
                <Switch />
              </Form.Item>
            ),
          )}
          {canChange ? (
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {translate('buttons.save')}
            </Button>
          ) : (
            <Typography.Text type="secondary">{translate('bookingRules.readOnly')}</Typography.Text>
          )}
        </Form>
      )}
    </SectionCard>
  );
}
