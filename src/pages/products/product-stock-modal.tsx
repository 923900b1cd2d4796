import { useTranslate } from '@refinedev/core';
import type { GetRef } from 'antd';
import { Alert, Form, Input, InputNumber, Modal } from 'antd';
import { useRef } from 'react';
import { productStockRoute } from '#domain/api/product.ts';
import { STOCK_CHANGE_MAX } from '#domain/rules/product.ts';
import type { ProductDetail } from '#domain/schemas/product.ts';
import { RadioChoices } from '#src/forms/choice-groups.tsx';
import { useContractMutation } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { showFieldErrors } from '#src/kit/form-errors.ts';
import { signed } from './product-model.ts';

type AdjustValues = { direction: 'IN' | 'OUT'; quantity: number; note: string };

/**
 * A stock adjustment: in or out by a quantity, with the note the server requires. The new stock is previewed;
 * taking out more than there is is refused here as the server would (409 stockBelowZero).
 */
export function StockAdjustModal({
  gymId,
  product,
  onClose,
  onDone,
}: {
  gymId: number;
  product: ProductDetail;
  onClose: () => void;
  onDone: (stockAfter: number) => void;
}) {
  const translate = useTranslate();
  const [form] = Form.useForm<AdjustValues>();
  const quantityRef = useRef<GetRef<typeof InputNumber>>(null);
  const direction = Form.useWatch('direction', form) ?? 'IN';
  const quantity = Form.useWatch('quantity', form);
  const change =
    typeof quantity === 'number' && quantity > 0 ? (direction === 'OUT' ? -quantity : quantity) : 0;
  const after = product.stock + change;
  const save = useContractMutation(productStockRoute, {
    meta: { silent: true },
    input: (v: AdjustValues) => ({
      params: { id: product.id },
      body: { gymId, change: v.direction === 'OUT' ? -v.quantity : v.quantity, note: v.note.trim() },
    }),
    onSuccess: (saved) => onDone(saved.stock),
    onError: (error) => showFieldErrors(form, error),
  });

  return (
    <Modal
      open
      title={translate('products.stock.title', { name: product.name })}
      onCancel={onClose}
      okText={translate('products.stock.save')}
      cancelText={translate('buttons.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      // The quantity takes the focus once the modal has opened (antd focuses the dialog itself first).
      afterOpenChange={(open) => open && quantityRef.current?.focus()}
      destroyOnHidden
    >
      {save.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={errorText(save.error, translate)}
          className="fd-stock-preview"
        />
      )}
      <Form<AdjustValues>
        form={form}
        layout="vertical"
        requiredMark
        initialValues={{ direction: 'IN' }}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item name="direction" label={translate('products.stock.direction')}>
          <RadioChoices
            optionType="button"
            options={[
              { value: 'IN', label: translate('products.stock.in') },
              { value: 'OUT', label: translate('products.stock.out') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="quantity"
          label={translate('products.stock.quantity')}
          rules={[
            { required: true, message: translate('validation.required') },
            { type: 'integer', min: 1, max: STOCK_CHANGE_MAX, message: translate('validation.notZero') },
            {
              validator: (_, value: number | undefined) =>
                direction === 'OUT' && typeof value === 'number' && value > product.stock
                  ? Promise.reject(new Error(translate('products.stock.belowZero', { stock: product.stock })))
                  : Promise.resolve(),
            },
          ]}
          dependencies={['direction']}
        >
          <InputNumber<number>
            min={1}
            max={STOCK_CHANGE_MAX}
            precision={0}
            style={{ width: '100%' }}
            ref={quantityRef}
            onPressEnter={() => form.submit()}
          />
        </Form.Item>
        <Form.Item
          name="note"
          label={translate('products.stock.note')}
          extra={translate('products.stock.noteHelp')}
          rules={[{ required: true, whitespace: true, message: translate('products.stock.noteRequired') }]}
        >
          <Input maxLength={200} autoComplete="off" onPressEnter={() => form.submit()} />
        </Form.Item>
        <p role="status" className="fd-stock-preview">
          {translate('products.stock.preview', {
            before: product.stock,
            after: Math.max(after, 0),
            change: signed(change),
          })}
        </p>
      </Form>
    </Modal>
  );
}
