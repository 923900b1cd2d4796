import { useTranslate } from '@refinedev/core';
import { Card, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasRight } from '#domain/permissions.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { TicketIssueDetail } from '#domain/schemas/pass.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { formatWon } from './money.ts';
import { type PassAction, PassActionsMenu, PassFacts, PassPayments, PeriodBar } from './pass-view-parts.tsx';

export type { PassAction } from './pass-view-parts.tsx';

import { periodGeometry } from './period-bar.ts';

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
          <PassActionsMenu first={first} more={more} onAction={(action) => onAction(action, pass)} />
        ) : null
      }
    >
      {geometry && <PeriodBar pass={pass} geometry={geometry} />}
      <PassFacts pass={pass} won={won} />
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
      {pass.payments.length > 0 && <PassPayments pass={pass} won={won} />}
    </Card>
  );
}
