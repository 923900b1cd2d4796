import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Form,
  Input,
  Result,
  Select,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { trainerGetRoute, trainerUpdateRoute } from '#domain/api/schedule.ts';
import { hasRight } from '#domain/permissions.ts';
import type { Trainer } from '#domain/schemas/schedule.ts';
import { SectionCard } from '#src/components/section-card.tsx';
import { useFacility } from '#src/facility/facility-context.tsx';
import { useContract, useContractMutation } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { showFieldErrors } from '#src/kit/form-errors.ts';
import { fieldErrorsOf, isHttpError, statusOf } from '#src/providers/http-error.ts';
import { ColorField, PayFields } from './pay-fields.tsx';
import { PayReportCard } from './pay-report-card.tsx';
import { bodyOf, formOf, formPathOf, type TrainerFormValues } from './trainer-form.ts';
import { trainerKeys } from './trainer-keys.ts';
import { TrainerPhoto } from './trainer-photo.tsx';
import { WorkingHoursFields } from './working-hours-fields.tsx';
import '../customers/members.css';
import './trainers.css';

const MAX_SPECIALTIES = 10;
const MAX_SPECIALTY = 30;
const MAX_TEXT = 1000;
/** The form's own fields: a server error on any other lands in a message. */
const FORM_FIELDS = new Set([
  'specialties',
  'career',
  'introduction',
  'hours',
  'color',
  'payKind',
  'payRate',
  'groupPayKind',
  'groupPayRate',
  'groupPayMinAttendees',
]);

/** The profile form: specialties, career, introduction, working hours, colour and pay rule. */
function TrainerProfileForm({ trainer, canChange }: { trainer: Trainer; canChange: boolean }) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TrainerFormValues>();
  const [hoursError, setHoursError] = useState<string | null>(null);
  const save = useContractMutation(trainerUpdateRoute, {
    meta: { silent: true },
    input: (values: TrainerFormValues) => ({ params: { id: trainer.id }, body: bodyOf(values) }),
    onSuccess: (updated) => {
      setHoursError(null);
      queryClient.setQueryData(trainerKeys.detail(updated.id), updated);
      void queryClient.invalidateQueries({ queryKey: trainerKeys.list(updated.gymId) });
      void queryClient.invalidateQueries({ queryKey: trainerKeys.pay(updated.id) });
      message.success(translate('trainers.detail.saved'));
    },
    onError: (error) => {
      // The week's hours as a whole go under the grid; a day's under its row; a field the form lacks in a message.
      const errors = fieldErrorsOf(error);
      const hours =
        errors
          .filter((f) => formPathOf(f.name) === null)
          .at(-1)
          ?.errors.join(' ') ?? null;
      const onForm = (name: string) => FORM_FIELDS.has(String(formPathOf(name)?.[0]));
      const other = errors
        .filter((f) => formPathOf(f.name) !== null && !onForm(f.name))
        .flatMap((f) => f.errors);
      setHoursError(hours);
      const placed = showFieldErrors(form, error, {
        only: onForm,
        pathOf: (name) => formPathOf(name) ?? name,
      });
      if (other.length) message.error(other.join(' '));
      else if (!placed && !hours) message.error(errorText(error, translate));
    },
  });

  return (
    <Form<TrainerFormValues>
      form={form}
      layout="vertical"
      disabled={!canChange}
      initialValues={formOf(trainer)}
      onFinish={(values) => save.mutate(values)}
      onFinishFailed={() => message.error(translate('trainers.detail.fixErrors'))}
      style={{ maxWidth: 720 }}
    >
      <Form.Item
        name="specialties"
        label={translate('trainers.fields.specialties')}
        extra={translate('trainers.help.specialties', { max: MAX_SPECIALTIES })}
        rules={[
          {
            validator: (_, value: string[] | undefined) => {
              const list = value ?? [];
              if (list.length > MAX_SPECIALTIES)
                return Promise.reject(
                  new Error(translate('trainers.errors.tooManySpecialties', { max: MAX_SPECIALTIES })),
                );
              if (list.some((s) => s.trim().length > MAX_SPECIALTY))
                return Promise.reject(
                  new Error(translate('trainers.errors.specialtyTooLong', { max: MAX_SPECIALTY })),
                );
              return Promise.resolve();
            },
          },
        ]}
      >
        <Select
          mode="tags"
          tokenSeparators={[',']}
          maxCount={MAX_SPECIALTIES}
          open={false}
          suffixIcon={null}
          placeholder={translate('trainers.placeholders.specialties')}
        />
      </Form.Item>
      <Form.Item name="career" label={translate('trainers.fields.career')} rules={[{ max: MAX_TEXT }]}>
        <Input.TextArea
          rows={3}
          maxLength={MAX_TEXT}
          showCount
          placeholder={translate('trainers.placeholders.career')}
        />
      </Form.Item>
      <Form.Item
        name="introduction"
        label={translate('trainers.fields.introduction')}
        rules={[{ max: MAX_TEXT }]}
      >
        <Input.TextArea
          rows={4}
          maxLength={MAX_TEXT}
          showCount
          placeholder={translate('trainers.placeholders.introduction')}
        />
      </Form.Item>
      <fieldset className="fd-trainer-fieldset">
        <legend>{translate('trainers.fields.workingHours')}</legend>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {translate('trainers.help.workingHours')}
        </Typography.Paragraph>
        {hoursError && <Alert type="error" showIcon message={hoursError} style={{ marginBottom: 8 }} />}
        <WorkingHoursFields />
      </fieldset>
      <ColorField />
      {!trainer.payHidden && <PayFields />}
      {canChange && (
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {translate('buttons.save')}
        </Button>
      )}
    </Form>
  );
}

/** `/trainer/info?id=`: a trainer's profile and their pay report (docs/rules.md#trainer-pay). */
export function TrainerDetailPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const { gymMember, rights } = useFacility();
  // A profile carries the pay rule: editing one is payroll (docs/rules.md#trainer-pay).
  const canChange = Boolean(
    rights && hasRight(rights, 'memberSettingYn') && hasRight(rights, 'financeUseYn'),
  );
  const trainer = useContract(
    trainerGetRoute,
    { params: { id } },
    { queryKey: trainerKeys.detail(id), enabled: valid, retry: false },
  );

  const back = <Link to="/trainer">{translate('trainers.detail.back')}</Link>;
  if (!valid || (trainer.isError && statusOf(trainer.error) === 404))
    return <Result status="404" title={translate('trainers.detail.notFound')} extra={back} />;
  if (trainer.isError)
    return (
      <Result
        status="error"
        title={translate('trainers.detail.loadFailed')}
        subTitle={isHttpError(trainer.error) ? trainer.error.message : undefined}
        extra={
          <Space wrap>
            <Button onClick={() => void trainer.refetch()}>{translate('trainers.list.retry')}</Button>
            {back}
          </Space>
        }
      />
    );
  const t = trainer.data;
  if (!t) return <Skeleton active avatar paragraph={{ rows: 6 }} />;

  return (
    <div className="fd-members-page">
      <div className="fd-members-head">
        <Space>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={translate('trainers.detail.back')}
            onClick={() => navigate('/trainer')}
          />
          <Typography.Title level={1} className="fd-page-title">
            {t.name}
          </Typography.Title>
        </Space>
      </div>
      {!canChange && <Alert type="info" showIcon message={translate('trainers.detail.readOnly')} />}
      <SectionCard title={translate('trainers.detail.profile')}>
        <TrainerPhoto trainer={t} canChange={canChange} />
        <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={translate('trainers.fields.phone')}>{t.phone || '-'}</Descriptions.Item>
        </Descriptions>
        {/* Keyed by the trainer, so another profile starts from its own values. */}
        <TrainerProfileForm key={`${t.id}`} trainer={t} canChange={canChange} />
      </SectionCard>
      {/* A trainer's own pay, or the finance right's (docs/rules.md#trainer-pay); the server refuses the rest. */}
      {(gymMember?.memberId === t.memberId || Boolean(rights && hasRight(rights, 'financeUseYn'))) && (
        <PayReportCard trainer={t} />
      )}
    </div>
  );
}
