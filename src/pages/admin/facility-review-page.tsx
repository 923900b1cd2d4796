import { useList, useTranslate } from '@refinedev/core';
import { Button, Card, ConfigProvider, Input, Space, type ThemeConfig, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { Gym } from '#domain/schemas/gym.ts';
import { orderColumn, PagedTable } from '../../components/paged-table.tsx';
import { findResource } from '../../resources/registry.ts';
import { GymInfo } from '../settings/gym-info.tsx';
import { GymStatusTag } from '../settings/gym-status-tag.tsx';
import { DocumentViewer } from './document-viewer.tsx';
import { ConfirmStatusButton, RejectFacilityButton } from './review-actions.tsx';

const PAGE_SIZE = 20;

// antd lightens a hovered button's text (about 3.5:1 on the selected row's blue); the primary colour keeps AA.
const queueTheme: ThemeConfig = {
  components: { Button: { defaultHoverColor: '#0958d9', defaultHoverBorderColor: '#0958d9' } },
};
const dateTime = (value: string) => dayjs(value).format('YYYY.MM.DD HH:mm');

function Decisions({ resource, gym, onDone }: { resource: string; gym: Gym; onDone?: () => void }) {
  const translate = useTranslate();
  return (
    <Space size="small">
      <ConfirmStatusButton
        resource={resource}
        id={gym.id}
        values={{ gymStatus: 'ACTIVE' }}
        label={translate('admin.review.facilities.approve')}
        question={translate('admin.review.facilities.approveQuestion', { name: gym.name })}
        success="admin.review.facilities.approved"
        onDone={onDone}
      />
      <RejectFacilityButton resource={resource} id={gym.id} name={gym.name} onDone={onDone} />
    </Space>
  );
}

/** One request: the verification info beside the documents, and the decision. */
function ReviewDetail({ resource, gym, onDone }: { resource: string; gym: Gym; onDone: () => void }) {
  const translate = useTranslate();
  const headingId = `review-detail-${gym.id}`;
  return (
    <section aria-labelledby={headingId}>
      <Card
        title={
          <h2 id={headingId} style={{ fontSize: 16, margin: 0 }}>
            {translate('review.facilities.detailTitle', { name: gym.name })}
          </h2>
        }
        extra={
          <Space>
            <Decisions resource={resource} gym={gym} onDone={onDone} />
            <Button size="small" onClick={onDone}>
              {translate('review.facilities.closeDetail')}
            </Button>
          </Space>
        }
      >
        <div style={{ display: 'grid', gridTemplateColumns: 'minmax(280px, 2fr) 3fr', gap: 24 }}>
          <GymInfo
            gym={gym}
            extra={[
              {
                key: 'submitted',
                label: translate('review.facilities.submitted'),
                children: dateTime(gym.modifiedDate),
              },
              {
                key: 'created',
                label: translate('gym.fields.createDate'),
                children: dateTime(gym.createDate),
              },
            ]}
          />
          <div>
            <h3 style={{ fontSize: 14, marginTop: 0 }}>{translate('review.documents.title')}</h3>
            <DocumentViewer gym={gym} />
          </div>
        </div>
      </Card>
    </section>
  );
}

/**
 * Facilities that asked for verification (GET /web/gym?gymStatus=REQUEST), the longest waiting first (by when they
 * were submitted), to look over with their documents and approve (ACTIVE) or reject with a reason (INACTIVE).
 */
export function FacilityReviewPage() {
  const translate = useTranslate();
  const entry = findResource('admin', 'gym');
  const resource = entry?.identifier ?? 'gym';
  const [currentPage, setCurrentPage] = useState(1);
  const [reviewingId, setReviewingId] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const { result, query } = useList<Gym>({
    resource,
    filters: [
      { field: 'gymStatus', operator: 'eq', value: 'REQUEST' },
      ...(search ? [{ field: 'name', operator: 'contains' as const, value: search }] : []),
    ],
    sorters: [{ field: 'modifiedDate', order: 'asc' }],
    pagination: { currentPage, pageSize: PAGE_SIZE },
  });
  const rows = result.data;
  const reviewing = rows.find((gym) => gym.id === reviewingId) ?? null;
  const close = () => setReviewingId(null);

  const columns: ColumnsType<Gym> = [
    orderColumn(translate('review.facilities.order'), currentPage, PAGE_SIZE),
    { key: 'name', dataIndex: 'name', title: translate('gym.fields.name') },
    { key: 'businessNo', dataIndex: 'businessNo', title: translate('gym.fields.businessNo') },
    { key: 'representName', dataIndex: 'representName', title: translate('gym.fields.representName') },
    {
      key: 'gymStatus',
      title: translate('gym.fields.gymStatus'),
      render: (_, gym) => <GymStatusTag status={gym.gymStatus} />,
    },
    {
      key: 'submitted',
      title: translate('review.facilities.submitted'),
      render: (_, gym) => dateTime(gym.modifiedDate),
    },
    {
      key: 'actions',
      title: translate('crud.actions'),
      render: (_, gym) => (
        <Space wrap size="small">
          <Button
            size="small"
            aria-pressed={reviewingId === gym.id}
            onClick={() => setReviewingId(reviewingId === gym.id ? null : gym.id)}
          >
            {translate('review.facilities.review')}
          </Button>
          <Decisions resource={resource} gym={gym} onDone={reviewingId === gym.id ? close : undefined} />
        </Space>
      ),
    },
  ];

  return (
    <ConfigProvider theme={queueTheme}>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <section aria-labelledby="facility-queue-title">
          <Typography.Title level={1} id="facility-queue-title" style={{ fontSize: 24 }}>
            {translate('admin.review.facilities.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{translate('review.facilities.hint')}</Typography.Paragraph>
          <Input.Search
            aria-label={translate('review.facilities.search')}
            placeholder={translate('review.facilities.search')}
            allowClear
            enterButton={translate('buttons.search')}
            style={{ maxWidth: 360, marginBottom: 16 }}
            onSearch={(value) => {
              setSearch(value.trim());
              setCurrentPage(1);
            }}
          />
          <PagedTable<Gym>
            rows={rows}
            columns={columns}
            rowClassName={(gym) => (gym.id === reviewingId ? 'ant-table-row-selected' : '')}
            loading={query.isLoading}
            total={result.total}
            currentPage={currentPage}
            pageSize={PAGE_SIZE}
            onPageChange={setCurrentPage}
            emptyText={translate('review.facilities.empty')}
          />
        </section>
        {reviewing && <ReviewDetail key={reviewing.id} resource={resource} gym={reviewing} onDone={close} />}
      </Space>
    </ConfigProvider>
  );
}
