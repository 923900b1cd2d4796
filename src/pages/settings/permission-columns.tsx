import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Checkbox, Radio, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { PermissionFlag } from '#domain/permissions.ts';
import type { Gym } from '#domain/schemas/gym.ts';
import type { GymAuth } from '#domain/schemas/gym-auth.ts';
import { controlsOf, MATRIX_AREAS, shownFlag } from './settings-rules.ts';
import type { useSetChanges } from './use-set-changes.ts';

// The permission matrix's columns (docs/rules.md#permissions): a set's name and tags, a use and a manage flag per
// area (the members area with its reach), the default set, and the rename and delete buttons.

/** A set's rename and delete; the delete says why it is blocked when it is. */
function SetActions({
  set,
  onRename,
  onDelete,
}: {
  set: GymAuth;
  onRename: (set: GymAuth) => void;
  onDelete: (set: GymAuth) => void;
}) {
  const translate = useTranslate();
  const blocked = controlsOf(set).deleteBlockedBy;
  const deleteButton = (
    <Button
      size="small"
      danger
      icon={<DeleteOutlined />}
      disabled={blocked !== null}
      aria-label={translate('settings.permission.deleteOf', { name: set.name })}
      onClick={() => onDelete(set)}
    />
  );
  return (
    <Space size="small">
      <Tooltip title={translate('settings.permission.rename')}>
        <Button
          size="small"
          icon={<EditOutlined />}
          aria-label={translate('settings.permission.renameOf', { name: set.name })}
          onClick={() => onRename(set)}
        />
      </Tooltip>
      <Tooltip
        title={
          blocked ? translate(`settings.permission.deleteBlocked.${blocked}`) : translate('buttons.delete')
        }
      >
        {/* A disabled button gets no pointer events; the span carries the tooltip. */}
        <span>{deleteButton}</span>
      </Tooltip>
    </Space>
  );
}

/** The matrix's columns; a change goes through `change` while no other change of the set is pending. */
export const usePermissionColumns = ({
  gym,
  change,
  pendingId,
  onRename,
  onDelete,
}: {
  gym: Gym;
  change: ReturnType<typeof useSetChanges>['change'];
  pendingId: ReturnType<typeof useSetChanges>['pendingId'];
  onRename: (set: GymAuth) => void;
  onDelete: (set: GymAuth) => void;
}): ColumnsType<GymAuth> => {
  const translate = useTranslate();
  const flagLabel = (flag: PermissionFlag) => translate(`gym-auth.fields.${flag}`);

  const flagColumn = (flag: PermissionFlag, short: string): ColumnsType<GymAuth>[number] => ({
    key: flag,
    title: (
      <Tooltip title={flagLabel(flag)}>
        <span>{short}</span>
      </Tooltip>
    ),
    align: 'center',
    width: 72,
    render: (_, set) => (
      <Checkbox
        aria-label={translate('settings.permission.flagOf', { flag: flagLabel(flag), name: set.name })}
        checked={shownFlag(set, flag)}
        disabled={controlsOf(set).flagsLocked || pendingId === set.id}
        onChange={(event) => void change(set, { [flag]: event.target.checked })}
      />
    ),
  });

  const reachLabel = translate('gym-auth.fields.assignedOnlyYn');
  const reachColumn: ColumnsType<GymAuth>[number] = {
    key: 'assignedOnlyYn',
    title: (
      <Tooltip title={reachLabel}>
        <span>{translate('settings.permission.assignedOnly')}</span>
      </Tooltip>
    ),
    align: 'center',
    width: 80,
    render: (_, set) => (
      <Checkbox
        aria-label={translate('settings.permission.flagOf', { flag: reachLabel, name: set.name })}
        // The representative set always reaches every customer.
        checked={!set.representYn && set.assignedOnlyYn}
        disabled={controlsOf(set).flagsLocked || pendingId === set.id}
        onChange={(event) => void change(set, { assignedOnlyYn: event.target.checked })}
      />
    ),
  };

  return [
    {
      key: 'name',
      title: translate('settings.permission.name'),
      fixed: 'left',
      render: (_, set) => (
        <Space size={4} wrap>
          <Typography.Text strong>{set.name}</Typography.Text>
          {set.representYn && <Tag>{translate('settings.permission.representative')}</Tag>}
          {set.defaultYn && <Tag>{translate('settings.permission.default')}</Tag>}
        </Space>
      ),
    },
    ...MATRIX_AREAS.map((area) => ({
      key: area.key,
      title: translate(`settings.permission.areas.${area.key}`),
      children: [
        flagColumn(area.flags[0], translate('settings.permission.use')),
        ...(area.flags[1] ? [flagColumn(area.flags[1], translate('settings.permission.manage'))] : []),
        // The members area's reach (docs/rules.md#customer-reach): a set may reach only its holder's customers.
        ...(area.key === 'member' ? [reachColumn] : []),
      ],
    })),
    {
      key: 'defaultYn',
      title: translate('settings.permission.default'),
      align: 'center',
      width: 96,
      render: (_, set) => (
        <Radio
          name={`default-set-${gym.id}`}
          aria-label={translate('settings.permission.defaultOf', { name: set.name })}
          checked={set.defaultYn}
          disabled={!controlsOf(set).canBeDefault || pendingId === set.id}
          onChange={() => void change(set, { defaultYn: true }, 'settings.permission.defaultChanged')}
        />
      ),
    },
    {
      key: 'actions',
      title: translate('crud.actions'),
      render: (_, set) => <SetActions set={set} onRename={onRename} onDelete={onDelete} />,
    },
  ];
};
