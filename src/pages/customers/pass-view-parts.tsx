import { useTranslate } from '@refinedev/core';
import { Button, Descriptions, Dropdown, Space, Table, Tooltip, Typography } from 'antd';
import type { TicketIssueDetail } from '#domain/schemas/pass.ts';
import type { periodGeometry } from './period-bar.ts';

// A sold pass's card parts (pass-view.tsx): the actions, the period bar, the facts and the payments.

export type PassAction = 'collect' | 'hold' | 'end-hold' | 'transfer' | 'adjust' | 'refund';

type Won = (n: number) => string;

/** The first action as a button, the others in its menu. */
export function PassActionsMenu({
  first,
  more,
  onAction,
}: {
  first: PassAction;
  more: PassAction[];
  onAction: (action: PassAction) => void;
}) {
  const translate = useTranslate();
  return (
    <Space.Compact>
      <Button size="small" onClick={() => onAction(first)}>
        {translate(`passes.actions.${first}`)}
      </Button>
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          placement="bottomRight"
          menu={{
            items: more.map((a) => ({
              key: a,
              label: translate(`passes.actions.${a}`),
              danger: a === 'refund',
            })),
            onClick: ({ key }) => onAction(key as PassAction),
          }}
        >
          <Button size="small" aria-label={translate('passes.actions.more')}>
            ⋯
          </Button>
        </Dropdown>
      )}
    </Space.Compact>
  );
}

/** The period as a bar: used so far, the holds, today (hidden from screen readers: the facts say it). */
export function PeriodBar({
  pass,
  geometry,
}: {
  pass: TicketIssueDetail;
  geometry: NonNullable<ReturnType<typeof periodGeometry>>;
}) {
  const translate = useTranslate();
  return (
    <div aria-hidden="true">
      <div className="fd-period-bar">
        <div className="fd-period-bar__used" style={{ width: `${geometry.used}%` }} />
        {geometry.holds.map((h) => (
          <Tooltip key={`${h.left}-${h.width}`} title={translate('passes.view.hold')}>
            <div className="fd-period-bar__hold" style={{ left: `${h.left}%`, width: `${h.width}%` }} />
          </Tooltip>
        ))}
        {geometry.today !== null && (
          <div className="fd-period-bar__today" style={{ left: `${geometry.today}%` }} />
        )}
      </div>
      <div className="fd-period-legend">
        <span>{pass.startDate}</span>
        <span>{pass.endDate}</span>
      </div>
    </div>
  );
}

/** The period, days and sessions left, and (with money rights) the price, paid, owed and refunded. */
export function PassFacts({ pass, won }: { pass: TicketIssueDetail; won: Won }) {
  const translate = useTranslate();
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} className="fd-pass-card">
      <Descriptions.Item label={translate('passes.view.period')}>
        {pass.startDate} ~ {pass.endDate ?? translate('passes.view.noEnd')}
      </Descriptions.Item>
      {pass.daysLeft !== null && (
        <Descriptions.Item label={translate('passes.view.daysLeft')}>
          {translate('passes.view.days', { count: pass.daysLeft })}
        </Descriptions.Item>
      )}
      {pass.sessionCount !== null && (
        <Descriptions.Item label={translate('passes.view.sessions')}>
          {translate('passes.view.sessionsUsed', {
            used: pass.sessionsUsed,
            count: pass.sessionCount,
            left: pass.sessionsLeft ?? 0,
          })}
        </Descriptions.Item>
      )}
      {/* Without payHistoryUseYn the server sends no amounts (docs/rules.md#access-table). */}
      {!pass.moneyHidden && (
        <Descriptions.Item label={translate('passes.view.price')}>{won(pass.price)}</Descriptions.Item>
      )}
      {!pass.moneyHidden && (
        <Descriptions.Item label={translate('passes.view.paid')}>{won(pass.paidAmount)}</Descriptions.Item>
      )}
      {!pass.moneyHidden && (
        <Descriptions.Item label={translate('passes.view.unpaid')}>
          {pass.unpaidAmount > 0 ? (
            <Typography.Text type="danger">{won(pass.unpaidAmount)}</Typography.Text>
          ) : (
            won(0)
          )}
        </Descriptions.Item>
      )}
      {pass.refundedAmount > 0 && (
        <Descriptions.Item label={translate('passes.view.refunded')}>
          {won(pass.refundedAmount)}
        </Descriptions.Item>
      )}
      {pass.soldByName && (
        <Descriptions.Item label={translate('passes.view.soldBy')}>{pass.soldByName}</Descriptions.Item>
      )}
    </Descriptions>
  );
}

/** The pass's payments, refunds in red. */
export function PassPayments({ pass, won }: { pass: TicketIssueDetail; won: Won }) {
  const translate = useTranslate();
  return (
    <Table
      size="small"
      rowKey="id"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={pass.payments}
      columns={[
        {
          key: 'date',
          title: translate('passes.view.when'),
          render: (_, p) => p.createDate.slice(0, 10),
          className: 'fd-nowrap',
        },
        {
          key: 'method',
          title: translate('passes.view.method'),
          render: (_, p) => translate(`passes.method.${p.method}`),
        },
        {
          key: 'amount',
          title: translate('passes.view.amount'),
          align: 'right',
          render: (_, p) =>
            p.amount < 0 ? <Typography.Text type="danger">{won(p.amount)}</Typography.Text> : won(p.amount),
        },
        { key: 'by', title: translate('passes.view.by'), render: (_, p) => p.createdByName ?? '-' },
      ]}
    />
  );
}
