import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Input, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { memberConsentsRoute } from '#domain/api/member.ts';
import { memberResource } from '#domain/resources/member.ts';
import type { MemberConsent } from '#domain/rules/consent.ts';
import type { Member } from '#domain/schemas/member.ts';
import { resourceRoutes } from '../../api/resources.ts';
import { PagedTable } from '../../components/paged-table.tsx';
import { api } from '../../providers/instances.ts';

const PAGE_SIZE = 20;
const memberRoutes = resourceRoutes(memberResource);
const dateTime = (value: string) => dayjs(value).format('YYYY.MM.DD HH:mm:ss');

/** One account's consents, read when its row opens. */
function ConsentList({ memberId }: { memberId: number }) {
  const translate = useTranslate();
  const consents = useQuery({
    queryKey: ['member-consents', memberId],
    queryFn: () => api.call(memberConsentsRoute, { params: { id: memberId } }),
  });
  const columns: ColumnsType<MemberConsent> = [
    {
      key: 'kind',
      title: translate('admin.consents.kind'),
      render: (_, row) => translate(`admin.consents.kinds.${row.kind}`),
    },
    { key: 'version', title: translate('admin.consents.version'), render: (_, row) => row.version },
    {
      key: 'agreed',
      title: translate('admin.consents.agreed'),
      render: (_, row) => (
        <Tag color={row.agreed ? 'success' : 'default'}>
          {translate(row.agreed ? 'admin.consents.yes' : 'admin.consents.no')}
        </Tag>
      ),
    },
    { key: 'time', title: translate('admin.consents.time'), render: (_, row) => dateTime(row.agreedAt) },
  ];
  return (
    <Table<MemberConsent>
      size="small"
      rowKey={(row) => `${row.kind}-${row.agreedAt}`}
      dataSource={consents.data ?? []}
      columns={columns}
      loading={consents.isLoading}
      pagination={false}
      aria-label={translate('admin.consents.consents')}
      locale={{ emptyText: translate('admin.consents.none') }}
    />
  );
}

/**
 * The operator's accounts with the consents each gave at join (docs/rules.md#join): the member resource has no
 * show screen, so this page lists accounts (searched by user id or name) and opens a row to its consents.
 */
export function AccountConsentsPage() {
  const translate = useTranslate();
  const [q, setQ] = useState('');
  const [currentPage, setCurrentPage] = useState(1);
  const start = (currentPage - 1) * PAGE_SIZE;
  const list = useQuery({
    queryKey: ['admin-accounts', q, currentPage],
    queryFn: () =>
      api.list(memberRoutes.list, { query: { ...(q ? { q } : {}), _start: start, _end: start + PAGE_SIZE } }),
  });
  const columns: ColumnsType<Member> = [
    { key: 'id', title: '#', render: (_, row) => row.id, width: 64 },
    { key: 'userId', title: translate('member.fields.userId'), render: (_, row) => row.userId },
    { key: 'name', title: translate('member.fields.name'), render: (_, row) => row.name },
    { key: 'authCode', title: translate('member.fields.authCode'), render: (_, row) => row.authCode },
    {
      key: 'created',
      title: translate('member.fields.createDate'),
      render: (_, row) => dateTime(row.createDate),
    },
  ];
  return (
    <section aria-labelledby="account-consents-title">
      <Typography.Title level={1} id="account-consents-title" style={{ fontSize: 24 }}>
        {translate('admin.consents.title')}
      </Typography.Title>
      <Input.Search
        aria-label={translate('admin.consents.search')}
        placeholder={translate('admin.consents.search')}
        allowClear
        style={{ maxWidth: 360, marginBottom: 16 }}
        onSearch={(value) => {
          setQ(value.trim());
          setCurrentPage(1);
        }}
      />
      <PagedTable<Member>
        rows={list.data?.data ?? []}
        columns={columns}
        loading={list.isLoading}
        total={list.data?.total}
        currentPage={currentPage}
        pageSize={PAGE_SIZE}
        onPageChange={setCurrentPage}
        emptyText={translate('admin.consents.none')}
        expandable={{ expandedRowRender: (row) => <ConsentList memberId={row.id} /> }}
      />
    </section>
  );
}
