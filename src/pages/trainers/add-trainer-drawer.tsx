import { useTranslate } from '@refinedev/core';
import { Alert, App, Button, Drawer, Form, Grid, Select, Space } from 'antd';
import { workerListRoute } from '#domain/api/gym-member.ts';
import { trainerCreateRoute } from '#domain/api/schedule.ts';
import type { GroupPayKind, PayKind } from '#domain/rules/trainer-pay.ts';
import type { Trainer } from '#domain/schemas/schedule.ts';
import { useContract, useContractMutation } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { showFieldErrors } from '#src/kit/form-errors.ts';
import { ColorField, PayFields } from './pay-fields.tsx';
import { DEFAULT_TRAINER_COLOR, groupPayOf, hexOf } from './trainer-form.ts';
import { trainerKeys } from './trainer-keys.ts';

type Values = {
  memberId?: number;
  payKind: PayKind;
  payRate: number | null;
  groupPayKind: GroupPayKind;
  groupPayRate: number | null;
  groupPayMinAttendees: number | null;
  color: string | { toHexString: () => string };
};

/** The drawer's fields: a server error on any other name is said as a message. */
const DRAWER_FIELDS = [
  'memberId',
  'payKind',
  'payRate',
  'groupPayKind',
  'groupPayRate',
  'groupPayMinAttendees',
  'color',
];

/**
 * Who can get a profile: the facility's ACTIVE staff (worker) links, as the server checks (`unknownTrainer`).
 * Unlike `useStaffOptions`, the representative is not added unless they are on the staff list themselves.
 */
const useTrainerCandidates = (gymId: number) =>
  useContract(
    workerListRoute,
    { params: { gymId }, query: { status: 'ACTIVE', _sort: 'id', _order: 'asc', _start: 0, _end: 100 } },
    {
      queryKey: trainerKeys.candidates(gymId),
      enabled: gymId > 0,
      select: (links) =>
        (Array.isArray(links) ? links : []).map((link) => ({
          value: link.memberId,
          label: link.member.name,
        })),
    },
  );

/** "Add a trainer": a profile for a staff member who has none yet, with the pay rule and the colour. */
export function AddTrainerDrawer({
  gymId,
  trainers,
  open,
  onClose,
  onAdded,
}: {
  gymId: number;
  trainers: readonly Trainer[];
  open: boolean;
  onClose: () => void;
  onAdded: (trainer: Trainer) => void;
}) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const screens = Grid.useBreakpoint();
  const staff = useTrainerCandidates(gymId);
  const taken = new Set(trainers.map((t) => t.memberId));
  const options = (staff.data ?? []).filter((o) => !taken.has(o.value));
  const create = useContractMutation(trainerCreateRoute, {
    meta: { silent: true },
    input: (values: Values) => ({
      body: {
        gymId,
        memberId: values.memberId ?? 0,
        payKind: values.payKind,
        payRate: values.payRate ?? 0,
        ...groupPayOf(values),
        color: hexOf(values.color),
      },
    }),
    onSuccess: (trainer) => {
      message.success(translate('trainers.add.done', { name: trainer.name }));
      form.resetFields();
      onAdded(trainer);
    },
    onError: (error) => {
      if (!showFieldErrors(form, error, { only: DRAWER_FIELDS })) message.error(errorText(error, translate));
    },
  });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={translate('trainers.add.title')}
      width={screens.md ? 480 : '100%'}
      destroyOnHidden
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose}>{translate('buttons.cancel')}</Button>
          <Button
            type="primary"
            loading={create.isPending}
            disabled={staff.isSuccess && options.length === 0}
            onClick={() => form.submit()}
          >
            {translate('trainers.add.submit')}
          </Button>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          payKind: 'PER_SESSION',
          payRate: 0,
          groupPayKind: 'PER_ATTENDEE',
          groupPayRate: 0,
          groupPayMinAttendees: 0,
          color: DEFAULT_TRAINER_COLOR,
        }}
        onFinish={(values) => create.mutate(values)}
      >
        {staff.isSuccess && options.length === 0 && (
          <Alert type="info" showIcon className="fd-pass-card" message={translate('trainers.add.noStaff')} />
        )}
        <Form.Item
          name="memberId"
          label={translate('trainers.fields.staff')}
          extra={translate('trainers.help.staff')}
          rules={[{ required: true, message: translate('trainers.errors.staffRequired') }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            options={options}
            loading={staff.isLoading}
            placeholder={translate('trainers.add.staffPlaceholder')}
            notFoundContent={translate('trainers.add.noStaff')}
          />
        </Form.Item>
        <PayFields />
        <ColorField />
      </Form>
    </Drawer>
  );
}
