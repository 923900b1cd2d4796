import { useTranslate } from '@refinedev/core';
import { Button, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatPhone } from '#domain/rules/text.ts';
import type { Gym } from '#domain/schemas/gym.ts';
import type { GymMember } from '#domain/schemas/gym-member.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { usePhoneTable } from '#src/components/phone-table.ts';
import { SectionCard } from '#src/components/section-card.tsx';
import { GymMemberStatusTag } from '../gym-status-tag.tsx';
import { type Staff, useLinkActions, useWorkerSets } from './use-staff.ts';

/** The staff: their set and status, suspension and removal. */
export function ActiveStaff({ gym, staff }: { gym: Gym; staff: Staff }) {
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
          onChange={(choice: NonNullable<typeof sets.defaultId>) =>
            ask(
              link,
              {
                question: translate('settings.staff.changeSetQuestion', {
                  name: link.member.name,
                  set: sets.nameOf(choice),
                }),
                confirm: translate('settings.staff.changeSet'),
                success: 'settings.staff.setChanged',
              },
              // A role preset becomes its set first (docs/rules.md#permissions).
              async () => patch(link, { gymAuthId: await sets.resolve(choice) })(),
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

  const phone = usePhoneTable(columns, { name: 'name', figure: 'status' }, { x: 'max-content' });
  return (
    <SectionCard title={translate('settings.staff.staffTitle')}>
      <Table<GymMember>
        rowKey="id"
        size="middle"
        columns={phone.columns}
        dataSource={staff.staff}
        loading={staff.loading}
        pagination={false}
        scroll={phone.scroll}
        locale={{ emptyText: <EmptyText>{translate('settings.staff.noStaff')}</EmptyText> }}
      />
    </SectionCard>
  );
}
