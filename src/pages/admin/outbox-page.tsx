import { useGetLocale, useTranslate } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { App, Segmented, Space, Typography } from 'antd';
import { useState } from 'react';
import { type OutboxEntry, type OutboxStatus, outboxStatuses } from '#domain/api/outbox.ts';
import { outboxDeliveredRoute, outboxListRoute, outboxRetryRoute } from '../../api/audit.ts';
import { PagedTable } from '../../components/paged-table.tsx';
import { useContractList, useContractMutation } from '../../kit/contract-hooks.ts';
import { useModal } from '../../shell/modal/use-modal.ts';
import { useReportError } from '../settings/use-report-error.ts';
import { messageOf, outboxColumns } from './outbox-columns.tsx';

const PAGE_SIZE = 20;
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
  const list = useContractList(
    outboxListRoute,
    { query: { ...(status === 'ALL' ? {} : { status }), _start: start, _end: start + PAGE_SIZE } },
    { queryKey: ['outbox', status, currentPage] },
  );
  const retry = useContractMutation(outboxRetryRoute, {
    input: (id: number) => ({ params: { id } }),
    meta: { silent: true },
  });
  const delivered = useContractMutation(outboxDeliveredRoute, {
    input: (id: number) => ({ params: { id } }),
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

  const columns = outboxColumns({ translate, language, onRetry: askRetry, onShowAsSent: showAsSent });

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
