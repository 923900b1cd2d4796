import { useTranslate } from '@refinedev/core';
import { Typography } from 'antd';
import { useRefreshCustomers } from '../customers/use-customers.ts';
import { IssueTable } from './issue-table.tsx';
import { usePassAccess } from './pass-api.ts';
import { SellFromList } from './sell-from-list.tsx';
import '../customers/members.css';

/** `/ticket/issueList`: every sold pass (docs/rules.md#passes). */
export function IssueListPage() {
  const translate = useTranslate();
  const { gymId, canChange } = usePassAccess();
  const refresh = useRefreshCustomers();
  return (
    <div className="fd-members-page">
      <div className="fd-members-head">
        <Typography.Title level={1} className="fd-page-title">
          {translate('passes.issued.title')}
        </Typography.Title>
        {canChange && <SellFromList gymId={gymId} onSold={refresh} />}
      </div>
      <IssueTable gymId={gymId} />
    </div>
  );
}
