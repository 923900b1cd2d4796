import { useList, useMany, useTranslate } from '@refinedev/core';
import { Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { SubServiceType } from '#domain/enums.ts';
import type { Gym } from '#domain/schemas/gym.ts';
import { orderColumn, PagedTable } from '../../components/paged-table.tsx';
import { findResource } from '../../resources/registry.ts';
import { SubServiceStatusTag } from '../settings/gym-status-tag.tsx';
import { ConfirmStatusButton } from './review-actions.tsx';

const PAGE_SIZE = 20;

type Subscription = {
  id: number;
  gymId: number;
  subServiceId: number;
  gymSubServiceStatus: 'WAIT' | 'APPROVE' | 'DENY' | 'CANCEL';
  createDate: string;
};
type CatalogueEntry = { id: number; gymSubServiceType: SubServiceType; nameKo: string; nameEn: string };

/** Add-on subscriptions waiting for the operator (gymSubServiceStatus=WAIT), the oldest first, to approve or deny. */
export function AddOnReviewPage() {
  const translate = useTranslate();
  const resource = findResource('admin', 'gym-sub-service')?.identifier ?? 'gym-sub-service';
  const [currentPage, setCurrentPage] = useState(1);
  const { result, query } = useList<Subscription>({
    resource,
    filters: [{ field: 'gymSubServiceStatus', operator: 'eq', value: 'WAIT' }],
    sorters: [{ field: 'createDate', order: 'asc' }],
    pagination: { currentPage, pageSize: PAGE_SIZE },
  });
  const rows = result.data;
  const gymIds = [...new Set(rows.map((row) => row.gymId))];
  const gyms = useMany<Gym>({
    resource: findResource('admin', 'gym')?.identifier ?? 'gym',
    ids: gymIds,
    queryOptions: { enabled: gymIds.length > 0 },
  });
  const catalogue = useList<CatalogueEntry>({
    resource: findResource('admin', 'sub-service')?.identifier ?? 'sub-service',
    pagination: { currentPage: 1, pageSize: 100 },
  });
  const gymName = (id: number) => gyms.result.data.find((gym) => gym.id === id)?.name ?? `#${id}`;
  const addOnName = (id: number) => {
    const addOn = catalogue.result.data.find((entry) => entry.id === id);
    return addOn ? translate(`enums.subServiceType.${addOn.gymSubServiceType}`) : `#${id}`;
  };

  const columns: ColumnsType<Subscription> = [
    orderColumn(translate('review.facilities.order'), currentPage, PAGE_SIZE),
    { key: 'gym', title: translate('gym-sub-service.fields.gymId'), render: (_, row) => gymName(row.gymId) },
    {
      key: 'addOn',
      title: translate('gym-sub-service.fields.subServiceId'),
      render: (_, row) => addOnName(row.subServiceId),
    },
    {
      key: 'status',
      title: translate('gym-sub-service.fields.gymSubServiceStatus'),
      render: (_, row) => <SubServiceStatusTag status={row.gymSubServiceStatus} />,
    },
    {
      key: 'requested',
      title: translate('gym-sub-service.fields.createDate'),
      render: (_, row) => dayjs(row.createDate).format('YYYY.MM.DD HH:mm'),
    },
    {
      key: 'actions',
      title: translate('crud.actions'),
      render: (_, row) => {
        const names = { addOn: addOnName(row.subServiceId), gym: gymName(row.gymId) };
        return (
          <Space wrap size="small">
            <ConfirmStatusButton
              resource={resource}
              id={row.id}
              values={{ gymSubServiceStatus: 'APPROVE' }}
              label={translate('admin.review.addOns.approve')}
              question={translate('review.addOns.approveQuestion', names)}
              success="admin.review.addOns.approved"
            />
            <ConfirmStatusButton
              resource={resource}
              id={row.id}
              values={{ gymSubServiceStatus: 'DENY' }}
              label={translate('admin.review.addOns.deny')}
              question={translate('review.addOns.denyQuestion', names)}
              success="admin.review.addOns.denied"
              danger
            />
          </Space>
        );
      },
    },
  ];

  return (
    <section aria-labelledby="add-on-queue-title">
      <Typography.Title level={1} id="add-on-queue-title" style={{ fontSize: 24 }}>
        {translate('admin.review.addOns.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{translate('review.addOns.hint')}</Typography.Paragraph>
      <PagedTable<Subscription>
        rows={rows}
        columns={columns}
        loading={query.isLoading}
        total={result.total}
        currentPage={currentPage}
        pageSize={PAGE_SIZE}
        onPageChange={setCurrentPage}
        emptyText={translate('review.addOns.empty')}
      />
    </section>
  );
}
