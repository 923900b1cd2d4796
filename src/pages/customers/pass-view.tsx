import { useTranslate } from '@refinedev/core';
import { Button, Card, Descriptions, Dropdown, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasRight } from '#domain/permissions.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { TicketIssueDetail } from '#domain/schemas/pass.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { formatWon } from './money.ts';
import { periodGeometry } from './period-bar.ts';

export type PassAction = 'collect' | 'hold' | 'end-hold' | 'transfer' | 'adjust' | 'refund';

// Tag colours whose text keeps AA contrast on their tint.
const STATE_COLORS: Record<TicketIssueDetail['state'], string> = {
  UPCOMING: 'geekblue',
  ACTIVE: 'blue',
  HELD: 'purple',
  EXPIRED: 'default',
  USED_UP: 'default',
  REFUNDED: 'red',
};

/** What the caller may do with money (docs/rules.md#permissions): take it (collect, a transfer's fee), give it back. */
export type MoneyRights = { sell: boolean; refund: boolean };

/** Which actions a pass allows today to a caller who may change passes (the server checks again). */
export const actionsOf = (
  pass: TicketIssueDetail,
  today: string,
  money: MoneyRights = { sell: true, refund: true },
): PassAction[] => {
  if (pass.status === 'REFUND') return [];
  const inForce = pass.state !== 'EXPIRED' && pass.state !== 'USED_UP';
  const actions: PassAction[] = [];
  if (money.sell && pass.unpaidAmount > 0) actions.push('collect');
  if (inForce) actions.push('hold');
  if (pass.holds.some((h) => h.endDate >= today && h.endDate >= h.startDate)) actions.push('end-hold');
  if (money.sell && inForce) actions.push('transfer');
  if (pass.sessionCount !== null) actions.push('adjust');
  if (money.refund) actions.push('refund');
  return actions;
};

/** The signed-in staff member's money rights in the selected facility. */
export const useMoneyRights = (): MoneyRights => {
  const { rights } = useFacility();
  return {
    sell: Boolean(rights && hasRight(rights, 'payHistorySettingYn')),
    refund: Boolean(rights && hasRight(rights, 'financeUseYn')),
  };
};

/** One sold pass: its period bar (start, today, end, holds), sessions, money and actions. */
export function PassView({
  pass,
  onAction,
  canChange,
}: {
  pass: TicketIssueDetail;
  onAction?: (action: PassAction, pass: TicketIssueDetail) => void;
  canChange: boolean;
}) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const today = seoulToday(new Date());
  const won = (n: number) => formatWon(n, i18n.language);
  const geometry = pass.endDate ? periodGeometry(pass.startDate, pass.endDate, today, pass.holds) : null;
  const money = useMoneyRights();
  const actions = canChange && onAction ? actionsOf(pass, today, money) : [];
  const [first, ...more] = actions;

  return (
    <Card
      className="fd-pass-card"
      size="small"
      title={
        <Space wrap>
          <span>{pass.ticketName}</span>
          <Tag color={STATE_COLORS[pass.state]}>{translate(`passes.state.${pass.state}`)}</Tag>
        </Space>
      }
      extra={
        first && onAction ? (
          <Space.Compact>
            <Button size="small" onClick={() => onAction(first, pass)}>
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
                  onClick: ({ key }) => onAction(key as PassAction, pass),
                }}
              >
                <Button size="small" aria-label={translate('passes.actions.more')}>
                  ⋯
                </Button>
              </Dropdown>
            )}
          </Space.Compact>
        ) : null
      }
    >
      {geometry && (
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
      )}
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
      {pass.holds.length > 0 && (
        <Typography.Paragraph type="secondary">
          {translate('passes.view.holds')}:{' '}
          {pass.holds
            .map((h) => `${h.startDate}~${h.endDate} (${translate('passes.view.days', { count: h.days })})`)
            .join(', ')}
        </Typography.Paragraph>
      )}
      {pass.transfers.length > 0 && (
        <Typography.Paragraph type="secondary">
          {pass.transfers
            .map((tr) =>
              translate('passes.view.transferred', {
                from: tr.fromName,
                to: tr.toName,
                date: tr.createDate.slice(0, 10),
              }),
            )
            .join(' · ')}
        </Typography.Paragraph>
      )}
      {pass.payments.length > 0 && (
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
                p.amount < 0 ? (
                  <Typography.Text type="danger">{won(p.amount)}</Typography.Text>
                ) : (
                  won(p.amount)
                ),
            },
            { key: 'by', title: translate('passes.view.by'), render: (_, p) => p.createdByName ?? '-' },
          ]}
        />
      )}
    </Card>
  );
}
