import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useCreate, useDelete, useList, useTranslate, useUpdate } from '@refinedev/core';
import {
  App,
  Button,
  Checkbox,
  Form,
  Input,
  Modal,
  Radio,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { allFlags, type PermissionFlag } from '#domain/permissions.ts';
import type { Gym } from '#domain/schemas/gym.ts';
import type { GymAuth } from '#domain/schemas/gym-auth.ts';
import { fieldErrorsOf } from '../../providers/http-error.ts';
import { useModal } from '../../shell/modal/use-modal.ts';
import { SettingsPage } from './settings-page.tsx';
import { controlsOf, MATRIX_AREAS, orderSets, shownFlag } from './settings-rules.ts';
import { useReportError } from './use-report-error.ts';

const RESOURCE = 'gym-auth';

/** A change of one set; failures open an ERROR modal with the server's words (409s name what is protected). */
const useSetChanges = () => {
  const translate = useTranslate();
  const { message } = App.useApp();
  const report = useReportError();
  const silent = { mutationOptions: { meta: { silent: true } } };
  const update = useUpdate<GymAuth>(silent);
  const remove = useDelete<GymAuth>(silent);
  const quiet = { successNotification: false, errorNotification: false } as const;

  // A tick shows at once (optimistic) and goes back if the server refuses it; a rename waits for the server.
  const change = async (
    set: GymAuth,
    values: Partial<GymAuth>,
    success = 'settings.permission.saved',
    mutationMode: 'optimistic' | 'pessimistic' = 'optimistic',
  ) => {
    try {
      await update.mutateAsync({ resource: RESOURCE, id: set.id, values, mutationMode, ...quiet });
      void message.success(translate(success, { name: values.name ?? set.name }));
      return true;
    } catch (error) {
      report('settings.permission.failed', error);
      return false;
    }
  };
  const drop = async (set: GymAuth) => {
    try {
      await remove.mutateAsync({ resource: RESOURCE, id: set.id, ...quiet });
      void message.success(translate('settings.permission.deleted', { name: set.name }));
    } catch (error) {
      report('settings.permission.failed', error);
    }
  };
  return { change, drop, pendingId: update.mutation.isPending ? update.mutation.variables?.id : undefined };
};

/** The name of a new set or a renamed one. */
function SetNameDialog({
  open,
  title,
  initialName,
  okText,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  initialName: string;
  okText: string;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [form] = Form.useForm<{ name: string }>();
  const [pending, setPending] = useState(false);
  const handleOk = async (): Promise<void> => {
    const { name } = await form.validateFields();
    setPending(true);
    try {
      await onSubmit(name.trim());
    } catch (error) {
      const nameErrors = fieldErrorsOf(error).find((field) => field.name === 'name');
      if (nameErrors) form.setFields([{ name: 'name', errors: nameErrors.errors }]);
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ loading: pending }}
      cancelText={translate('buttons.cancel')}
      onOk={() => void handleOk().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ name: initialName }}
        onFinish={() => void handleOk().catch(() => undefined)}
      >
        <Form.Item
          name="name"
          label={translate('settings.permission.nameLabel')}
          rules={[
            { required: true, whitespace: true, message: translate('validation.required') },
            { max: 50, message: translate('validation.tooLong', { max: 50 }) },
          ]}
        >
          <Input autoFocus maxLength={50} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

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

  const handleCreate = async (name: string): Promise<void> => {
    try {
      await create.mutateAsync({
        resource: RESOURCE,
        values: { gymId: gym.id, name, ...allFlags(false) },
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
        flagColumn(area.flags[1], translate('settings.permission.manage')),
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
