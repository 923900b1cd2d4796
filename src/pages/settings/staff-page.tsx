import { UserAddOutlined } from '@ant-design/icons';
import {
  type BaseRecord,
  useCustom,
  useCustomMutation,
  useDelete,
  useList,
  useTranslate,
  useUpdate,
} from '@refinedev/core';
import { Alert, App, Button, Card, Form, Input, Modal, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { formatPhone } from '#domain/rules/text.ts';
import type { Gym } from '#domain/schemas/gym.ts';
import type { GymAuth } from '#domain/schemas/gym-auth.ts';
import type { GymMember } from '#domain/schemas/gym-member.ts';
import { useFacility } from '../../facility/facility-context.tsx';
import { API_BASE } from '../../providers/http-client.ts';
import { fieldErrorsOf } from '../../providers/http-error.ts';
import { useModal } from '../../shell/modal/use-modal.ts';
import { EmptyText } from './empty-text.tsx';
import { GymMemberStatusTag } from './gym-status-tag.tsx';
import { SettingsPage } from './settings-page.tsx';
import { defaultSetId, orderSets, parseMemberIds, splitStaff } from './settings-rules.ts';
import { useReportError } from './use-report-error.ts';

const quiet = { successNotification: false, errorNotification: false } as const;
const silent = { mutationOptions: { meta: { silent: true } } };

/** The facility's staff (GET /web/gym-member/worker/list/{gymId}): requests and staff, not those who left. */
const useStaff = (gymId: number) => {
  const { result, query } = useCustom<GymMember[]>({
    url: `${API_BASE}/gym-member/worker/list/${gymId}`,
    method: 'get',
    config: {
      filters: [{ field: 'status', operator: 'ne', value: 'QUIT' }],
      sorters: [{ field: 'id', order: 'asc' }],
      query: { _start: 0, _end: 100 },
    },
  });
  const links = Array.isArray(result.data) ? (result.data as GymMember[]) : [];
  return { ...splitStaff(links), loading: query.isLoading, refetch: query.refetch };
};

/** The sets a worker may be given: any but the representative's (the server refuses that one). */
const useWorkerSets = (gymId: number) => {
  const { result } = useList<GymAuth>({
    resource: 'gym-auth',
    filters: [{ field: 'gymId', operator: 'eq', value: gymId }],
    sorters: [{ field: 'id', order: 'asc' }],
    pagination: { currentPage: 1, pageSize: 100 },
  });
  const sets = orderSets(result.data);
  return {
    sets,
    options: sets.filter((set) => !set.representYn).map((set) => ({ value: set.id, label: set.name })),
    nameOf: (id: number | null) => sets.find((set) => set.id === id)?.name ?? '—',
    defaultId: defaultSetId(sets),
  };
};

/** A link change (approve, suspend, set) or its end (refuse, remove), each asked first and reported after. */
const useLinkActions = (onChanged: () => unknown) => {
  const translate = useTranslate();
  const { open } = useModal();
  const { message } = App.useApp();
  const report = useReportError();
  const update = useUpdate<GymMember>(silent);
  const remove = useDelete<GymMember>(silent);

  const ask = (
    link: GymMember,
    { question, confirm, success }: { question: string; confirm: string; success: string },
    run: () => Promise<unknown>,
  ): void => {
    open({
      type: 'CONFIRM',
      title: confirm,
      children: question,
      confirmText: confirm,
      handleConfirm: async () => {
        try {
          await run();
          void message.success(translate(success, { name: link.member.name }));
        } catch (error) {
          report('settings.staff.failed', error);
        } finally {
          await onChanged();
        }
      },
    });
  };
  const patch = (link: GymMember, values: Record<string, unknown>) => () =>
    update.mutateAsync({ resource: 'gym-member', id: link.id, values, ...quiet });
  const end = (link: GymMember) => () =>
    remove.mutateAsync({ resource: 'gym-member', id: link.id, ...quiet });
  return { ask, patch, end };
};

function PendingRequests({ gym, staff }: { gym: Gym; staff: ReturnType<typeof useStaff> }) {
  const translate = useTranslate();
  const sets = useWorkerSets(gym.id);
  const { ask, patch, end } = useLinkActions(staff.refetch);
  const [chosen, setChosen] = useState<Record<number, number>>({});
  const setOf = (link: GymMember) => chosen[link.id] ?? sets.defaultId;

  const columns: ColumnsType<GymMember> = [
    { key: 'name', title: translate('settings.staff.name'), render: (_, link) => link.member.name },
    { key: 'userId', title: translate('settings.staff.userId'), render: (_, link) => link.member.userId },
    {
      key: 'requested',
      title: translate('settings.staff.requested'),
      render: (_, link) => dayjs(link.createDate).format('YYYY.MM.DD HH:mm'),
    },
    {
      key: 'set',
      title: translate('gym-member.fields.gymAuthId'),
      render: (_, link) => (
        <Select
          aria-label={translate('settings.staff.setFor', { name: link.member.name })}
          style={{ minWidth: 180 }}
          value={setOf(link)}
          options={sets.options}
          onChange={(value: number) => setChosen((current) => ({ ...current, [link.id]: value }))}
        />
      ),
    },
    {
      key: 'actions',
      title: translate('crud.actions'),
      render: (_, link) => {
        const gymAuthId = setOf(link);
        const name = link.member.name;
        return (
          <Space size="small">
            <Button
              size="small"
              type="primary"
              disabled={gymAuthId === undefined}
              onClick={() =>
                ask(
                  link,
                  {
                    question: translate('settings.staff.approveQuestion', {
                      name,
                      set: sets.nameOf(gymAuthId ?? null),
                    }),
                    confirm: translate('settings.staff.approve'),
                    success: 'settings.staff.approved',
                  },
                  patch(link, { status: 'ACTIVE', gymAuthId }),
                )
              }
            >
              {translate('settings.staff.approve')}
            </Button>
            <Button
              size="small"
              danger
              onClick={() =>
                ask(
                  link,
                  {
                    question: translate('settings.staff.refuseQuestion', { name }),
                    confirm: translate('settings.staff.refuse'),
                    success: 'settings.staff.refused',
                  },
                  end(link),
                )
              }
            >
              {translate('settings.staff.refuse')}
            </Button>
          </Space>
        );
      },
    },
  ];

  return (
    <Card title={<h2 className="fd-settings-card-title">{translate('settings.staff.pendingTitle')}</h2>}>
      <Table<GymMember>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={staff.pending}
        loading={staff.loading}
        pagination={false}
        locale={{ emptyText: <EmptyText>{translate('settings.staff.noPending')}</EmptyText> }}
      />
    </Card>
  );
}

function ActiveStaff({ gym, staff }: { gym: Gym; staff: ReturnType<typeof useStaff> }) {
  const translate = useTranslate();
  const sets = useWorkerSets(gym.id);
  const { ask, patch, end } = useLinkActions(staff.refetch);

  const columns: ColumnsType<GymMember> = [
    { key: 'name', title: translate('settings.staff.name'), render: (_, link) => link.member.name },
    { key: 'userId', title: translate('settings.staff.userId'), render: (_, link) => link.member.userId },
    {
      key: 'phone',
      title: translate('settings.staff.phone'),
      render: (_, link) => formatPhone(link.member.phone),
    },
    {
      key: 'status',
      title: translate('gym-member.fields.status'),
      render: (_, link) => <GymMemberStatusTag status={link.status} />,
    },
    {
      key: 'set',
      title: translate('gym-member.fields.gymAuthId'),
      render: (_, link) => (
        <Select
          aria-label={translate('settings.staff.setFor', { name: link.member.name })}
          style={{ minWidth: 180 }}
          value={link.gymAuthId ?? undefined}
          placeholder={translate('settings.staff.noSet')}
          options={sets.options}
          onChange={(gymAuthId: number) =>
            ask(
              link,
              {
                question: translate('settings.staff.changeSetQuestion', {
                  name: link.member.name,
                  set: sets.nameOf(gymAuthId),
                }),
                confirm: translate('settings.staff.changeSet'),
                success: 'settings.staff.setChanged',
              },
              patch(link, { gymAuthId }),
            )
          }
        />
      ),
    },
    {
      key: 'actions',
      title: translate('crud.actions'),
      render: (_, link) => {
        const name = link.member.name;
        const suspended = link.status === 'INACTIVE';
        const toggle = suspended ? 'reactivate' : 'suspend';
        return (
          <Space size="small">
            <Button
              size="small"
              onClick={() =>
                ask(
                  link,
                  {
                    question: translate(`settings.staff.${toggle}Question`, { name }),
                    confirm: translate(`settings.staff.${toggle}`),
                    success: `settings.staff.${toggle}d`,
                  },
                  patch(link, { status: suspended ? 'ACTIVE' : 'INACTIVE' }),
                )
              }
            >
              {translate(`settings.staff.${toggle}`)}
            </Button>
            <Button
              size="small"
              danger
              onClick={() =>
                ask(
                  link,
                  {
                    question: translate('settings.staff.removeQuestion', { name }),
                    confirm: translate('settings.staff.remove'),
                    success: 'settings.staff.removed',
                  },
                  end(link),
                )
              }
            >
              {translate('settings.staff.remove')}
            </Button>
          </Space>
        );
      },
    },
  ];

  return (
    <Card title={<h2 className="fd-settings-card-title">{translate('settings.staff.staffTitle')}</h2>}>
      <Table<GymMember>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={staff.staff}
        loading={staff.loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <EmptyText>{translate('settings.staff.noStaff')}</EmptyText> }}
      />
    </Card>
  );
}

/**
 * Invitations by member number (POST /web/gym-member/invite-member). A facility cannot search accounts (only the
 * operator lists members), so the number has to come from the person invited; the dialog says so.
 */
function InviteDialog({ gym, open, onClose }: { gym: Gym; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ ids: string }>();
  const { mutateAsync, mutation } = useCustomMutation<BaseRecord[]>(silent);

  const handleOk = async (): Promise<void> => {
    const { ids: text } = await form.validateFields();
    const { ids } = parseMemberIds(text);
    try {
      const { data } = await mutateAsync({
        url: `${API_BASE}/gym-member/invite-member`,
        method: 'post',
        values: { gymId: gym.id, targetList: ids },
        ...quiet,
      });
      const created = Array.isArray(data) ? data.length : 0;
      void message.success(translate('settings.staff.invite.sent', { count: created }));
      onClose();
    } catch (error) {
      const errors = fieldErrorsOf(error).flatMap((field) => field.errors);
      form.setFields([
        { name: 'ids', errors: errors.length > 0 ? errors : [translate('settings.staff.invite.failed')] },
      ]);
    }
  };

  return (
    <Modal
      open={open}
      title={translate('settings.staff.invite.title')}
      okText={translate('settings.staff.invite.send')}
      okButtonProps={{ loading: mutation.isPending }}
      cancelText={translate('buttons.cancel')}
      onOk={() => void handleOk().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="info" showIcon message={translate('settings.staff.invite.howTo')} />
      <Form form={form} layout="vertical" preserve={false} style={{ marginTop: 16 }}>
        <Form.Item
          name="ids"
          label={translate('settings.staff.invite.idsLabel')}
          extra={translate('settings.staff.invite.idsHint')}
          rules={[
            { required: true, whitespace: true, message: translate('validation.required') },
            {
              validator: async (_, value: string | undefined) => {
                const { ids, invalid } = parseMemberIds(value ?? '');
                if (invalid.length > 0)
                  throw new Error(translate('settings.staff.invite.invalid', { values: invalid.join(', ') }));
                if (ids.length > 100)
                  throw new Error(translate('settings.staff.invite.tooMany', { max: 100 }));
              },
            },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 2 }} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function InviteButton({ gym }: { gym: Gym }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<UserAddOutlined />} onClick={() => setOpen(true)}>
        {translate('settings.staff.invite.button')}
      </Button>
      <InviteDialog gym={gym} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function StaffSections({ gym }: { gym: Gym }) {
  const translate = useTranslate();
  const staff = useStaff(gym.id);
  return (
    <>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {translate('settings.staff.intro')}
      </Typography.Paragraph>
      <PendingRequests gym={gym} staff={staff} />
      <ActiveStaff gym={gym} staff={staff} />
    </>
  );
}

/** /setting/gym/worker/detail: staff requests to approve or refuse, the staff's sets and status, invitations. */
export function StaffPage() {
  const { selected } = useFacility();
  return (
    <SettingsPage titleKey="settings.staff.title" actions={selected && <InviteButton gym={selected} />}>
      {(gym) => <StaffSections gym={gym} />}
    </SettingsPage>
  );
}
