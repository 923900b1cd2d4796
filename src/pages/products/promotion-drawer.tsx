import { useTranslate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Form, type FormInstance, Grid, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { promotionCreateRoute, promotionDeleteRoute, promotionUpdateRoute } from '#domain/api/product.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { Promotion } from '#domain/schemas/product.ts';
import { useContractMutation } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { fieldPathOf, showFieldErrors } from '#src/kit/form-errors.ts';
import { fieldErrorsOf } from '#src/providers/http-error.ts';
import { api } from '#src/providers/instances.ts';
import { formatWon } from '../customers/money.ts';
import { productKeys, useRefreshProducts } from './product-api.ts';
import { PromotionPeriodFields, PromotionTargetFields, PromotionTermsFields } from './promotion-fields.tsx';
import { type PromotionValues, promotionBody, promotionInitialValues } from './promotion-form.ts';
import { usePromotionTargets } from './use-promotion-targets.ts';

const targetsOnPassPicker = (name: string) =>
  name === 'targets' || name.startsWith('targets.') ? 'passIds' : fieldPathOf(name);

/** Saving and deleting a promotion; either closes the drawer, a refusal on a field shows under it. */
const usePromotionWrites = (
  gymId: number,
  promotion: Promotion | null,
  form: FormInstance<PromotionValues>,
  onClose: () => void,
) => {
  const translate = useTranslate();
  const { message } = App.useApp();
  const refresh = useRefreshProducts();
  const save = useMutation({
    meta: { silent: true },
    mutationFn: (v: PromotionValues) => {
      const body = promotionBody(v);
      return promotion
        ? api.call(promotionUpdateRoute, { params: { id: promotion.id }, query: { gymId }, body })
        : api.call(promotionCreateRoute, { body: { ...body, gymId } });
    },
    onSuccess: (saved) => {
      refresh();
      message.success(translate('products.promotions.saved', { name: saved.name }));
      onClose();
    },
    // The server names the targets as one field; the form shows it under the pass picker.
    onError: (error) => showFieldErrors(form, error, { pathOf: targetsOnPassPicker }),
  });
  const remove = useContractMutation(promotionDeleteRoute, {
    meta: { silent: true },
    input: (p: Promotion) => ({ params: { id: p.id }, query: { gymId } }),
    invalidates: [productKeys.all],
    onSuccess: () => {
      message.success(translate('products.promotions.deleted'));
      onClose();
    },
    onError: (error) => message.error(errorText(error, translate)),
  });
  return { save, remove };
};

type Writes = ReturnType<typeof usePromotionWrites>;

/** Delete (only while the promotion was never applied) on the left, cancel and save on the right. */
function PromotionDrawerFooter({
  promotion,
  form,
  writes: { save, remove },
  onClose,
}: {
  promotion: Promotion | null;
  form: FormInstance<PromotionValues>;
  writes: Writes;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const { modal } = App.useApp();
  return (
    <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
      <span>
        {promotion && promotion.usedCount === 0 && (
          <Button
            danger
            loading={remove.isPending}
            onClick={() =>
              modal.confirm({
                title: translate('products.promotions.deleteTitle', { name: promotion.name }),
                okText: translate('buttons.delete'),
                okButtonProps: { danger: true },
                cancelText: translate('buttons.cancel'),
                onOk: () => remove.mutateAsync(promotion),
              })
            }
          >
            {translate('buttons.delete')}
          </Button>
        )}
      </span>
      <Space>
        <Button onClick={onClose}>{translate('buttons.cancel')}</Button>
        <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
          {translate('buttons.save')}
        </Button>
      </Space>
    </Space>
  );
}

/** Adding or changing a promotion: its terms, its period, its per-customer limit and its targets. */
export function PromotionDrawer({
  gymId,
  promotion,
  canChange,
  onClose,
}: {
  gymId: number;
  promotion: Promotion | null;
  canChange: boolean;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<PromotionValues>();
  const kind = Form.useWatch('kind', form) ?? promotion?.kind ?? 'PERCENT';
  const value = Form.useWatch('value', form);
  const targets = usePromotionTargets(gymId, promotion);
  const writes = usePromotionWrites(gymId, promotion, form, onClose);
  const { save } = writes;
  const won = (n: number) => formatWon(n, i18n.language);
  const today = dayjs(seoulToday(new Date()));

  return (
    <Drawer
      open
      onClose={onClose}
      width={screens.md ? 560 : '100%'}
      title={
        promotion
          ? translate('products.promotions.editTitle', { name: promotion.name })
          : translate('products.promotions.add')
      }
      destroyOnHidden
      footer={
        canChange ? (
          <PromotionDrawerFooter promotion={promotion} form={form} writes={writes} onClose={onClose} />
        ) : undefined
      }
    >
      {!canChange && <Alert type="info" showIcon message={translate('products.readOnly')} />}
      {promotion && promotion.usedCount > 0 && (
        <Alert
          type="info"
          showIcon
          message={translate('products.promotions.usedInfo', {
            count: promotion.usedCount,
            total: won(promotion.discountTotal),
          })}
        />
      )}
      {save.isError && fieldErrorsOf(save.error).length === 0 && (
        <Alert type="error" showIcon role="alert" message={errorText(save.error, translate)} />
      )}
      {targets.passes.isError && (
        <Alert type="warning" showIcon message={translate('products.promotions.passesUnavailable')} />
      )}
      <Form<PromotionValues>
        form={form}
        layout="vertical"
        requiredMark
        disabled={!canChange}
        onFinish={(v) => save.mutate(v)}
        initialValues={promotionInitialValues(promotion, today)}
      >
        <PromotionTermsFields form={form} kind={kind} value={value} />
        <PromotionPeriodFields />
        <PromotionTargetFields targets={targets} />
      </Form>
    </Drawer>
  );
}
