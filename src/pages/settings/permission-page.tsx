import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useCreate, useList, useTranslate } from '@refinedev/core';
import { App, Button, Checkbox, Radio, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { allFlags, type PermissionFlag, ROLE_PRESETS, type RolePreset } from '#domain/permissions.ts';
import type { Gym } from '#domain/schemas/gym.ts';
import type { GymAuth } from '#domain/schemas/gym-auth.ts';
import { fieldErrorsOf } from '../../providers/http-error.ts';
import { useModal } from '../../shell/modal/use-modal.ts';
import { SetNameDialog } from './set-name-dialog.tsx';
import { SettingsPage } from './settings-page.tsx';
import { controlsOf, MATRIX_AREAS, orderSets, shownFlag } from './settings-rules.ts';
import { useReportError } from './use-report-error.ts';
import { RESOURCE, useSetChanges } from './use-set-changes.ts';

function PermissionMatrix({ gym }: { gym: Gym }) {
  const translate = useTranslate();
  const { open: openModal } = useModal();
  const { message } = App.useApp();
  const report = useReportError();
  const { change, drop, pendingId } = useSetChanges();
  const { result, query } = useList<GymAuth>({
    resource: RESOURCE,
    filters: [{ field: 'gymId', operator: 'eq', value: gym.id }],
    sorters: [{ field: 'id', order: 'asc' }],
    pagination: { currentPage: 1, pageSize: 100 },
  });
  const create = useCreate<GymAuth>({ mutationOptions: { meta: { silent: true } } });
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<GymAuth | null>(null);
  const sets = orderSets(result.data);
  const flagLabel = (flag: PermissionFlag) => translate(`gym-auth.fields.${flag}`);

  const handleCreate = async (name: string, preset?: RolePreset): Promise<void> => {
    try {
      await create.mutateAsync({
        resource: RESOURCE,
        values: { gymId: gym.id, name, ...(preset ? ROLE_PRESETS[preset] : allFlags(false)) },
        successNotification: false,
        errorNotification: false,
      });
    } catch (error) {
      if (fieldErrorsOf(error).length > 0) throw error;
      setCreating(false);
      report('settings.permission.failed', error);
      return;
    }
    setCreating(false);
    void message.success(translate('settings.permission.created', { name }));
  };

  const handleRename = async (name: string): Promise<void> => {
    if (!renaming) return;
    const set = renaming;
    setRenaming(null);
    await change(set, { name }, 'settings.permission.renamed', 'pessimistic');
  };

  const handleDelete = (set: GymAuth): void => {
    openModal({
      type: 'CONFIRM',
      title: translate('settings.permission.deleteTitle'),
      children: translate('settings.permission.deleteQuestion', { name: set.name }),
      confirmText: translate('buttons.delete'),
      handleConfirm: () => drop(set),
    });
  };

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

  const columns: ColumnsType<GymAuth> = [
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
      render: (_, set) => {
        const blocked = controlsOf(set).deleteBlockedBy;
        const deleteButton = (
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            disabled={blocked !== null}
            aria-label={translate('settings.permission.deleteOf', { name: set.name })}
            onClick={() => handleDelete(set)}
          />
        );
        return (
          <Space size="small">
            <Tooltip title={translate('settings.permission.rename')}>
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={translate('settings.permission.renameOf', { name: set.name })}
                onClick={() => setRenaming(set)}
              />
            </Tooltip>
            <Tooltip
              title={
                blocked
                  ? translate(`settings.permission.deleteBlocked.${blocked}`)
                  : translate('buttons.delete')
              }
            >
              {/* A disabled button gets no pointer events; the span carries the tooltip. */}
              <span>{deleteButton}</span>
            </Tooltip>
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <Space direction="vertical" style={{ width: '100%' }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', gap: 16, alignItems: 'center' }}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {translate('settings.permission.intro')}
          </Typography.Paragraph>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {translate('settings.permission.create')}
          </Button>
        </div>
        <Table<GymAuth>
          rowKey="id"
          size="middle"
          bordered
          columns={columns}
          dataSource={sets}
          loading={query.isLoading}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      </Space>
      <SetNameDialog
        open={creating}
        title={translate('settings.permission.createTitle')}
        initialName=""
        okText={translate('buttons.create')}
        withPreset
        onSubmit={handleCreate}
        onClose={() => setCreating(false)}
      />
      <SetNameDialog
        open={renaming !== null}
        title={translate('settings.permission.renameTitle', { name: renaming?.name ?? '' })}
        initialName={renaming?.name ?? ''}
        okText={translate('buttons.save')}
        onSubmit={handleRename}
        onClose={() => setRenaming(null)}
      />
    </>
  );
}

/**
 * /setting/gym/permission: the facility's permission sets as a matrix of the flags
 * (docs/rules.md#permissions).
 */
export function PermissionPage() {
  return (
    <SettingsPage titleKey="settings.permission.title">
      {(gym) => <PermissionMatrix gym={gym} />}
    </SettingsPage>
  );
}
