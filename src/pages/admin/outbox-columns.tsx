import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import type { OutboxEntry, OutboxStatus } from '#domain/api/outbox.ts';
import type { Translate } from '#src/kit/translate.ts';

// The outbox page's columns (outbox-page.tsx).

const STATUS_COLORS: Record<OutboxStatus, string> = {
  PENDING: 'processing',
  SENT: 'success',
  FAILED: 'warning',
  DEAD: 'error',
};
const dateTime = (value: string | null) => (value ? dayjs(value).format('YYYY.MM.DD HH:mm:ss') : '—');

/** A message's text in the page's language when it has one (`text: { ko, en }`), else its payload, cut short. */
export const messageOf = (payload: Record<string, unknown>, language: string): string => {
  const text = payload.text;
  if (typeof text === 'string') return text;
  if (text && typeof text === 'object') {
    const byLanguage = text as Record<string, unknown>;
    const chosen = byLanguage[language] ?? byLanguage.ko ?? byLanguage.en;
    if (typeof chosen === 'string') return chosen;
  }
  const json = JSON.stringify(payload);
  return json.length > 160 ? `${json.slice(0, 157)}...` : json;
};

/** The outbox's columns: what, to whom, its state and tries, and the retry or "as sent" buttons. */
export const outboxColumns = ({
  translate,
  language,
  onRetry,
  onShowAsSent,
}: {
  translate: Translate;
  language: string;
  onRetry: (row: OutboxEntry) => void;
  onShowAsSent: (row: OutboxEntry) => Promise<void>;
}): ColumnsType<OutboxEntry> => {
  return [
    { key: 'id', title: '#', render: (_, row) => row.id, width: 64 },
    { key: 'topic', title: translate('admin.outbox.topic'), render: (_, row) => row.topic },
    {
      // What the message says: in test mode nothing leaves, so this is where a demo reads a sent code.
      key: 'message',
      title: translate('admin.outbox.message'),
      render: (_, row) => (
        <Typography.Text style={{ fontSize: 13 }}>{messageOf(row.payload, language)}</Typography.Text>
      ),
    },
    {
      key: 'status',
      title: translate('admin.outbox.status'),
      render: (_, row) => (
        <Tag color={STATUS_COLORS[row.status]}>{translate(`admin.outbox.statuses.${row.status}`)}</Tag>
      ),
    },
    { key: 'attempts', title: translate('admin.outbox.attempts'), render: (_, row) => row.attempts },
    {
      key: 'lastError',
      title: translate('admin.outbox.lastError'),
      render: (_, row) => row.lastError ?? '—',
    },
    {
      key: 'created',
      title: translate('admin.outbox.created'),
      render: (_, row) => dateTime(row.createDate),
    },
    {
      key: 'next',
      title: translate('admin.outbox.nextAttempt'),
      render: (_, row) => (row.status === 'SENT' ? '—' : dateTime(row.nextAttemptAt)),
    },
    {
      key: 'actions',
      title: translate('crud.actions'),
      render: (_, row) => (
        <Space size={4} wrap>
          {row.status === 'DEAD' || row.status === 'FAILED' ? (
            <Button
              size="small"
              aria-label={`${translate('admin.outbox.retry')} #${row.id}`}
              onClick={() => onRetry(row)}
            >
              {translate('admin.outbox.retry')}
            </Button>
          ) : null}
          {row.status === 'SENT' && row.payload.secret !== undefined ? (
            <Button
              size="small"
              aria-label={`${translate('admin.outbox.reveal')} #${row.id}`}
              onClick={() => void onShowAsSent(row)}
            >
              {translate('admin.outbox.reveal')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];
};
