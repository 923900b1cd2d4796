import { useTranslate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Checkbox, Descriptions, Form, Input, Modal } from 'antd';
import { lockerUpdateRoute } from '#domain/api/locker.ts';
import { type LockerSize, lockerSizes } from '#domain/rules/locker.ts';
import type { LockerTile } from '#domain/schemas/locker.ts';
import { RadioChoices } from '#src/forms/choice-groups.tsx';
import { errorText } from '#src/kit/error-text.ts';
import { showFieldErrors } from '#src/kit/form-errors.ts';
import { api } from '#src/providers/instances.ts';

type Values = { broken: boolean; brokenNote?: string; size: LockerSize };

/**
 * A locker that is not rented: its state and size, and for staff who may change lockers, "out of order" with a
 * note (a broken locker cannot be rented) and its size.
 */
export function LockerDialog({
  gymId,
  tile,
  canChange,
  onClose,
  onSaved,
}: {
  gymId: number;
  tile: LockerTile;
  canChange: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const broken = Form.useWatch('broken', form) ?? tile.broken;
  const editable = canChange && tile.rentalId === null;

  const save = useMutation({
    meta: { silent: true },
    mutationFn: (v: Values) =>
      api.call(lockerUpdateRoute, {
        params: { id: tile.id },
        query: { gymId },
        body: {
          size: v.size,
          broken: v.broken,
          brokenNote: v.broken ? v.brokenNote?.trim() || null : null,
        },
      }),
    onSuccess: () => {
      message.success(translate('lockers.locker.saved'));
      onSaved();
    },
    onError: (error) => showFieldErrors(form, error),
  });

  return (
    <Modal
      open
      title={translate('lockers.locker.title', { label: tile.label })}
      onCancel={onClose}
      rootClassName="fd-locker-overlay"
      destroyOnHidden
      {...(editable
        ? {
            okText: translate('lockers.locker.save'),
            cancelText: translate('buttons.cancel'),
            confirmLoading: save.isPending,
            onOk: () => form.submit(),
          }
        : { footer: null })}
    >
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={translate('lockers.locker.state')}>
          {translate(`lockers.state.${tile.state}`)}
        </Descriptions.Item>
        {!editable && (
          <Descriptions.Item label={translate('lockers.locker.size')}>
            {translate(`lockers.size.${tile.size}`)}
          </Descriptions.Item>
        )}
        {!editable && tile.brokenNote && (
          <Descriptions.Item label={translate('lockers.locker.brokenNote')}>
            {tile.brokenNote}
          </Descriptions.Item>
        )}
      </Descriptions>
      {save.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="fd-locker-alert"
          message={errorText(save.error, translate)}
        />
      )}
      {editable && (
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ broken: tile.broken, brokenNote: tile.brokenNote ?? '', size: tile.size }}
          onFinish={(values) => save.mutate(values)}
        >
          <Form.Item name="broken" valuePropName="checked">
            <Checkbox>{translate('lockers.locker.broken')}</Checkbox>
          </Form.Item>
          {broken && (
            <Form.Item name="brokenNote" label={translate('lockers.locker.brokenNote')}>
              <Input.TextArea rows={2} maxLength={200} />
            </Form.Item>
          )}
          <Form.Item name="size" label={translate('lockers.locker.size')} rules={[{ required: true }]}>
            <RadioChoices
              options={lockerSizes.map((s) => ({ value: s, label: translate(`lockers.size.${s}`) }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
