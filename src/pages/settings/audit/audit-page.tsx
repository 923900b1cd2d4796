import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Alert, Button, Descriptions, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { AuditEntry } from '#domain/api/audit.ts';
import type { Gym } from '#domain/schemas/gym.ts';
import { auditListRoute, auditVerifyRoute } from '#src/api/audit.ts';
import { PagedTable } from '#src/components/paged-table.tsx';
import { SectionCard } from '#src/components/section-card.tsx';
import { useContractList, useContractMutation } from '#src/kit/contract-hooks.ts';
import { queryKeys } from '#src/kit/query-keys.ts';
import { SettingsPage } from '../settings-page.tsx';

const PAGE_SIZE = 20;

const auditKeys = queryKeys('audit', { list: (gymId: number, page: number) => [gymId, page] });

/** A masked snapshot (before or after), as indented JSON; null when the change had none. */
function Snapshot({ value }: { value: Record<string, unknown> | null }) {
  const translate = useTranslate();
  if (!value)
    return <Typography.Text type="secondary">{translate('settings.audit.nothing')}</Typography.Text>;
  return <pre className="fd-audit-json">{JSON.stringify(value, null, 2)}</pre>;
}

/** The chain check (GET /web/audit/verify): intact, or the first row that breaks it. */
function VerifyChain({ gymId }: { gymId: number }) {
  const translate = useTranslate();
  const verify = useContractMutation<typeof auditVerifyRoute, void>(auditVerifyRoute, {
    input: () => ({ query: { gymId } }),
  });
  const result = verify.data;
  return (
    <>
      <Button icon={<SafetyCertificateOutlined />} loading={verify.isPending} onClick={() => verify.mutate()}>
        {verify.isPending ? translate('settings.audit.verifying') : translate('settings.audit.verify')}
      </Button>
      {result && (
        <Alert
          role="status"
          style={{ marginTop: 12 }}
          showIcon
          type={result.ok ? 'success' : 'error'}
          message={
            result.ok
              ? translate('settings.audit.intact', { count: result.checked })
              : translate('settings.audit.broken', { row: result.brokenAt, count: result.checked })
          }
        />
      )}
    </>
  );
}

export function AuditLog({ gym }: { gym: Gym }) {
  const translate = useTranslate();
  const [currentPage, setCurrentPage] = useState(1);
  const start = (currentPage - 1) * PAGE_SIZE;
  const list = useContractList(
    auditListRoute,
    { query: { gymId: gym.id, _start: start, _end: start + PAGE_SIZE } },
    { queryKey: auditKeys.list(gym.id, currentPage) },
  );
  const actionLabel = (action: string) =>
    // Keys cannot hold dots (i18next splits on them): gym.review.approve → gym_review_approve.
    translate(`settings.audit.actions.${action.replaceAll('.', '_')}`, { defaultValue: action });

  const columns: ColumnsType<AuditEntry> = [
    {
      key: 'time',
      title: translate('settings.audit.time'),
      render: (_, row) => dayjs(row.createDate).format('YYYY.MM.DD HH:mm:ss'),
    },
    {
      key: 'actor',
      title: translate('settings.audit.actor'),
      render: (_, row) => row.actorName ?? row.actorUserId ?? translate('settings.audit.system'),
    },
    { key: 'action', title: translate('settings.audit.action'), render: (_, row) => actionLabel(row.action) },
    {
      key: 'entity',
      title: translate('settings.audit.entity'),
      render: (_, row) => (row.entityId ? `${row.entity} #${row.entityId}` : row.entity),
    },
  ];

  return (
    <SectionCard title={translate('settings.audit.title')}>
      <Typography.Paragraph type="secondary">{translate('settings.audit.intro')}</Typography.Paragraph>
      <div style={{ marginBottom: 16 }}>
        <VerifyChain gymId={gym.id} />
      </div>
      {list.isError && <Alert type="error" showIcon message={translate('settings.audit.failed')} />}
      <PagedTable<AuditEntry>
        rows={list.data?.data ?? []}
        columns={columns}
        loading={list.isLoading}
        total={list.data?.total}
        currentPage={currentPage}
        pageSize={PAGE_SIZE}
        onPageChange={setCurrentPage}
        emptyText={translate('settings.audit.empty')}
        expandable={{
          rowExpandable: (row) => row.before !== null || row.after !== null,
          expandedRowRender: (row) => (
            <Descriptions
              size="small"
              column={2}
              layout="vertical"
              items={[
                {
                  key: 'before',
                  label: translate('settings.audit.before'),
                  children: <Snapshot value={row.before} />,
                },
                {
                  key: 'after',
                  label: translate('settings.audit.after'),
                  children: <Snapshot value={row.after} />,
                },
              ]}
            />
          ),
        }}
      />
    </SectionCard>
  );
}

/**
 * /setting/gym/audit: the facility's audit log for its representative (docs/architecture.md#audit-log), with
 * the masked snapshots of each change and a check of the hash chain.
 */
export function AuditPage() {
  return <SettingsPage titleKey="settings.audit.title">{(gym) => <AuditLog gym={gym} />}</SettingsPage>;
}
