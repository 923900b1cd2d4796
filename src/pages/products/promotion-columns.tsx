import { useTranslate } from '@refinedev/core';
import { Button, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { PromotionState } from '#domain/rules/product.ts';
import type { Promotion } from '#domain/schemas/product.ts';
import type { Translate } from '#src/kit/translate.ts';
import { formatWon } from '../customers/money.ts';
import { type Tone, ToneTag } from './tone-tag.tsx';

export const STATE_TONES: Record<PromotionState, Tone> = {
  SCHEDULED: 'info',
  RUNNING: 'good',
  ENDED: 'neutral',
  STOPPED: 'bad',
};

/** "10%" or "5,000원": what a promotion takes off. */
export const discountText = (p: Pick<Promotion, 'kind' | 'value'>, language: string): string =>
  p.kind === 'PERCENT' ? `${p.value}%` : formatWon(p.value, language);

/** The period as `2026.03.01 ~ 2026.03.31`. */
const periodText = (p: Pick<Promotion, 'startDate' | 'endDate'>) =>
  `${p.startDate.replaceAll('-', '.')} ~ ${p.endDate.replaceAll('-', '.')}`;

function TargetTags({
  promotion,
  translate,
  all,
}: {
  promotion: Promotion;
  translate: Translate;
  all: boolean;
}) {
  // Staff who may change it see the rest in its drawer; a reader sees them all here.
  const shown = all ? promotion.targets : promotion.targets.slice(0, 3);
  const more = promotion.targets.length - shown.length;
  return (
    <span className="fd-promotion-targets">
      {shown.map((t) => (
        <ToneTag key={`${t.itemType}:${t.itemId}`} tone={t.itemType === 'PASS' ? 'info' : 'accent'}>
          {translate(`products.promotions.targetType.${t.itemType}`)} · {t.name}
        </ToneTag>
      ))}
      {more > 0 && <ToneTag tone="neutral">{translate('products.promotions.more', { count: more })}</ToneTag>}
    </span>
  );
}

/** The promotion list's columns; staff who may change a promotion open it by its name. */
export const usePromotionColumns = (
  canChange: boolean,
  onEdit: (promotion: Promotion) => void,
): ColumnsType<Promotion> => {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const won = (n: number) => formatWon(n, i18n.language);
  return [
    {
      key: 'name',
      title: translate('products.promotions.fields.name'),
      render: (_, p) =>
        canChange ? (
          <Button type="link" style={{ padding: 0, height: 'auto' }} onClick={() => onEdit(p)}>
            {p.name}
          </Button>
        ) : (
          p.name
        ),
    },
    {
      key: 'state',
      title: translate('products.promotions.fields.state'),
      render: (_, p) => (
        <ToneTag tone={STATE_TONES[p.state]}>{translate(`products.promotions.states.${p.state}`)}</ToneTag>
      ),
    },
    {
      key: 'discount',
      title: translate('products.promotions.fields.value'),
      align: 'right',
      className: 'fd-nowrap',
      render: (_, p) => discountText(p, i18n.language),
    },
    {
      key: 'period',
      title: translate('products.promotions.fields.period'),
      className: 'fd-nowrap',
      render: (_, p) => periodText(p),
    },
    {
      key: 'targets',
      title: translate('products.promotions.fields.targets'),
      render: (_, p) => <TargetTags promotion={p} translate={translate} all={!canChange} />,
    },
    {
      key: 'limit',
      title: translate('products.promotions.fields.perCustomerLimit'),
      align: 'right',
      render: (_, p) =>
        p.perCustomerLimit === null
          ? translate('products.promotions.unlimited')
          : translate('products.promotions.times', { count: p.perCustomerLimit }),
    },
    {
      key: 'used',
      title: translate('products.promotions.fields.usage'),
      align: 'right',
      className: 'fd-nowrap',
      render: (_, p) => (
        <Space direction="vertical" size={0}>
          <span>{translate('products.promotions.times', { count: p.usedCount })}</span>
          {p.discountTotal > 0 && <Typography.Text type="secondary">−{won(p.discountTotal)}</Typography.Text>}
        </Space>
      ),
    },
  ];
};
