import { useGetLocale, useTranslate } from '@refinedev/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Segmented, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { type OutboxEntry, type OutboxStatus, outboxStatuses } from '#domain/api/outbox.ts';
import { outboxDeliveredRoute, outboxListRoute, outboxRetryRoute } from '../../api/audit.ts';
import { PagedTable } from '../../components/paged-table.tsx';
import { api } from '../../providers/instances.ts';
import { useModal } from '../../shell/modal/use-modal.ts';
import { useReportError } from '../settings/use-report-error.ts';

const PAGE_SIZE = 20;
const STATUS_COLORS: Record<OutboxStatus, string> = {
  PENDING: 'processing',
  SENT: 'success',
  FAILED: 'warning',
  DEAD: 'error',
};
const dateTime = (value: string | null) => (value ? dayjs(value).format('YYYY.MM.DD HH:mm:ss') : '—');

/** A message's text in the page's language when it has one (`text: { ko, en }`), else its payload, cut short. */
const messageOf = (payload: Record<string, unknown>, language: string): string => {
  const text = payload.text;
  if (typeof text === 'string') return text;
  if (text && typeof text === 'object') {
    const byLanguage = text as Record<string, unknown>;
    const chosen = byLanguage[language] ?? byLanguage.ko ?? byLanguage.en;
    if (typeof chosen === 'string') return chosen;
  }
  const json = JSON.stringify(payload);
  return json.length > 160 ? `${json.slice(0, 157)}...` : json;
};

/**
 * The outbox for the operator (docs/architecture.md#outbox): what waits, what was sent, and the dead letters,
 * which a retry puts back in the queue after a confirmation.
 */
export function OutboxPage() {
  const translate = useTranslate();
  const language = useGetLocale()() ?? 'ko';
  const { open } = useModal();
  const { message } = App.useApp();
  const report = useReportError();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<OutboxStatus | 'ALL'>('DEAD');
  const [currentPage, setCurrentPage] = useState(1);
  const start = (currentPage - 1) * PAGE_SIZE;
  const list = useQuery({
    queryKey: ['outbox', status, currentPage],
    queryFn: () =>
      api.list(outboxListRoute, {
        query: { ...(status === 'ALL' ? {} : { status }), _start: start, _end: start + PAGE_SIZE },
      }),
  });
  const retry = useMutation({
    mutationFn: (id: number) => api.call(outboxRetryRoute, { params: { id } }),
    meta: { silent: true },
  });
  const delivered = useMutation({
    mutationFn: (id: number) => api.call(outboxDeliveredRoute, { params: { id } }),
    meta: { silent: true },
  });

  /**
   * A message with a secret as it was sent (docs/architecture.md#outbox): the list shows it masked, and only the
   * test-mode provider, which sends nothing, keeps it as sent; the server refuses otherwise, and that is shown.
   */
  const showAsSent = async (row: OutboxEntry): Promise<void> => {
    try {
      const sent = await delivered.mutateAsync(row.id);
      open({
        type: 'ALERT',
        title: translate('admin.outbox.revealTitle', { id: row.id }),
        children: (
          <>
            <Typography.Paragraph type="secondary">
              {translate('admin.outbox.revealTestMode')}
            </Typography.Paragraph>
            <Typography.Paragraph data-testid="outbox-as-sent">
              {messageOf(sent.payload, language)}
            </Typography.Paragraph>
          </>
        ),
      });
    } catch (error) {
      report('admin.outbox.revealFailed', error);
    }
  };

  const askRetry = (row: OutboxEntry): void => {
    open({
      type: 'CONFIRM',
      title: translate('admin.outbox.retry'),
      children: translate('admin.outbox.retryQuestion', { id: row.id, topic: row.topic }),
      confirmText: translate('admin.outbox.retry'),
      handleConfirm: async () => {
        try {
          await retry.mutateAsync(row.id);
          void message.success(translate('admin.outbox.retried', { id: row.id }));
        } catch (error) {
          report('admin.outbox.retryFailed', error);
        } finally {
          await queryClient.invalidateQueries({ queryKey: ['outbox'] });
        }
      },
    });
  };

  const columns: ColumnsType<OutboxEntry> = [
    { key: 'id', title: '#', render: (_, row) => row.id, width: 64 },
    { key: 'topic', title: translate('admin.outbox.topic'), render: (_, row) => row.topic },
    {
      // What the message says: in test mode nothing leaves, so this is where a demo reads a sent code.
      key: 'message',
      title: translate('admin.outbox.message'),
      render: (_, row) => (
        <Typography.Text style={{ fontSize: 13 }}>{messageOf(row.payload, language)}</Typography.Text>
      ),
    },
    {
      key: 'status',
      title: translate('admin.outbox.status'),
      render: (_, row) => (
        <Tag color={STATUS_COLORS[row.status]}>{translate(`admin.outbox.statuses.${row.status}`)}</Tag>
      ),
    },
    { key: 'attempts', title: translate('admin.outbox.attempts'), render: (_, row) => row.attempts },
    {
      key: 'lastError',
      title: translate('admin.outbox.lastError'),
      render: (_, row) => row.lastError ?? '—',
    },
    {
      key: 'created',
      title: translate('admin.outbox.created'),
      render: (_, row) => dateTime(row.createDate),
    },
    {
      key: 'next',
      title: translate('admin.outbox.nextAttempt'),
      render: (_, row) => (row.status === 'SENT' ? '—' : dateTime(row.nextAttemptAt)),
    },
    {
      key: 'actions',
      title: translate('crud.actions'),
      render: (_, row) => (
        <Space size={4} wrap>
          {row.status === 'DEAD' || row.status === 'FAILED' ? (
            <Button
              size="small"
              aria-label={`${translate('admin.outbox.retry')} #${row.id}`}
              onClick={() => askRetry(row)}
            >
              {translate('admin.outbox.retry')}
            </Button>
          ) : null}
          {row.status === 'SENT' && row.payload.secret !== undefined ? (
            <Button
              size="small"
              aria-label={`${translate('admin.outbox.reveal')} #${row.id}`}
              onClick={() => void showAsSent(row)}
            >
              {translate('admin.outbox.reveal')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <section aria-labelledby="outbox-title">
      <Typography.Title level={1} id="outbox-title" style={{ fontSize: 24 }}>
        {translate('admin.outbox.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{translate('admin.outbox.intro')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{translate('admin.outbox.masked')}</Typography.Paragraph>
      <Space style={{ marginBottom: 16 }}>
        <Segmented<OutboxStatus | 'ALL'>
          aria-label={translate('admin.outbox.status')}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setCurrentPage(1);
          }}
          options={[
            ...outboxStatuses.map((value) => ({
              value,
              label: translate(`admin.outbox.statuses.${value}`),
            })),
            { value: 'ALL' as const, label: translate('admin.outbox.all') },
          ]}
        />
      </Space>
      <PagedTable<OutboxEntry>
        rows={list.data?.data ?? []}
        columns={columns}
        loading={list.isLoading}
        total={list.data?.total}
        currentPage={currentPage}
        pageSize={PAGE_SIZE}
        onPageChange={setCurrentPage}
        emptyText={translate('admin.outbox.empty')}
        expandable={{
          expandedRowRender: (row) => (
            <pre className="fd-audit-json">{JSON.stringify(row.payload, null, 2)}</pre>
          ),
        }}
      />
    </section>
  );
}
