import { useTranslate } from '@refinedev/core';
import { Button, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { Gym } from '#domain/schemas/gym.ts';
import type { GymMember } from '#domain/schemas/gym-member.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { usePhoneTable } from '#src/components/phone-table.ts';
import { SectionCard } from '#src/components/section-card.tsx';
import { type Staff, useLinkActions, useWorkerSets } from './use-staff.ts';

/** Requests to join the staff: the set or role preset to give, approve or refuse. */
export function PendingRequests({ gym, staff }: { gym: Gym; staff: Staff }) {
  const translate = useTranslate();
  const sets = useWorkerSets(gym.id);
  const { ask, patch, end } = useLinkActions(staff.refetch);
  type Choice = NonNullable<typeof sets.defaultId>;
  const [chosen, setChosen] = useState<Record<number, Choice>>({});
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
          onChange={(value: Choice) => setChosen((current) => ({ ...current, [link.id]: value }))}
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
                  // A role preset becomes its set first (docs/rules.md#permissions).
                  async () => {
                    if (gymAuthId === undefined) return;
                    const id = await sets.resolve(gymAuthId);
                    await patch(link, { status: 'ACTIVE', gymAuthId: id })();
                  },
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

  const phone = usePhoneTable(columns, { name: 'name', figure: 'actions' });
  return (
    <SectionCard title={translate('settings.staff.pendingTitle')}>
      <Table<GymMember>
        rowKey="id"
        size="middle"
        columns={phone.columns}
        scroll={phone.scroll}
        dataSource={staff.pending}
        loading={staff.loading}
        pagination={false}
        locale={{ emptyText: <EmptyText>{translate('settings.staff.noPending')}</EmptyText> }}
      />
    </SectionCard>
  );
}
