import { BellOutlined, CloseOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, List, Popover, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  notificationListRoute,
  readAllRoute,
  readNotificationRoute,
  unreadCountRoute,
} from '#domain/api/notification.ts';
import type { Notification } from '#domain/schemas/notification.ts';
import type { ApiClient } from '../api/client.ts';
import { api as apiClient } from '../providers/instances.ts';
import { useSessionMember } from '../session/session-context.tsx';

// "The notice bot" (docs/rules.md#notifications): the operator's decisions reach the facility's
// representative as in-app notifications, counted on a bell in the header and listed on HOME.

export type Notice = Notification;
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The readable text of a notification, in the current language. */
export const noticeText = (notice: Notice, translate: Translate): string => {
  const gym = notice.gymName;
  const addOn = notice.subServiceType
    ? translate(`enums.subServiceType.${notice.subServiceType}`)
    : translate('notice.unknownAddOn');
  switch (notice.kind) {
    case 'GYM_APPROVED':
      return translate('notice.kind.GYM_APPROVED', { gym });
    case 'GYM_REJECTED': {
      const reason = notice.reason?.trim();
      return reason
        ? translate('notice.kind.GYM_REJECTED', { gym, reason })
        : translate('notice.kind.GYM_REJECTED_NO_REASON', { gym });
    }
    case 'SUB_SERVICE_APPROVED':
      return translate('notice.kind.SUB_SERVICE_APPROVED', { gym, addOn });
    case 'SUB_SERVICE_DENIED':
      return translate('notice.kind.SUB_SERVICE_DENIED', { gym, addOn });
    case 'CONSULT_WAITING':
      return translate('notice.kind.CONSULT_WAITING', { gym, name: notice.reason ?? '' });
  }
};

/** Good news reads as success, a refusal as an error. */
export const noticeTone = (notice: Notice): 'success' | 'error' =>
  notice.kind === 'GYM_REJECTED' || notice.kind === 'SUB_SERVICE_DENIED' ? 'error' : 'success';

/** The notification calls, through the typed client (src/api/). */
export const createNoticeApi = (client: ApiClient) => ({
  list: (limit: number): Promise<Notice[]> =>
    client.call(notificationListRoute, { query: { _start: 0, _end: limit } }),
  unreadCount: async (): Promise<number> => (await client.call(unreadCountRoute)).count,
  markRead: async (id: number): Promise<void> => {
    await client.call(readNotificationRoute, { params: { id } });
  },
  markAllRead: async (): Promise<void> => {
    await client.call(readAllRoute);
  },
});
export type NoticeApi = ReturnType<typeof createNoticeApi>;

const defaultApi = createNoticeApi(apiClient);

/** The unread count is polled this often (docs/rules.md#notifications). */
export const UNREAD_POLL_MS = 60_000;
const LIST_SIZE = 20;
/** Where a waiting-consult notice leads: the consultation list (docs/rules.md#consulting). */
const CONSULT_LIST = '/memberManage/consult-list';

const noticeKeys = {
  all: ['notice'] as const,
  unread: ['notice', 'unread'] as const,
  list: (limit: number) => ['notice', 'list', limit] as const,
};

/** The operator decides; only facility accounts receive notifications. */
const useReceivesNotices = (): boolean => {
  const member = useSessionMember();
  return member !== null && member.authCode !== 'SUPERADMIN';
};

const useNoticeActions = (api: NoticeApi) => {
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries({ queryKey: noticeKeys.all });
  // A failed mark shows no alert: the notification simply stays unread.
  const markRead = useMutation({
    mutationFn: (id: number) => api.markRead(id),
    onSettled: settle,
    meta: { silent: true },
  });
  const markAllRead = useMutation({
    mutationFn: () => api.markAllRead(),
    onSettled: settle,
    meta: { silent: true },
  });
  return { markRead, markAllRead };
};

function NoticeItem({ notice, onRead }: { notice: Notice; onRead: (id: number) => void }) {
  const translate = useTranslate();
  const text = noticeText(notice, translate);
  return (
    <List.Item className={notice.readYn ? 'fd-notice fd-notice-read' : 'fd-notice'}>
      <Space direction="vertical" size={0} style={{ width: '100%' }}>
        {notice.readYn ? (
          <Typography.Text>{text}</Typography.Text>
        ) : (
          <Button
            type="link"
            className="fd-notice-unread"
            style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start', fontWeight: 600 }}
            onClick={() => onRead(notice.id)}
            title={translate('notice.markRead')}
          >
            {text}
          </Button>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {dayjs(notice.createDate).format('YYYY.MM.DD HH:mm')}
          {notice.readYn ? '' : ` · ${translate('notice.unread')}`}
        </Typography.Text>
      </Space>
    </List.Item>
  );
}

/** docs/rules.md#notifications: a bell with the unread count and the latest notifications. */
export function NotificationBell({ api = defaultApi }: { api?: NoticeApi }) {
  const translate = useTranslate();
  const enabled = useReceivesNotices();
  const [open, setOpen] = useState(false);
  const unread = useQuery({
    queryKey: noticeKeys.unread,
    queryFn: () => api.unreadCount(),
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    // A poll that fails (a server restart, a lost connection) shows no alert.
    meta: { silent: true },
  });
  const list = useQuery({
    queryKey: noticeKeys.list(LIST_SIZE),
    queryFn: () => api.list(LIST_SIZE),
    enabled: enabled && open,
    meta: { silent: true },
  });
  const { markRead, markAllRead } = useNoticeActions(api);
  if (!enabled) return null;

  const count = unread.data ?? 0;
  const notices = list.data ?? [];
  const label = count > 0 ? translate('notice.bellUnread', { count }) : translate('notice.bell');

  const content = (
    <div className="fd-notice-panel">
      {list.isError ? (
        <Alert type="error" showIcon message={translate('notice.loadFailed')} />
      ) : (
        <List<Notice>
          size="small"
          loading={list.isLoading}
          dataSource={notices}
          locale={{
            emptyText: <Typography.Text type="secondary">{translate('notice.empty')}</Typography.Text>,
          }}
          renderItem={(notice) => <NoticeItem notice={notice} onRead={(id) => markRead.mutate(id)} />}
        />
      )}
    </div>
  );

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      title={
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
          <span>{translate('notice.title')}</span>
          <Button
            size="small"
            type="link"
            disabled={count === 0}
            loading={markAllRead.isPending}
            onClick={() => markAllRead.mutate()}
          >
            {translate('notice.markAllRead')}
          </Button>
        </div>
      }
      content={content}
    >
      <Badge count={count} overflowCount={99} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          shape="circle"
          icon={<BellOutlined />}
          aria-label={label}
          aria-haspopup="dialog"
        />
      </Badge>
    </Popover>
  );
}

/** The most names a waiting-consult summary lists before "and N more". */
const SUMMARY_NAMES = 3;

/**
 * The latest unread notifications, for HOME (docs/rules.md#home); nothing when all is read. A facility's
 * waiting-consult notices are one line ("2 waiting for a consultation: 차*윤, 정*진") with a link to the
 * consultation list, closed all at once; the other notices show up to `limit`, then "N more in the bell". A consult
 * once handled clears its notices on the server (docs/rules.md#notifications).
 */
export function LatestNotifications({ api = defaultApi, limit = 3 }: { api?: NoticeApi; limit?: number }) {
  const translate = useTranslate();
  const enabled = useReceivesNotices();
  const list = useQuery({
    queryKey: noticeKeys.list(LIST_SIZE),
    queryFn: () => api.list(LIST_SIZE),
    enabled,
    meta: { silent: true },
  });
  const { markRead } = useNoticeActions(api);
  const unread = (list.data ?? []).filter((notice) => !notice.readYn);
  if (!enabled || unread.length === 0) return null;
  const waiting = new Map<number, Notice[]>();
  for (const notice of unread)
    if (notice.kind === 'CONSULT_WAITING')
      waiting.set(notice.gymId, [...(waiting.get(notice.gymId) ?? []), notice]);
  const others = unread.filter((notice) => notice.kind !== 'CONSULT_WAITING');
  const shown = others.slice(0, limit);
  const more = others.length - shown.length;
  return (
    <section aria-label={translate('notice.latest')} className="fd-latest-notices">
      <Space direction="vertical" style={{ width: '100%' }}>
        {[...waiting.values()].map((notices) => {
          const names = notices.slice(0, SUMMARY_NAMES).map((notice) => notice.reason ?? '');
          const rest = notices.length - names.length;
          return (
            <Alert
              key={`waiting-${notices[0]!.gymId}`}
              type="info"
              showIcon
              className="fd-notice-waiting"
              message={translate('notice.waitingSummary', {
                gym: notices[0]!.gymName,
                count: notices.length,
                names:
                  rest > 0
                    ? translate('notice.namesMore', { names: names.join(', '), count: rest })
                    : names.join(', '),
              })}
              action={<Link to={CONSULT_LIST}>{translate('notice.waitingLink')}</Link>}
              closable={{ closeIcon: <CloseOutlined />, 'aria-label': translate('notice.markRead') }}
              onClose={() => {
                for (const notice of notices) markRead.mutate(notice.id);
              }}
            />
          );
        })}
        {shown.map((notice) => (
          <Alert
            key={notice.id}
            type={noticeTone(notice)}
            showIcon
            message={noticeText(notice, translate)}
            description={dayjs(notice.createDate).format('YYYY.MM.DD HH:mm')}
            closable={{ closeIcon: <CloseOutlined />, 'aria-label': translate('notice.markRead') }}
            onClose={() => markRead.mutate(notice.id)}
          />
        ))}
        {more > 0 && (
          <Typography.Text type="secondary">{translate('notice.more', { count: more })}</Typography.Text>
        )}
      </Space>
    </section>
  );
}
