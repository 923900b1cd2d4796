import { FundProjectionScreenOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Space, Tabs, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { consultWaitingRoute } from '#domain/api/consult.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { api } from '#src/providers/instances.ts';
import { consultingUrl } from '#src/shell/menu-model.ts';
import { WAITING_BADGE_POLL_MS } from './consult-model.ts';
import { ConsultTable } from './consult-table.tsx';
import '../customers/members.css';
import './consult.css';

const SurveyBuilder = lazy(() => import('./survey-builder.tsx').then((m) => ({ default: m.SurveyBuilder })));

/** `/memberManage/consult-list`: the consultations, their detail, and the survey builder (docs/rules.md#consulting). */
export function ConsultListPage() {
  const translate = useTranslate();
  const { selected, gymAuth } = useFacility();
  const gymId = selected?.id ?? 0;
  const canChange = Boolean(gymAuth?.representYn || gymAuth?.consultSettingYn);
  const [tab, setTab] = useState('list');
  const waiting = useQuery({
    queryKey: ['consult', 'waiting', gymId],
    queryFn: () => api.call(consultWaitingRoute, { params: { gymId } }),
    enabled: gymId > 0,
    refetchInterval: WAITING_BADGE_POLL_MS,
  });
  return (
    <div className="fd-members-page">
      <div className="fd-members-head">
        <Typography.Title level={2} className="fd-page-title">
          {translate('consult.list.title')}{' '}
          {(waiting.data?.count ?? 0) > 0 && (
            <Badge
              count={translate('consult.list.waitingBadge', { count: waiting.data?.count })}
              color="#ad4e00"
              data-testid="waiting-badge"
            />
          )}
        </Typography.Title>
        <Space wrap>
          <Link to="/crm">
            <Button icon={<FundProjectionScreenOutlined />}>{translate('consult.list.pipeline')}</Button>
          </Link>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => window.open(consultingUrl(gymId), '_blank', 'noopener')}
          >
            {translate('consult.list.newWalkIn')}
          </Button>
        </Space>
      </div>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'list',
            label: translate('consult.list.tabList'),
            children: <ConsultTable gymId={gymId} canChange={canChange} />,
          },
          {
            key: 'survey',
            label: translate('consult.list.tabSurvey'),
            children: (
              <Suspense fallback={null}>
                <SurveyBuilder gymId={gymId} canChange={canChange} />
              </Suspense>
            ),
          },
        ]}
      />
    </div>
  );
}
