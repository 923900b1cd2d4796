import { useTranslate } from '@refinedev/core';
import { App, Button, Card, Segmented, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { platformSenderListRoute, platformSenderReviewRoute } from '#domain/api/message-settings.ts';
import type { MessageReviewState } from '#domain/schemas/message.ts';
import type { MessageReview, PlatformMessageSender } from '#domain/schemas/message-settings.ts';
import { orderColumn } from '#src/components/paged-table.tsx';
import { useContractList, useContractMutation } from '#src/kit/contract-hooks.ts';
import { QueryTable } from '#src/kit/query-table.tsx';
import { messageSettingsKeys } from '../message-settings/message-settings-api.ts';
import { ReviewStateTag } from '../message-settings/message-settings-parts.tsx';
import { extraDocumentOf, formatSenderNumber } from '../message-settings/message-settings-rules.ts';
import { DocumentView, isDocumentUrl } from './document-viewer.tsx';
import {
  type ReviewMutation as Review,
  ReviewDecisions,
  ReviewStateFilter,
} from './message-review-parts.tsx';

const PAGE_SIZE = 20;
const dateTime = (value: string) => dayjs(value).format('YYYY.MM.DD HH:mm');

/** A number's documents, one at a time. */
function SenderDocumentsView({ sender }: { sender: PlatformMessageSender }) {
  const translate = useTranslate();
  const extra = extraDocumentOf(sender.owner);
  const documents = [
    { key: 'proof', url: sender.proofFileUrl, title: translate('messageSettings.senders.form.proofFile') },
    ...(extra
      ? [{ key: extra, url: sender.extraFileUrl, title: translate(`messageSettings.senders.form.${extra}`) }]
      : []),
  ].flatMap((doc) => (isDocumentUrl(doc.url) ? [{ ...doc, url: doc.url }] : []));
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  if (documents.length === 0) return <Typography.Text>{translate('review.documents.none')}</Typography.Text>;
  const current = documents.find((doc) => doc.key === chosen) ?? documents[0]!;
  return (
    <Space direction="vertical" style={{ width: '100%', minWidth: 0 }}>
      <Segmented
        block
        style={{ maxWidth: '100%', overflowX: 'auto' }}
        aria-label={translate('review.documents.choose')}
        value={current.key}
        onChange={(value) => setChosen(String(value))}
        options={documents.map((doc) => ({ value: doc.key, label: doc.title }))}
      />
      <DocumentView key={current.url} url={current.url} title={current.title} height={480} />
    </Space>
  );
}

const useSenderReviewColumns = ({
  page,
  openId,
  onOpen,
  review,
}: {
  page: number;
  openId: number | null;
  onOpen: (id: number | null) => void;
  review: Review;
}): ColumnsType<PlatformMessageSender> => {
  const translate = useTranslate();
  return [
    orderColumn(translate('review.facilities.order'), page, PAGE_SIZE),
    { key: 'gymName', dataIndex: 'gymName', title: translate('messageSettings.admin.facility') },
    {
      key: 'phone',
      title: translate('messageSettings.senders.columns.phone'),
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{formatSenderNumber(row.phone)}</Typography.Text>
          {row.label && <Typography.Text type="secondary">{row.label}</Typography.Text>}
        </Space>
      ),
    },
    {
      key: 'owner',
      title: translate('messageSettings.senders.columns.owner'),
      render: (_, row) => translate(`messageSettings.senders.owner.${row.owner}`),
    },
    {
      key: 'status',
      title: translate('messageSettings.senders.columns.status'),
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
      render: (_, row) => dateTime(row.createDate),
    },
    {
      key: 'actions',
      title: translate('crud.actions'),
      render: (_, row) => (
        <Space wrap size={4}>
          <Button
            size="small"
            aria-pressed={openId === row.id}
            onClick={() => onOpen(openId === row.id ? null : row.id)}
          >
            {translate('messageSettings.admin.open')}
          </Button>
          {row.status === 'REQUEST' && (
            <ReviewDecisions
              subject={formatSenderNumber(row.phone)}
              pending={review.isPending}
              error={review.error}
              onReset={review.reset}
              onDecide={(body) => review.mutateAsync({ id: row.id, review: body })}
            />
          )}
        </Space>
      ),
    },
  ];
};

/**
 * `/admin/review/message-senders` (issue 29): the facilities' sender numbers, the longest waiting first, filtered
 * by state; open one to see its documents, then approve, deny or ask for more with a note.
 */
export function MessageSenderReviewPage() {
  const translate = useTranslate();
  const { message } = App.useApp();
  const [status, setStatus] = useState<MessageReviewState | 'ALL'>('REQUEST');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const query = {
    ...(status === 'ALL' ? {} : { status }),
    _start: (page - 1) * PAGE_SIZE,
    _end: page * PAGE_SIZE,
  };
  const list = useContractList(
    platformSenderListRoute,
    { query },
    {
      queryKey: messageSettingsKeys.platformSenders(query),
      meta: { silent: true },
      placeholderData: (p) => p,
    },
  );
  const review = useContractMutation(platformSenderReviewRoute, {
    input: ({ id, review: body }: { id: number; review: MessageReview }) => ({ params: { id }, body }),
    invalidates: [messageSettingsKeys.all],
    meta: { silent: true },
    onSuccess: (sender) => {
      setOpenId(null);
      void message.success(
        translate(`messageSettings.admin.decided.${sender.status}`, {
          subject: formatSenderNumber(sender.phone),
        }),
      );
    },
  });
  const rows = list.data?.data ?? [];
  const opened = rows.find((row) => row.id === openId) ?? null;

  const columns = useSenderReviewColumns({ page, openId, onOpen: setOpenId, review });

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <section aria-labelledby="sender-queue-title">
        <Typography.Title level={1} id="sender-queue-title" style={{ fontSize: 24 }}>
          {translate('messageSettings.admin.senders.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          {translate('messageSettings.admin.senders.hint')}
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
        <QueryTable<PlatformMessageSender>
          query={list}
          translate={translate}
          loadFailedKey="messageSettings.admin.loadFailed"
          retryKey="messageSettings.retry"
          columns={columns}
          scroll={{ x: 'max-content' }}
          rowClassName={(row) => (row.id === openId ? 'ant-table-row-selected' : '')}
          currentPage={page}
          pageSize={PAGE_SIZE}
          onPageChange={setPage}
          emptyText={translate('messageSettings.admin.senders.empty')}
        />
      </section>
      {opened && (
        <Card
          title={
            <h2 style={{ fontSize: 16, margin: 0 }}>
              {translate('messageSettings.admin.senders.detail', {
                phone: formatSenderNumber(opened.phone),
                gym: opened.gymName,
              })}
            </h2>
          }
          extra={
            <Button size="small" onClick={() => setOpenId(null)}>
              {translate('review.facilities.closeDetail')}
            </Button>
          }
        >
          <SenderDocumentsView key={opened.id} sender={opened} />
        </Card>
      )}
    </Space>
  );
}
