import { DownloadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Alert, Button, DatePicker, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { payReportRoute } from '#domain/api/schedule.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { PayLineRule } from '#domain/rules/trainer-pay.ts';
import type { Trainer } from '#domain/schemas/schedule.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { SectionCard } from '#src/components/section-card.tsx';
import { useContract } from '#src/kit/contract-hooks.ts';
import { isHttpError } from '#src/providers/http-error.ts';
import { saveBlob } from '../customers/download.ts';
import { formatWon } from '../customers/money.ts';
import {
  groupRuleText,
  type PayRow,
  payCsvName,
  payReportCsv,
  payRows,
  payRuleText,
  type SessionMark,
} from './pay-report.ts';
import { trainerKeys } from './trainer-keys.ts';

// Tag colours whose text keeps AA contrast on their tint (antd's green, orange and gold do not).
const MARK_COLORS: Record<SessionMark, string> = { ATTENDED: 'blue', NOSHOW: 'red', LATE: 'purple' };
const RULE_COLORS: Record<PayLineRule, string> = {
  PER_SESSION: 'default',
  PERCENT: 'default',
  PER_CLASS: 'cyan',
  PER_ATTENDEE: 'cyan',
  MINIMUM: 'magenta',
};

/** This month in Seoul, `2026-11`. */
const thisMonth = (): string => seoulToday(new Date()).slice(0, 7);

/**
 * A trainer's pay for a month: the paid PT sessions and group classes, each with the rule it used, the total, and
 * the CSV (docs/rules.md#trainer-pay).
 */
export function PayReportCard({ trainer }: { trainer: Trainer }) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const [month, setMonth] = useState(thisMonth);
  const report = useContract(
    payReportRoute,
    { params: { id: trainer.id }, query: { month } },
    { queryKey: trainerKeys.pay(trainer.id, month) },
  );
  const data = report.data;
  const rows = data ? payRows(data, translate) : [];
  const won = (amount: number) => formatWon(amount, i18n.language);

  const exportCsv = () => {
    if (!data) return;
    saveBlob(
      new Blob([payReportCsv(data, translate)], { type: 'text/csv;charset=utf-8' }),
      payCsvName(month, trainer.name),
    );
  };

  const columns: ColumnsType<PayRow> = [
    { key: 'date', dataIndex: 'date', title: translate('trainers.pay.columns.date'), className: 'fd-nowrap' },
    { key: 'lesson', dataIndex: 'lesson', title: translate('trainers.pay.columns.lesson') },
    { key: 'customer', dataIndex: 'customer', title: translate('trainers.pay.columns.customer') },
    { key: 'pass', dataIndex: 'pass', title: translate('trainers.pay.columns.pass') },
    {
      key: 'unitPrice',
      title: translate('trainers.pay.columns.unitPrice'),
      align: 'right',
      className: 'fd-nowrap',
      render: (_, r) => (r.unitPrice === null ? '-' : won(r.unitPrice)),
    },
    {
      key: 'mark',
      title: translate('trainers.pay.columns.mark'),
      render: (_, r) =>
        r.key.startsWith('c') ? null : (
          <Tag color={MARK_COLORS[r.mark]}>{translate(`trainers.pay.marks.${r.mark}`)}</Tag>
        ),
    },
    {
      key: 'rule',
      title: translate('trainers.pay.columns.rule'),
      className: 'fd-nowrap',
      render: (_, r) => <Tag color={RULE_COLORS[r.rule]}>{translate(`trainers.pay.rules.${r.rule}`)}</Tag>,
    },
    {
      key: 'pay',
      title: translate('trainers.pay.columns.pay'),
      align: 'right',
      className: 'fd-nowrap',
      render: (_, r) => won(r.pay),
    },
  ];

  return (
    <SectionCard title={translate('trainers.pay.title')}>
      <div className="fd-members-toolbar" style={{ marginBottom: 12 }}>
        <DatePicker
          picker="month"
          allowClear={false}
          format="YYYY.MM"
          aria-label={translate('trainers.pay.month')}
          value={dayjs(`${month}-01`)}
          onChange={(value: Dayjs | null) => value && setMonth(value.format('YYYY-MM'))}
          style={{ width: 120 }}
        />
        <Button icon={<DownloadOutlined />} disabled={!data || rows.length === 0} onClick={exportCsv}>
          {translate('trainers.pay.csv')}
        </Button>
      </div>
      {report.isError ? (
        <Alert
          type="error"
          showIcon
          message={translate('trainers.pay.loadFailed')}
          description={isHttpError(report.error) ? report.error.message : undefined}
          action={<Button onClick={() => void report.refetch()}>{translate('trainers.list.retry')}</Button>}
        />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            {translate('trainers.pay.rule', {
              rule: payRuleText(
                data?.payKind ?? trainer.payKind,
                data?.payRate ?? trainer.payRate,
                translate,
                i18n.language,
              ),
            })}
            <br />
            {translate('trainers.pay.groupRule', {
              rule: groupRuleText(data ?? trainer, translate, i18n.language),
            })}
            <br />
            {translate('trainers.pay.cancelledNote')}
          </Typography.Paragraph>
          <Table<PayRow>
            size="small"
            rowKey="key"
            loading={report.isLoading}
            dataSource={rows}
            columns={columns}
            scroll={{ x: 'max-content' }}
            pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
            locale={{ emptyText: <EmptyText>{translate('trainers.pay.empty')}</EmptyText> }}
          />
          <div className="fd-trainer-pay-total" aria-live="polite">
            <span>{translate('trainers.pay.sessions', { count: rows.length })}</span>
            <strong>
              {translate('trainers.pay.total')} {won(data?.total ?? 0)}
            </strong>
          </div>
        </>
      )}
    </SectionCard>
  );
}
