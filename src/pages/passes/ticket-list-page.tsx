import { PlusOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Select, Space, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type PriceSort, priceSorts } from '#domain/enums.ts';
import type { Ticket } from '#domain/schemas/pass.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { IssueTable } from './issue-table.tsx';
import { usePassAccess, usePassProducts } from './pass-api.ts';
import { useTicketColumns } from './ticket-columns.tsx';
import '../customers/members.css';

/** The SPEC's price sort, as the generic list's `_sort`. */
const SORTS: Record<PriceSort, { field: string; order: 'asc' | 'desc' }> = {
  SALEPRICE: { field: 'salePrice', order: 'asc' },
  ORIGINPRICE: { field: 'originPrice', order: 'asc' },
  TICKETNAME: { field: 'name', order: 'asc' },
};

/** `/ticket/list`: the pass products (SALE) and the passes in use (USING) (docs/rules.md#passes). */
export function TicketListPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { gymId, canChange } = usePassAccess();
  const [tab, setTab] = useState<'SALE' | 'USING'>('SALE');
  const [sort, setSort] = useState<PriceSort>('TICKETNAME');
  const products = usePassProducts(gymId, sort, SORTS[sort]);
  const columns = useTicketColumns();
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
