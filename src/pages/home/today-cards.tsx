import {
  AlertOutlined,
  CalendarOutlined,
  ClockCircleOutlined,
  LoginOutlined,
  PhoneOutlined,
  UserAddOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Card, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SEOUL } from '#domain/rules/seoul-time.ts';
import type { HomeFigureKey, HomeToday } from '#domain/schemas/home.ts';

// HOME's figure cards (today-figures.tsx).

const ICONS: Record<HomeFigureKey, ReactNode> = {
  checkIns: <LoginOutlined aria-hidden />,
  newCustomers: <UserAddOutlined aria-hidden />,
  sales: <WalletOutlined aria-hidden />,
  unpaid: <AlertOutlined aria-hidden />,
  expiringPasses: <ClockCircleOutlined aria-hidden />,
  classes: <CalendarOutlined aria-hidden />,
  followUps: <PhoneOutlined aria-hidden />,
};

/** One figure: its icon and name, the value, a detail line, as a link to its list. */
function TodayCard({
  figureKey: key,
  path,
  value,
  detail,
}: {
  figureKey: HomeFigureKey;
  path: string;
  value: string;
  detail?: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Link to={path} className="fd-today-card" style={{ display: 'block', height: '100%' }}>
      <Card size="small" hoverable style={{ height: '100%' }}>
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
          {ICONS[key]} {translate(`today.figures.${key}.label`)}
        </Typography.Text>
        <Typography.Text strong style={{ display: 'block', fontSize: 22, lineHeight: 1.4 }}>
          {value}
        </Typography.Text>
        {detail && (
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {detail}
          </Typography.Text>
        )}
      </Card>
    </Link>
  );
}

/** A figure's card, by its kind: a count, an amount with its payments or refunds, the classes with the next one. */
export function FigureCard({
  figureKey: key,
  data,
  language,
}: {
  figureKey: HomeFigureKey;
  data: HomeToday;
  language: 'en' | 'ko';
}) {
  const translate = useTranslate();
  const number = (n: number) => n.toLocaleString(language === 'ko' ? 'ko-KR' : 'en-US');
  const won = (n: number) => translate('today.won', { amount: number(n) });
  const time = (iso: string) => dayjs(iso).tz(SEOUL).format('HH:mm');
  switch (key) {
    case 'checkIns':
    case 'newCustomers':
    case 'expiringPasses': {
      const figure = data[key]!;
      return (
        <TodayCard
          figureKey={key}
          path={figure.path}
          value={translate(`today.figures.${key}.value`, { count: figure.count })}
        />
      );
    }
    case 'sales': {
      const s = data.sales!;
      return (
        <TodayCard
          figureKey={key}
          path={s.path}
          value={won(s.received)}
          detail={
            s.refunds > 0
              ? translate('today.figures.sales.refunded', { amount: won(s.refunded), count: s.refunds })
              : translate('today.figures.sales.payments', { count: s.payments })
          }
        />
      );
    }
    case 'unpaid': {
      const u = data.unpaid!;
      return (
        <TodayCard
          figureKey={key}
          path={u.path}
          value={won(u.total)}
          detail={translate('today.figures.unpaid.customers', { count: u.customers })}
        />
      );
    }
    case 'classes': {
      const c = data.classes!;
      const next = c.next[0];
      return (
        <TodayCard
          figureKey={key}
          path={c.path}
          value={translate('today.figures.classes.value', { count: c.lessons })}
          detail={
            c.lessons === 0 ? undefined : (
              <>
                {translate('today.figures.classes.booked', {
                  booked: number(c.booked),
                  capacity: number(c.capacity),
                })}
                {c.waiting > 0 && ` · ${translate('today.figures.classes.waiting', { count: c.waiting })}`}
                {next && (
                  <span style={{ display: 'block' }}>
                    {translate('today.figures.classes.next', {
                      time: time(next.startAt),
                      title: next.title,
                      booked: next.booked,
                      capacity: next.capacity,
                    })}
                  </span>
                )}
              </>
            )
          }
        />
      );
    }
    case 'followUps': {
      const f = data.followUps!;
      return (
        <TodayCard
          figureKey={key}
          path={f.path}
          value={translate('today.figures.followUps.value', { count: f.count })}
          detail={
            f.overdue > 0 ? translate('today.figures.followUps.overdue', { count: f.overdue }) : undefined
          }
        />
      );
    }
  }
}
