import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Alert, App, Button, Card, Form, type FormInstance, Input, Modal } from 'antd';
import { productGroupRenameRoute } from '#domain/api/product.ts';
import { PRODUCT_GROUP_MAX } from '#domain/rules/product.ts';
import type { ProductGroup } from '#domain/schemas/product.ts';
import { useContractMutation } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { showFieldErrors } from '#src/kit/form-errors.ts';

/** The add form: a name, refused past the facility's largest number of groups. */
export function AddGroupCard({
  form,
  count,
  adding,
  onAdd,
}: {
  form: FormInstance<{ name: string }>;
  count: number;
  adding: boolean;
  onAdd: (name: string) => void;
}) {
  const translate = useTranslate();
  return (
    <Card size="small">
      <Form<{ name: string }>
        form={form}
        layout="inline"
        onFinish={(v) => onAdd(v.name.trim())}
        disabled={count >= PRODUCT_GROUP_MAX}
      >
        <Form.Item
          name="name"
          label={translate('products.groups.name')}
          rules={[{ required: true, whitespace: true, message: translate('validation.nameRequired') }]}
          style={{ flex: '1 1 220px' }}
        >
          <Input maxLength={40} autoComplete="off" placeholder={translate('products.groups.placeholder')} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<PlusOutlined aria-hidden />} loading={adding}>
            {translate('products.groups.add')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

/** A group's moves up and down, its rename and its delete (after a confirmation). */
export function GroupActions({
  group,
  index,
  count,
  onMove,
  onRename,
  onDelete,
}: {
  group: ProductGroup;
  index: number;
  count: number;
  onMove: (index: number, step: -1 | 1) => void;
  onRename: (group: ProductGroup) => void;
  onDelete: (group: ProductGroup) => Promise<unknown>;
}) {
  const translate = useTranslate();
  const { modal } = App.useApp();
  return (
    <span className="fd-group-actions">
      <Button
        size="small"
        icon={<ArrowUpOutlined aria-hidden />}
        aria-label={translate('products.groups.moveUp', { name: group.name })}
        title={translate('products.groups.moveUp', { name: group.name })}
        disabled={index === 0}
        onClick={() => onMove(index, -1)}
      />
      <Button
        size="small"
        icon={<ArrowDownOutlined aria-hidden />}
        aria-label={translate('products.groups.moveDown', { name: group.name })}
        title={translate('products.groups.moveDown', { name: group.name })}
        disabled={index === count - 1}
        onClick={() => onMove(index, 1)}
      />
      <Button
        size="small"
        icon={<EditOutlined aria-hidden />}
        aria-label={translate('products.groups.renameOf', { name: group.name })}
        onClick={() => onRename(group)}
      >
        {translate('products.groups.rename')}
      </Button>
      <Button
        size="small"
        danger
        icon={<DeleteOutlined aria-hidden />}
        aria-label={translate('products.groups.deleteOf', { name: group.name })}
        onClick={() =>
          modal.confirm({
            title: translate('products.groups.deleteTitle', { name: group.name }),
            content: translate('products.groups.deleteHelp', { count: group.productCount }),
            okText: translate('buttons.delete'),
            okButtonProps: { danger: true },
            cancelText: translate('buttons.cancel'),
            onOk: () => onDelete(group),
          })
        }
      >
        {translate('buttons.delete')}
      </Button>
    </span>
  );
}

export function RenameModal({
  gymId,
  group,
  onClose,
  onDone,
}: {
  gymId: number;
  group: ProductGroup;
  onClose: () => void;
  onDone: () => void;
}) {
  const translate = useTranslate();
  const [form] = Form.useForm<{ name: string }>();
  const save = useContractMutation(productGroupRenameRoute, {
    meta: { silent: true },
    input: (name: string) => ({ params: { id: group.id }, query: { gymId }, body: { name } }),
    onSuccess: onDone,
    onError: (error) => showFieldErrors(form, error),
  });
  return (
    <Modal
      open
      title={translate('products.groups.renameTitle', { name: group.name })}
      onCancel={onClose}
      okText={translate('buttons.save')}
      cancelText={translate('buttons.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {save.isError && (
        <Alert type="error" showIcon role="alert" message={errorText(save.error, translate)} />
      )}
      <Form<{ name: string }>
        form={form}
        layout="vertical"
        initialValues={{ name: group.name }}
        onFinish={(v) => save.mutate(v.name.trim())}
      >
        <Form.Item
          name="name"
          label={translate('products.groups.name')}
          rules={[{ required: true, whitespace: true, message: translate('validation.nameRequired') }]}
        >
          <Input maxLength={40} autoComplete="off" autoFocus onPressEnter={() => form.submit()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
