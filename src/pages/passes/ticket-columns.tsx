import { useTranslate } from '@refinedev/core';
import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Ticket } from '#domain/schemas/pass.ts';
import { formatWon } from '../customers/money.ts';

export const LABEL_COLORS: Record<Ticket['saleLabel'], string> = {
  SOON: 'geekblue',
  ENDED: 'default',
  ON_SALE: 'blue',
  STOPPED: 'red',
};

/** "3개월 · 30회": the product's period and sessions. */
export const useTermsText = () => {
  const translate = useTranslate();
  return (t: Pick<Ticket, 'periodAmount' | 'periodUnit' | 'sessionCount'>) =>
    [
      t.periodAmount && t.periodUnit
        ? translate(`passes.units.${t.periodUnit}`, { count: t.periodAmount })
        : null,
      t.sessionCount ? translate('passes.units.sessions', { count: t.sessionCount }) : null,
    ]
      .filter(Boolean)
      .join(' · ');
};

/** The pass products' columns: the name opens the product's form. */
export const useTicketColumns = (): ColumnsType<Ticket> => {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const terms = useTermsText();
  const won = (n: number) => formatWon(n, i18n.language);
  return [
    {
      key: 'name',
      title: translate('ticket.fields.name'),
      render: (_, t) => <Link to={`/ticket/list/info?id=${t.id}`}>{t.name}</Link>,
    },
    {
      key: 'terms',
      title: translate('passes.products.terms'),
      render: (_, t) => terms(t),
      className: 'fd-nowrap',
    },
    {
      key: 'price',
      title: translate('ticket.fields.salePrice'),
      align: 'right',
      render: (_, t) => (
        <Space direction="vertical" size={0} className="fd-nowrap">
          <span>{won(t.salePrice)}</span>
          {t.discountPercent > 0 && (
            <Typography.Text type="secondary" delete>
              {won(t.originPrice)}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'discount',
      title: translate('ticket.fields.discountPercent'),
      render: (_, t) => (t.discountPercent ? `${t.discountPercent}%` : '-'),
    },
    {
      key: 'period',
      title: translate('passes.products.salePeriod'),
      className: 'fd-nowrap',
      render: (_, t) =>
        t.saleStartDate || t.saleEndDate
          ? `${t.saleStartDate ?? ''} ~ ${t.saleEndDate ?? ''}`
          : translate('passes.products.always'),
    },
    {
      key: 'label',
      title: translate('ticket.fields.saleLabel'),
      render: (_, t) => (
        <Tag color={LABEL_COLORS[t.saleLabel]}>{translate(`enums.saleLabel.${t.saleLabel}`)}</Tag>
      ),
    },
    { key: 'sold', dataIndex: 'soldCount', title: translate('ticket.fields.soldCount'), align: 'right' },
  ];
};
