import { PlusOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { promotionListRoute } from '#domain/api/product.ts';
import { type PromotionState, promotionStates } from '#domain/rules/product.ts';
import type { Promotion } from '#domain/schemas/product.ts';
import { useContractList } from '#src/kit/contract-hooks.ts';
import { QueryTable } from '#src/kit/query-table.tsx';
import { productKeys, useProductAccess } from './product-api.ts';
import { usePromotionColumns } from './promotion-columns.tsx';
import { PromotionDrawer } from './promotion-drawer.tsx';
import '../customers/members.css';
import './products.css';

const PAGE_SIZE = 20;

/**
 * `/product/promotion`: the facility's promotions (docs/rules.md#promotions) with their state (from today), what
 * they take off, their period, targets, per-customer limit and how often they were applied. A drawer adds or
 * changes one; its targets are chosen from the facility's pass products and desk products.
 */
export function PromotionPage() {
  const translate = useTranslate();
  const { gymId, canChange } = useProductAccess();
  const [state, setState] = useState<PromotionState | 'ALL'>('ALL');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Promotion | 'new' | null>(null);
  const list = useContractList(
    promotionListRoute,
    {
      params: { gymId },
      query: {
        ...(state === 'ALL' ? {} : { state }),
        _start: (page - 1) * PAGE_SIZE,
        _end: page * PAGE_SIZE,
      },
    },
    {
      queryKey: productKeys.promotions(gymId, state, page),
      enabled: gymId > 0,
      placeholderData: (previous) => previous,
      meta: { silent: true },
    },
  );
  const columns = usePromotionColumns(canChange, setEditing);

  return (
    <div className="fd-members-page">
      <div className="fd-members-head">
        <Typography.Title level={1} className="fd-page-title">
          {translate('products.promotions.title')}
        </Typography.Title>
        <Space wrap>
          <Link to="/product/manage">{translate('products.title')}</Link>
          {canChange && (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
              {translate('products.promotions.add')}
            </Button>
          )}
        </Space>
      </div>
      <Radio.Group
        aria-label={translate('products.promotions.filter')}
        optionType="button"
        value={state}
        onChange={(e) => {
          setState(e.target.value as PromotionState | 'ALL');
          setPage(1);
        }}
        options={[
          { value: 'ALL', label: translate('products.promotions.states.ALL') },
          ...promotionStates.map((s) => ({ value: s, label: translate(`products.promotions.states.${s}`) })),
        ]}
      />
      <QueryTable<Promotion>
        query={list}
        translate={translate}
        loadFailedKey="products.loadFailed"
        retryKey="products.retry"
        columns={columns}
        showSizeChanger={false}
        currentPage={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        emptyText={translate('products.promotions.empty')}
      />
      {editing && (
        <PromotionDrawer
          gymId={gymId}
          promotion={editing === 'new' ? null : editing}
          canChange={canChange}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
