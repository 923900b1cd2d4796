import { PlusOutlined } from '@ant-design/icons';
import { useCreate, useList, useTranslate } from '@refinedev/core';
import { App, Button, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { allFlags, ROLE_PRESETS, type RolePreset } from '#domain/permissions.ts';
import type { Gym } from '#domain/schemas/gym.ts';
import type { GymAuth } from '#domain/schemas/gym-auth.ts';
import { fieldErrorsOf } from '../../providers/http-error.ts';
import { useModal } from '../../shell/modal/use-modal.ts';
import { usePermissionColumns } from './permission-columns.tsx';
import { SetNameDialog } from './set-name-dialog.tsx';
import { SettingsPage } from './settings-page.tsx';
import { orderSets } from './settings-rules.ts';
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

  const columns = usePermissionColumns({
    gym,
    change,
    pendingId,
    onRename: setRenaming,
    onDelete: handleDelete,
  });

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
