import { useTranslate } from '@refinedev/core';
import { App, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { z } from 'zod';
import { platformTemplateListRoute, platformTemplateReviewRoute } from '#domain/api/message-settings.ts';
import type { MessageReviewState } from '#domain/schemas/message.ts';
import type { MessageReview, platformKakaoTemplateSchema } from '#domain/schemas/message-settings.ts';
import { orderColumn } from '#src/components/paged-table.tsx';
import { useContractList, useContractMutation } from '#src/kit/contract-hooks.ts';
import { QueryTable } from '#src/kit/query-table.tsx';
import { messageSettingsKeys } from '../message-settings/message-settings-api.ts';
import { ReviewStateTag } from '../message-settings/message-settings-parts.tsx';
import {
  type ReviewMutation as Review,
  ReviewDecisions,
  ReviewStateFilter,
} from './message-review-parts.tsx';

type PlatformTemplate = z.infer<typeof platformKakaoTemplateSchema>;
const PAGE_SIZE = 20;

const useTemplateReviewColumns = ({
  page,
  review,
}: {
  page: number;
  review: Review;
}): ColumnsType<PlatformTemplate> => {
  const translate = useTranslate();
  return [
    orderColumn(translate('review.facilities.order'), page, PAGE_SIZE),
    {
      key: 'gym',
      title: translate('messageSettings.admin.facility'),
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <Typography.Text>{row.gymName}</Typography.Text>
          {row.searchId && <Typography.Text type="secondary">{row.searchId}</Typography.Text>}
        </Space>
      ),
    },
    {
      key: 'name',
      title: translate('messageSettings.templates.name'),
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{row.name}</Typography.Text>
          <Typography.Text type="secondary">{row.code}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'content',
      title: translate('messageSettings.templates.content'),
      render: (_, row) => (
        <Space direction="vertical" size={4} style={{ maxWidth: 420 }}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
            {row.content}
          </Typography.Paragraph>
          {row.fallbackText && (
            <Typography.Text type="secondary" style={{ whiteSpace: 'pre-wrap' }}>
              {translate('messageSettings.admin.fallback', { text: row.fallbackText })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'status',
      title: translate('messageSettings.templates.status'),
      render: (_, row) => (
        <Space direction="vertical" size={2}>
          <ReviewStateTag status={row.status} />
          {row.reviewNote && <Typography.Text type="secondary">{row.reviewNote}</Typography.Text>}
        </Space>
      ),
    },
    {
      key: 'createDate',
      title: translate('messageSettings.admin.submitted'),
      render: (_, row) => dayjs(row.createDate).format('YYYY.MM.DD HH:mm'),
    },
    {
      key: 'actions',
      title: translate('crud.actions'),
      render: (_, row) =>
        row.status === 'REQUEST' ? (
          <ReviewDecisions
            subject={row.name}
            pending={review.isPending}
            error={review.error}
            onReset={review.reset}
            onDecide={(body) => review.mutateAsync({ id: row.id, review: body })}
          />
        ) : null,
    },
  ];
};

/**
 * `/admin/review/message-templates` (issue 29): the facilities' 알림톡 templates to review (standing in for Kakao's
 * review in test mode): the content and fallback beside the decision, approve, deny or ask for more with a reason.
 */
export function MessageTemplateReviewPage() {
  const translate = useTranslate();
  const { message } = App.useApp();
  const [status, setStatus] = useState<MessageReviewState | 'ALL'>('REQUEST');
  const [page, setPage] = useState(1);
  const query = {
    ...(status === 'ALL' ? {} : { status }),
    _start: (page - 1) * PAGE_SIZE,
    _end: page * PAGE_SIZE,
  };
  const list = useContractList(
    platformTemplateListRoute,
    { query },
    {
      queryKey: messageSettingsKeys.platformTemplates(query),
      meta: { silent: true },
      placeholderData: (p) => p,
    },
  );
  const review = useContractMutation(platformTemplateReviewRoute, {
    input: ({ id, review: body }: { id: number; review: MessageReview }) => ({ params: { id }, body }),
    invalidates: [messageSettingsKeys.all],
    meta: { silent: true },
    onSuccess: (template) =>
      void message.success(
        translate(`messageSettings.admin.decided.${template.status}`, { subject: template.name }),
      ),
  });

  const columns = useTemplateReviewColumns({ page, review });

  return (
    <section aria-labelledby="template-queue-title">
      <Typography.Title level={1} id="template-queue-title" style={{ fontSize: 24 }}>
        {translate('messageSettings.admin.templates.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {translate('messageSettings.admin.templates.hint')}
      </Typography.Paragraph>
      <div style={{ marginBottom: 16, overflowX: 'auto' }}>
        <ReviewStateFilter
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
        />
      </div>
      <QueryTable<PlatformTemplate>
        query={list}
        translate={translate}
        loadFailedKey="messageSettings.admin.loadFailed"
        retryKey="messageSettings.retry"
        columns={columns}
        scroll={{ x: 'max-content' }}
        currentPage={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        emptyText={translate('messageSettings.admin.templates.empty')}
      />
    </section>
  );
}
