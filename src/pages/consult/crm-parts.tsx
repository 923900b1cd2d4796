import { MoreOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Card, Dropdown, Spin, Statistic, Table, Tag, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import type { pipelineRoute } from '#domain/api/consult.ts';
import { type LeadStage, leadStages } from '#domain/enums.ts';
import { maskPhone } from '#domain/rules/customer.ts';
import type { Consult } from '#domain/schemas/consult.ts';
import type { Answer } from '#src/api/client.ts';

// The pipeline page's parts (crm-page.tsx): the month's figures, a lead's card and the panels.

const DailyChart = lazy(() => import('./daily-chart.tsx').then((m) => ({ default: m.DailyChart })));

type Figures = Answer<typeof pipelineRoute>['figures'];

/** The month in four figures. */
export function CrmFigures({ figures, dueToday }: { figures: Figures; dueToday: number }) {
  const translate = useTranslate();
  return (
    <section className="fd-crm-figures" aria-label={translate('consult.crm.title')}>
      <Card size="small">
        <Statistic title={translate('consult.crm.consults')} value={figures.consults} />
      </Card>
      <Card size="small">
        <Statistic title={translate('consult.crm.registrations')} value={figures.registrations} />
      </Card>
      <Card size="small">
        <Statistic title={translate('consult.crm.conversion')} value={figures.conversionRate} suffix="%" />
      </Card>
      <Card size="small">
        <Statistic title={translate('consult.crm.dueToday')} value={dueToday} />
      </Card>
    </section>
  );
}

/** A lead on the board: draggable, with a menu to move it by keyboard, its follow-up red when due. */
export function LeadCard({
  card,
  due,
  canChange,
  onMove,
}: {
  card: Consult;
  due: boolean;
  canChange: boolean;
  onMove: (stage: LeadStage) => void;
}) {
  const translate = useTranslate();
  return (
    <article
      className={due ? 'fd-crm-card is-due' : 'fd-crm-card'}
      draggable={canChange}
      onDragStart={(event) => event.dataTransfer.setData('text/plain', String(card.id))}
      aria-label={card.name}
    >
      <div className="fd-crm-card-head">
        <strong>{card.name}</strong>
        {canChange && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: leadStages
                .filter((s) => s !== card.stage)
                .map((s) => ({ key: s, label: translate(`consult.stage.${s}`) })),
              onClick: ({ key }) => onMove(key as LeadStage),
            }}
          >
            <Button
              size="small"
              type="text"
              icon={<MoreOutlined />}
              aria-label={`${translate('consult.crm.moveTo')}: ${card.name}`}
            />
          </Dropdown>
        )}
      </div>
      <div>{maskPhone(card.phone)}</div>
      <div>
        {card.goals.slice(0, 2).map((g) => (
          <Tag key={g}>{translate(`consult.goal.${g}`)}</Tag>
        ))}
      </div>
      {card.followUpDate && (
        <Typography.Text type={due ? 'danger' : 'secondary'}>
          {translate('consult.list.followUp')}: {card.followUpDate}
        </Typography.Text>
      )}
    </article>
  );
}

/** The month by day, by source, by staff member, and why leads were lost. */
export function CrmPanels({ figures }: { figures: Figures }) {
  const translate = useTranslate();
  return (
    <section className="fd-crm-panels">
      <Card size="small" title={translate('consult.crm.chart')}>
        <Suspense fallback={<Spin />}>
          <DailyChart
            data={figures.byDay}
            consults={translate('consult.crm.consults')}
            registrations={translate('consult.crm.registrations')}
          />
        </Suspense>
      </Card>
      <Card size="small" title={translate('consult.crm.bySource')}>
        <Table
          size="small"
          pagination={false}
          rowKey="source"
          dataSource={figures.bySource}
          columns={[
            {
              key: 'source',
              title: translate('consult.list.source'),
              render: (_, r) => translate(`customers.leadSource.${r.source}`),
            },
            {
              key: 'c',
              dataIndex: 'consults',
              title: translate('consult.crm.consults'),
              align: 'right',
            },
            {
              key: 'r',
              dataIndex: 'registrations',
              title: translate('consult.crm.registrations'),
              align: 'right',
            },
          ]}
        />
      </Card>
      <Card size="small" title={translate('consult.crm.byStaff')}>
        <Table
          size="small"
          pagination={false}
          rowKey={(r) => String(r.staffMemberId)}
          dataSource={figures.byStaff}
          columns={[
            {
              key: 'staff',
              title: translate('consult.list.staff'),
              render: (_, r) => r.staffName ?? translate('consult.crm.noStaff'),
            },
            {
              key: 'c',
              dataIndex: 'consults',
              title: translate('consult.crm.consults'),
              align: 'right',
            },
            {
              key: 'r',
              dataIndex: 'registrations',
              title: translate('consult.crm.registrations'),
              align: 'right',
            },
          ]}
        />
      </Card>
      <Card size="small" title={translate('consult.crm.lostReasons')}>
        <Table
          size="small"
          pagination={false}
          rowKey="reason"
          dataSource={figures.lostReasons}
          columns={[
            {
              key: 'reason',
              title: translate('consult.wrapUp.lostReason'),
              render: (_, r) => translate(`consult.lostReason.${r.reason}`),
            },
            { key: 'n', dataIndex: 'count', title: '#', align: 'right' },
          ]}
        />
      </Card>
    </section>
  );
}
