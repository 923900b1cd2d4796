import { useTranslate } from '@refinedev/core';
import { Button, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import type { GymMember } from '#domain/schemas/gym-member.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { usePhoneTable } from '#src/components/phone-table.ts';
import { SectionCard } from '#src/components/section-card.tsx';
import { type Staff, useLinkActions } from './use-staff.ts';

/**
 * Invitations the facility sent and the invited person has not answered (docs/rules.md#permissions): the name and
 * the phone come masked from the server, only the invited person can accept, and the facility can withdraw.
 */
export function SentInvitations({ staff }: { staff: Staff }) {
  const translate = useTranslate();
  const { ask, end } = useLinkActions(staff.refetch);

  const columns: ColumnsType<GymMember> = [
    {
      key: 'name',
      title: translate('settings.staff.name'),
      render: (_, link) => (
        <>
          {link.member.name} <Tag color="blue">{translate('settings.staff.invitedTag')}</Tag>
        </>
      ),
    },
    { key: 'userId', title: translate('settings.staff.userId'), render: (_, link) => link.member.userId },
    { key: 'phone', title: translate('settings.staff.phone'), render: (_, link) => link.member.phone },
    {
      key: 'invitedAt',
      title: translate('settings.staff.invitedAt'),
      render: (_, link) => dayjs(link.createDate).format('YYYY.MM.DD HH:mm'),
    },
    {
      key: 'actions',
      title: translate('crud.actions'),
      render: (_, link) => (
        <Button
          size="small"
          danger
          onClick={() =>
            ask(
              link,
              {
                question: translate('settings.staff.withdrawQuestion', { name: link.member.name }),
                confirm: translate('settings.staff.withdraw'),
                success: 'settings.staff.withdrawn',
              },
              end(link),
            )
          }
        >
          {translate('settings.staff.withdraw')}
        </Button>
      ),
    },
  ];
  const phone = usePhoneTable(columns, { name: 'name', figure: 'actions' }, { x: 'max-content' });
  if (!staff.loading && staff.invited.length === 0) return null;

  return (
    <SectionCard title={translate('settings.staff.invitedTitle')}>
      <Table<GymMember>
        rowKey="id"
        size="middle"
        columns={phone.columns}
        dataSource={staff.invited}
        loading={staff.loading}
        pagination={false}
        scroll={phone.scroll}
        locale={{ emptyText: <EmptyText>{translate('settings.staff.noInvited')}</EmptyText> }}
      />
    </SectionCard>
  );
}
