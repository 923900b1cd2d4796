import { PlusOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type PriceSort, priceSorts } from '#domain/enums.ts';
import type { Ticket } from '#domain/schemas/pass.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { useFacility } from '#src/facility/facility-context.tsx';
import { http } from '#src/providers/instances.ts';
import { formatWon } from '../customers/money.ts';
import { IssueTable } from './issue-list-page.tsx';
import '../customers/members.css';

/** The SPEC's price sort, as the generic list's `_sort`. */
const SORTS: Record<PriceSort, { field: string; order: 'asc' | 'desc' }> = {
  SALEPRICE: { field: 'salePrice', order: 'asc' },
  ORIGINPRICE: { field: 'originPrice', order: 'asc' },
  TICKETNAME: { field: 'name', order: 'asc' },
};

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

/** `/ticket/list`: the pass products (SALE) and the passes in use (USING) (docs/rules.md#passes). */
export function TicketListPage() {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const { selected, gymAuth } = useFacility();
  const gymId = selected?.id ?? 0;
  const canChange = Boolean(gymAuth?.representYn || gymAuth?.memberSettingYn);
  const [tab, setTab] = useState<'SALE' | 'USING'>('SALE');
  const [sort, setSort] = useState<PriceSort>('TICKETNAME');
  const terms = useTermsText();
  const products = useQuery({
    queryKey: ['passes', 'products', gymId, sort],
    queryFn: async () =>
      (
        await http.get<Ticket[]>('/web/ticket', {
          params: { gymId, _start: 0, _end: 100, _sort: SORTS[sort].field, _order: SORTS[sort].order },
        })
      ).data as Ticket[],
    enabled: gymId > 0,
  });
  const won = (n: number) => formatWon(n, i18n.language);
  const columns: ColumnsType<Ticket> = [
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
  return (
    <div className="fd-members-page">
      <div className="fd-members-head">
        <Typography.Title level={1} className="fd-page-title">
          {translate('passes.products.title')}
        </Typography.Title>
        {canChange && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/ticket/list/add')}>
            {translate('passes.products.add')}
          </Button>
        )}
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as 'SALE' | 'USING')}
        items={[
          { key: 'SALE', label: translate('passes.products.tabs.SALE') },
          { key: 'USING', label: translate('passes.products.tabs.USING') },
        ]}
      />
      {tab === 'SALE' ? (
        <>
          <Space wrap>
            <span id="fd-price-sort">{translate('passes.products.sort')}</span>
            <Select<PriceSort>
              aria-labelledby="fd-price-sort"
              value={sort}
              onChange={setSort}
              style={{ width: 160 }}
              options={priceSorts.map((s) => ({ value: s, label: translate(`passes.products.sorts.${s}`) }))}
            />
          </Space>
          <Table<Ticket>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={products.data ?? []}
            loading={products.isLoading}
            scroll={{ x: 'max-content' }}
            pagination={false}
            locale={{ emptyText: <EmptyText>{translate('passes.products.empty')}</EmptyText> }}
          />
        </>
      ) : (
        <>
          <Typography.Paragraph>
            {translate('passes.products.usingHelp')}{' '}
            <Link to="/ticket/issueList">{translate('passes.issued.title')}</Link>
          </Typography.Paragraph>
          <IssueTable gymId={gymId} fixed={{ status: 'FIN' }} />
        </>
      )}
    </div>
  );
}
