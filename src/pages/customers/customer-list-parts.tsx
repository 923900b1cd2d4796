import { DownloadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { App, Avatar, Button, Input, Radio, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CustomerSegment } from '#domain/rules/passes.ts';
import type { Customer } from '#domain/schemas/customer.ts';
import type { Translate } from '#src/kit/translate.ts';
import { seoulDotDate } from '../entry/entry-format.ts';
import { downloadFile } from './download.ts';
import { formatWon } from './money.ts';

// The customer list's parts (customer-list-page.tsx): the pass cell and state tag (the customer page shows
// them too), the columns, the toolbar and the CSV.

export type SortField = 'name' | 'passEndDate' | 'registeredOn' | 'unpaidAmount';

/** The pass column: its name, end date and sessions left; the hold as a tag. */
export function PassCell({ customer }: { customer: Customer }) {
  const translate = useTranslate();
  if (!customer.passName)
    return <Typography.Text type="secondary">{translate('customers.list.noPass')}</Typography.Text>;
  return (
    <Space direction="vertical" size={0}>
      <span>{customer.passName}</span>
      <Typography.Text type="secondary" className="fd-nowrap">
        {customer.passEndDate ? translate('customers.list.until', { date: customer.passEndDate }) : ''}
        {customer.sessionsLeft !== null
          ? ` · ${translate('customers.list.sessionsLeft', { count: customer.sessionsLeft })}`
          : ''}
      </Typography.Text>
    </Space>
  );
}

// Tag colours whose text keeps AA contrast on their tint (antd's green, orange and gold do not).
const STATE_COLORS: Record<Customer['passState'], string> = {
  NONE: 'default',
  UPCOMING: 'geekblue',
  ACTIVE: 'blue',
  HOLD: 'purple',
  EXPIRED: 'red',
};

export function PassStateTag({ customer }: { customer: Customer }) {
  const translate = useTranslate();
  return (
    <Tag color={STATE_COLORS[customer.passState]}>
      {translate(`customers.passState.${customer.passState}`)}
      {customer.passState === 'HOLD' && customer.holdEndDate ? ` ~${customer.holdEndDate}` : ''}
    </Tag>
  );
}

/** `/memberManage/list`: the facility's customers by segment (docs/rules.md#customers). */
/** The list's columns: name, phone, pass, state, what is owed (money rights only), trainer, visit, registered. */
export const customerColumns = ({
  translate,
  language,
  sort,
  seesMoney,
  tracksVisits,
}: {
  translate: Translate;
  language: string;
  sort: { field?: SortField; order?: 'asc' | 'desc' };
  seesMoney: boolean;
  tracksVisits: boolean;
}): ColumnsType<Customer> => {
  return [
    {
      key: 'name',
      dataIndex: 'name',
      title: translate('customers.fields.name'),
      sorter: true,
      sortOrder: sort.field === 'name' ? (sort.order === 'desc' ? 'descend' : 'ascend') : null,
      render: (_, c) => (
        <Space>
          <Avatar size="small" src={c.image ?? undefined} alt="">
            {c.name.slice(0, 1)}
          </Avatar>
          <Link to={`/memberManage/list/info?id=${c.id}`}>{c.name}</Link>
        </Space>
      ),
    },
    { key: 'phone', dataIndex: 'phone', title: translate('customers.fields.phone'), className: 'fd-nowrap' },
    {
      key: 'passEndDate',
      title: translate('customers.fields.pass'),
      sorter: true,
      sortOrder: sort.field === 'passEndDate' ? (sort.order === 'desc' ? 'descend' : 'ascend') : null,
      render: (_, c) => <PassCell customer={c} />,
    },
    {
      key: 'state',
      title: translate('customers.fields.state'),
      render: (_, c) => <PassStateTag customer={c} />,
    },
    ...(seesMoney
      ? [
          {
            key: 'unpaidAmount',
            title: translate('customers.fields.unpaid'),
            align: 'right' as const,
            sorter: true,
            sortOrder: sort.field === 'unpaidAmount' ? (sort.order === 'desc' ? 'descend' : 'ascend') : null,
            render: (_: unknown, c: Customer) =>
              !c.moneyHidden && c.unpaidAmount > 0 ? (
                <Typography.Text type="danger" className="fd-nowrap">
                  {formatWon(c.unpaidAmount, language)}
                </Typography.Text>
              ) : (
                '-'
              ),
          } satisfies ColumnsType<Customer>[number],
        ]
      : []),
    { key: 'trainer', title: translate('customers.fields.trainer'), render: (_, c) => c.trainerName ?? '-' },
    ...(tracksVisits
      ? [
          {
            key: 'lastVisitAt',
            title: translate('customers.fields.lastVisit'),
            className: 'fd-nowrap',
            render: (_: unknown, c: Customer) => (c.lastVisitAt ? seoulDotDate(c.lastVisitAt) : '—'),
          },
        ]
      : []),
    {
      key: 'registeredOn',
      dataIndex: 'registeredOn',
      title: translate('customers.fields.registeredOn'),
      sorter: true,
      className: 'fd-nowrap',
      sortOrder: sort.field === 'registeredOn' ? (sort.order === 'desc' ? 'descend' : 'ascend') : null,
    },
  ];
};

/** The search, the "expiring within" choice, and the two CSV buttons. */
export function CustomerToolbar({
  segment,
  days,
  search,
  selected,
  exporting,
  onSearchChange,
  onSearch,
  onDays,
  onExportSelected,
  onExportSegment,
}: {
  segment: CustomerSegment;
  days: number;
  search: string;
  selected: number;
  exporting: boolean;
  onSearchChange: (text: string) => void;
  onSearch: (text: string) => void;
  onDays: (days: number) => void;
  onExportSelected: () => void;
  onExportSegment: () => void;
}) {
  const translate = useTranslate();
  return (
    <div className="fd-members-toolbar">
      <Input.Search
        allowClear
        aria-label={translate('customers.list.search')}
        placeholder={translate('customers.list.search')}
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
        onSearch={onSearch}
        className="fd-members-search"
      />
      {segment === 'expiring' && (
        <Radio.Group
          value={days}
          onChange={(event) => onDays(event.target.value as number)}
          optionType="button"
          options={[
            { value: 7, label: translate('customers.list.days', { count: 7 }) },
            { value: 30, label: translate('customers.list.days', { count: 30 }) },
          ]}
        />
      )}
      <Space wrap>
        <Button
          icon={<DownloadOutlined />}
          disabled={!selected}
          loading={exporting}
          onClick={onExportSelected}
        >
          {translate('customers.list.exportSelected', { count: selected })}
        </Button>
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={onExportSegment}>
          {translate('customers.list.exportSegment')}
        </Button>
      </Space>
    </div>
  );
}

/** The segment (or the chosen rows) as a CSV, from the server. */
export const useCustomerCsv = (gymId: number, segment: CustomerSegment, days: number, q: string) => {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const exportCsv = async (ids?: number[]) => {
    setExporting(true);
    try {
      const query = new URLSearchParams({ gymId: String(gymId), segment, days: String(days) });
      if (q) query.set('q', q);
      if (ids?.length) query.set('ids', ids.join(','));
      await downloadFile(`/web/member/customer-export?${query}`, i18n.language, 'customers.csv');
    } catch {
      message.error(translate('customers.list.exportFailed'));
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportCsv };
};
