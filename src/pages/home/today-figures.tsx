import { useGetLocale, useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Row, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { ReactNode } from 'react';
import { homeTodayRoute } from '#domain/api/home.ts';
import { hasRight } from '#domain/permissions.ts';
import { HOME_FIGURES, type HomeToday, homeFigureKeys } from '#domain/schemas/home.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { api } from '#src/providers/instances.ts';
import { FigureCard } from './today-cards.tsx';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The figures are re-read this often while HOME is open (docs/rules.md#home). */
export const TODAY_POLL_MS = 60_000;

export const todayKeys = { of: (gymId: number) => ['home', 'today', gymId] as const };

/**
 * HOME's day (docs/rules.md#home): today's figures of an ACTIVE facility as small cards, each a link to its list,
 * from one call. Two columns on a phone, up to four on a desk. The server sends only the figures the viewer may
 * see; while it answers, a skeleton stands for each figure the viewer's rights (and the facility's add-ons) let
 * them expect.
 */
export function TodayFigures({ gymId }: { gymId: number }) {
  const translate = useTranslate();
  const language = useGetLocale()() === 'en' ? 'en' : 'ko';
  const { rights, approvedSubServices, contextLoading } = useFacility();
  const query = useQuery({
    queryKey: todayKeys.of(gymId),
    queryFn: () => api.call(homeTodayRoute, { params: { gymId } }),
    refetchInterval: TODAY_POLL_MS,
    staleTime: 30_000,
    // A failed poll keeps the last figures; the first failure shows its own message below.
    meta: { silent: true },
  });

  const expected = rights
    ? homeFigureKeys.filter((key) => {
        const figure = HOME_FIGURES[key];
        return hasRight(rights, figure.right) && (!figure.addOn || approvedSubServices.has(figure.addOn));
      })
    : [];

  const heading = (
    <Typography.Title level={3} id="fd-today-title" className="fd-home-detail-heading">
      {translate('today.title')}
      {query.data && (
        <Typography.Text
          type="secondary"
          style={{ fontSize: 14, fontWeight: 'normal', marginInlineStart: 8 }}
        >
          {dayjs
            .utc(query.data.date)
            .locale(language)
            .format(language === 'ko' ? 'M월 D일 (ddd)' : 'ddd, MMM D')}
        </Typography.Text>
      )}
    </Typography.Title>
  );

  const grid = (children: ReactNode, busy = false) => (
    <Row gutter={[12, 12]} role="list" aria-labelledby="fd-today-title" aria-busy={busy || undefined}>
      {children}
    </Row>
  );
  const cell = (key: string, children: ReactNode) => (
    <Col key={key} xs={12} md={8} xl={6} role="listitem">
      {children}
    </Col>
  );

  const body = (): ReactNode => {
    if (query.isError && !query.data)
      return (
        <Alert
          type="warning"
          showIcon
          message={translate('today.failed')}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {translate('today.retry')}
            </Button>
          }
        />
      );
    if (!query.data) {
      if (!contextLoading && rights && expected.length === 0) return null;
      const skeletons = expected.length > 0 ? expected : ['a', 'b', 'c', 'd'];
      return grid(
        skeletons.map((key) =>
          cell(
            key,
            <Card size="small">
              <Skeleton active title={false} paragraph={{ rows: 2 }} />
            </Card>,
          ),
        ),
        true,
      );
    }
    const data: HomeToday = query.data;
    const shown = homeFigureKeys.filter((key) => data[key] !== undefined);
    if (shown.length === 0)
      return <Typography.Paragraph type="secondary">{translate('today.none')}</Typography.Paragraph>;
    return grid(
      shown.map((key) => cell(key, <FigureCard figureKey={key} data={data} language={language} />)),
    );
  };

  return (
    <section className="fd-today" aria-labelledby="fd-today-title" style={{ marginBlock: 16 }}>
      {heading}
      {body()}
    </section>
  );
}
