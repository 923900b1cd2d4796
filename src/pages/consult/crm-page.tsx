import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Badge, Button, DatePicker, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { consultStageRoute, pipelineRoute } from '#domain/api/consult.ts';
import { type LeadStage, leadStages } from '#domain/enums.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { Consult } from '#domain/schemas/consult.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { isHttpError } from '#src/providers/http-error.ts';
import { api } from '#src/providers/instances.ts';
import { LanguageSwitch } from '#src/shell/language-switch.tsx';
import { CrmFigures, CrmPanels, LeadCard } from './crm-parts.tsx';
import './consult.css';

/** The board refreshes itself on the front-desk monitor. */
export const PIPELINE_POLL_MS = 30_000;

/**
 * `/crm`: the lead pipeline, full screen (docs/rules.md#consulting): new → consulted → trial → registered / lost,
 * moved by drag or by a card's menu (each move audited), follow-ups due on top, and the month in figures.
 */
export function CrmPage() {
  const translate = useTranslate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { selected, gymAuth } = useFacility();
  const gymId = selected?.id ?? 0;
  const canChange = Boolean(gymAuth?.representYn || gymAuth?.consultSettingYn);
  const [month, setMonth] = useState(() => seoulToday(new Date()).slice(0, 7));
  const [over, setOver] = useState<LeadStage | null>(null);
  const board = useQuery({
    queryKey: ['consult', 'pipeline', gymId, month],
    queryFn: () => api.call(pipelineRoute, { params: { gymId }, query: { month } }),
    enabled: gymId > 0,
    refetchInterval: PIPELINE_POLL_MS,
  });
  const move = useMutation({
    mutationFn: ({ card, stage }: { card: Consult; stage: LeadStage }) =>
      api.call(consultStageRoute, { params: { id: card.id }, body: { stage } }),
    onSuccess: (card) => {
      message.success(
        translate('consult.crm.moved', { name: card.name, stage: translate(`consult.stage.${card.stage}`) }),
      );
      void queryClient.invalidateQueries({ queryKey: ['consult'] });
    },
    onError: (error) => message.error(isHttpError(error) ? error.message : String(error)),
  });
  const data = board.data;
  const due = new Set(data?.dueToday ?? []);
  const cardsOf = (stage: LeadStage) =>
    (data?.cards ?? [])
      .filter((c) => c.stage === stage)
      .sort((a, b) => Number(due.has(b.id)) - Number(due.has(a.id)));
  const drop = (stage: LeadStage, id: string) => {
    setOver(null);
    const card = data?.cards.find((c) => String(c.id) === id);
    if (card && card.stage !== stage) move.mutate({ card, stage });
  };
  return (
    <div className="fd-crm">
      <header className="fd-crm-head">
        <Typography.Title level={1} className="fd-page-title">
          {translate('consult.crm.title')}
        </Typography.Title>
        <div className="fd-crm-head">
          <DatePicker
            picker="month"
            allowClear={false}
            aria-label={translate('consult.crm.month')}
            value={dayjs(`${month}-01`)}
            onChange={(value) => value && setMonth(value.format('YYYY-MM'))}
          />
          <LanguageSwitch />
          <Link to="/memberManage/consult-list">
            <Button icon={<ArrowLeftOutlined />}>{translate('consult.crm.back')}</Button>
          </Link>
        </div>
      </header>
      {board.isLoading && <Spin size="large" />}
      {board.isError && <Alert type="error" showIcon message={board.error.message} />}
      {data && (
        <>
          <CrmFigures figures={data.figures} dueToday={data.dueToday.length} />
          <section className="fd-crm-board">
            {leadStages.map((stage) => {
              const cards = cardsOf(stage);
              return (
                // biome-ignore lint/a11y/noStaticElementInteractions: the drop target of a drag; every card also has a keyboard menu.
                <div
                  key={stage}
                  className={over === stage ? 'fd-crm-column is-over' : 'fd-crm-column'}
                  data-stage={stage}
                  onDragOver={(event) => {
                    if (!canChange) return;
                    event.preventDefault();
                    setOver(stage);
                  }}
                  onDragLeave={() => setOver(null)}
                  onDrop={(event) => drop(stage, event.dataTransfer.getData('text/plain'))}
                >
                  <h2>
                    <span>{translate(`consult.stage.${stage}`)}</span>
                    <Badge count={cards.length} showZero color="#595959" />
                  </h2>
                  {cards.length === 0 && (
                    <Typography.Text type="secondary">{translate('consult.crm.empty')}</Typography.Text>
                  )}
                  {cards.map((card) => (
                    <LeadCard
                      key={card.id}
                      card={card}
                      due={due.has(card.id)}
                      canChange={canChange}
                      onMove={(stage) => move.mutate({ card, stage })}
                    />
                  ))}
                </div>
              );
            })}
          </section>
          <CrmPanels figures={data.figures} />
        </>
      )}
    </div>
  );
}
