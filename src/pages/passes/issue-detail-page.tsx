import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Result, Skeleton, Space, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ticketIssueGetRoute } from '#domain/api/pass.ts';
import type { TicketIssueDetail } from '#domain/schemas/pass.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { useContract } from '#src/kit/contract-hooks.ts';
import { type PassAction, PassView } from '../customers/pass-view.tsx';
import { useRefreshCustomers } from '../customers/use-customers.ts';
import { passKeys } from './pass-api.ts';
import '../customers/members.css';

const PassActionDialog = lazy(() =>
  import('../customers/pass-actions.tsx').then((m) => ({ default: m.PassActionDialog })),
);

/** `/ticket/issueList/info?id=`: one sold pass, the same view as on the customer page. */
export function IssueDetailPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const { selected, gymAuth } = useFacility();
  const canChange = Boolean(gymAuth?.representYn || gymAuth?.memberSettingYn);
  const refresh = useRefreshCustomers();
  const [action, setAction] = useState<{ action: PassAction; pass: TicketIssueDetail } | null>(null);
  const pass = useContract(
    ticketIssueGetRoute,
    { params: { id } },
    { queryKey: passKeys.detail(id), enabled: Number.isInteger(id) && id > 0, retry: false },
  );
  if (pass.isError) return <Result status="404" title={translate('passes.issued.notFound')} />;
  if (!pass.data) return <Skeleton active />;
  const p = pass.data;
  return (
    <div className="fd-members-page">
      <Space>
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          aria-label={translate('customers.detail.back')}
          onClick={() => navigate('/ticket/issueList')}
        />
        <Typography.Title level={1} className="fd-page-title">
          {p.ticketName}
        </Typography.Title>
      </Space>
      <Typography.Paragraph>
        {translate('passes.issued.customer')}:{' '}
        <Link to={`/memberManage/list/info?id=${p.memberId}`}>{p.memberName}</Link> ({p.memberPhone})
      </Typography.Paragraph>
      <PassView pass={p} canChange={canChange} onAction={(a, x) => setAction({ action: a, pass: x })} />
      <Suspense fallback={null}>
        {action && (
          <PassActionDialog
            action={action.action}
            pass={action.pass}
            gymId={selected?.id ?? p.gymId}
            onClose={() => setAction(null)}
            onDone={() => {
              setAction(null);
              refresh();
            }}
          />
        )}
      </Suspense>
    </div>
  );
}
