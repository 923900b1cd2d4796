import { EditOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Card, DatePicker, Select, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { messageChannels } from '#domain/rules/message.ts';
import { type MessageSend, messageSendStates } from '#domain/schemas/message.ts';
import type { Translate } from '#src/kit/translate.ts';
import { ToneTag } from '../receipts/receipt-tags.tsx';
import { sendHeadline, sendStateTone, seoulDateTime } from './message-api.ts';

export const COMPOSE_PATH = '/subservice/groupsns/add';

// The sends page's parts (send-list-page.tsx): the head with the balance, the filters, the columns and the phone card.

export function TestModeTag() {
  const translate = useTranslate();
  return (
    <Tooltip title={translate('messages.testModeHelp')}>
      <Tag className="fd-rx-tag fd-rx-tag--test" tabIndex={0}>
        {translate('messages.testMode')}
      </Tag>
    </Tooltip>
  );
}

/** The credit balance, and the test-mode tag while the provider is in test mode. */
export function BalanceBadge({
  balance,
  testMode,
  won,
}: {
  balance?: number;
  testMode?: boolean;
  won: (n: number) => string;
}) {
  const translate = useTranslate();
  return (
    <span className="fd-msg-balance">
      <span className="fd-msg-balance__label">{translate('messages.balance')}</span>
      <strong data-testid="message-balance">{balance === undefined ? '—' : won(balance)}</strong>
      {testMode && <TestModeTag />}
    </span>
  );
}

export function SendsHead({
  balance,
  testMode,
  won,
  canCompose,
}: {
  balance?: number;
  testMode?: boolean;
  won: (n: number) => string;
  canCompose: boolean;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <div className="fd-members-head">
      <Typography.Title level={1} className="fd-page-title">
        {translate('messages.title')}
      </Typography.Title>
      <div className="fd-rx-toolbar">
        <BalanceBadge balance={balance} testMode={testMode} won={won} />
        {canCompose && (
          <Button type="primary" icon={<EditOutlined aria-hidden />} onClick={() => navigate(COMPOSE_PATH)}>
            {translate('messages.compose')}
          </Button>
        )}
      </div>
    </div>
  );
}

export type SendFilter = {
  state?: MessageSend['state'];
  channel?: MessageSend['channel'];
  from?: string;
  to?: string;
  staffMemberId?: number;
};

export function SendFilters({
  filter,
  staff,
  onChange,
}: {
  filter: SendFilter;
  staff: { value: number; label: string }[];
  onChange: (filter: SendFilter) => void;
}) {
  const translate = useTranslate();
  return (
    <section className="fd-rx-toolbar fd-msg-filters" aria-label={translate('messages.filters.label')}>
      <Select<MessageSend['state']>
        aria-label={translate('messages.filters.state')}
        allowClear
        placeholder={translate('messages.filters.allStates')}
        value={filter.state}
        onChange={(state) => onChange({ ...filter, state })}
        options={messageSendStates.map((s) => ({ value: s, label: translate(`messages.state.${s}`) }))}
      />
      <Select<MessageSend['channel']>
        aria-label={translate('messages.filters.channel')}
        allowClear
        placeholder={translate('messages.filters.allChannels')}
        value={filter.channel}
        onChange={(channel) => onChange({ ...filter, channel })}
        options={messageChannels.map((c) => ({ value: c, label: translate(`messages.channel.${c}`) }))}
      />
      <DatePicker.RangePicker
        aria-label={translate('messages.filters.range')}
        value={filter.from && filter.to ? [dayjs(filter.from), dayjs(filter.to)] : null}
        format="YYYY-MM-DD"
        onChange={(range) =>
          onChange({
            ...filter,
            from: range?.[0]?.format('YYYY-MM-DD'),
            to: range?.[1]?.format('YYYY-MM-DD'),
          })
        }
      />
      <Select<number>
        aria-label={translate('messages.filters.staff')}
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder={translate('messages.filters.allStaff')}
        value={filter.staffMemberId}
        onChange={(staffMemberId) => onChange({ ...filter, staffMemberId })}
        options={staff}
        style={{ minWidth: 140 }}
      />
    </section>
  );
}

function SendWhat({ send, translate }: { send: MessageSend; translate: Translate }) {
  return (
    <span className="fd-msg-what">
      <span className="fd-msg-what__kind">
        {translate(`messages.channel.${send.channel}`)} ·{' '}
        {send.channel === 'SMS'
          ? send.kind
          : translate(`messages.kind.${send.channel === 'KAKAO' ? 'ALIMTALK' : 'EMAIL'}`)}
        {send.origin === 'AUTO' && ` · ${translate('messages.list.auto')}`}
      </span>
      <span className="fd-msg-what__line">
        {send.advertising && <ToneTag tone="warning">{translate('messages.advertising')}</ToneTag>}
        {sendHeadline(send)}
      </span>
    </span>
  );
}

const counts = (send: MessageSend, translate: Translate) =>
  translate('messages.list.countsShort', {
    sent: send.sentCount,
    delivered: send.deliveredCount,
    failed: send.failedCount,
    excluded: send.excludedCount,
  });

/** The desk's columns. */
export const sendColumns = ({
  translate,
  won,
  onOpen,
}: {
  translate: Translate;
  won: (n: number) => string;
  onOpen: (send: MessageSend) => void;
}): ColumnsType<MessageSend> => [
  {
    key: 'time',
    title: translate('messages.list.time'),
    className: 'fd-nowrap',
    render: (_, r) => seoulDateTime(r.scheduledAt),
  },
  {
    key: 'what',
    title: translate('messages.list.what'),
    render: (_, r) => <SendWhat send={r} translate={translate} />,
  },
  {
    key: 'state',
    title: translate('messages.list.state'),
    className: 'fd-nowrap',
    render: (_, r) => (
      <ToneTag tone={sendStateTone[r.state]}>{translate(`messages.state.${r.state}`)}</ToneTag>
    ),
  },
  {
    key: 'counts',
    title: translate('messages.list.counts'),
    className: 'fd-nowrap',
    render: (_, r) => `${r.sentCount} / ${r.deliveredCount} / ${r.failedCount} / ${r.excludedCount}`,
  },
  {
    key: 'cost',
    title: translate('messages.list.cost'),
    className: 'fd-nowrap',
    align: 'right',
    render: (_, r) => won(r.cost),
  },
  {
    key: 'staff',
    title: translate('messages.list.staff'),
    className: 'fd-nowrap',
    render: (_, r) => r.staffName ?? '',
  },
  {
    key: 'open',
    title: translate('messages.list.open'),
    className: 'fd-nowrap',
    render: (_, r) => (
      <Button
        size="small"
        onClick={() => onOpen(r)}
        aria-label={translate('messages.list.openOf', { time: seoulDateTime(r.scheduledAt) })}
      >
        {translate('messages.list.open')}
      </Button>
    ),
  },
];

/** On a phone, one card per send in a single column (the list's loading, error and paging stay the table's). */
export const sendCardColumns = ({
  translate,
  won,
  onOpen,
}: {
  translate: Translate;
  won: (n: number) => string;
  onOpen: (send: MessageSend) => void;
}): ColumnsType<MessageSend> => [
  {
    key: 'card',
    title: translate('messages.tabs.sends'),
    render: (_, r) => (
      <Card
        size="small"
        className="fd-msg-card"
        hoverable
        onClick={() => onOpen(r)}
        role="button"
        tabIndex={0}
        aria-label={translate('messages.list.openOf', { time: seoulDateTime(r.scheduledAt) })}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            onOpen(r);
          }
        }}
      >
        <div className="fd-msg-card__top">
          <span>{seoulDateTime(r.scheduledAt)}</span>
          <ToneTag tone={sendStateTone[r.state]}>{translate(`messages.state.${r.state}`)}</ToneTag>
        </div>
        <SendWhat send={r} translate={translate} />
        <div className="fd-msg-card__foot">
          <span>{counts(r, translate)}</span>
          <strong>{won(r.cost)}</strong>
        </div>
        {r.staffName && <div className="fd-rx-sub">{r.staffName}</div>}
      </Card>
    ),
  },
];
