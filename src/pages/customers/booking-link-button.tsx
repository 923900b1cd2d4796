import { CopyOutlined, LinkOutlined, MessageOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bookingLinkRoute } from '#domain/api/schedule.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import { isHttpError } from '#src/providers/http-error.ts';
import { api } from '#src/providers/instances.ts';

type Link = { url: string; expiresOn: string };

/**
 * The customer's own booking link (docs/rules.md#self-booking): the button makes a new link (revoking the old one)
 * and shows it to copy; "Send by text message" makes another and queues it through the outbox. For users who may
 * change customers (memberSettingYn or the representative); the detail page shows it only to them.
 */
export function BookingLinkButton({
  gymId,
  memberId,
  name,
}: {
  gymId: number;
  memberId: number;
  name: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [link, setLink] = useState<Link | null>(null);
  const [sent, setSent] = useState(false);

  const issue = useMutation({
    meta: { silent: true },
    mutationFn: (send: boolean) => api.call(bookingLinkRoute, { body: { gymId, memberId, send } }),
    onSuccess: (made, send) => {
      setLink({ url: window.location.origin + made.path, expiresOn: seoulToday(new Date(made.expiresAt)) });
      setSent(send);
    },
  });

  const start = () => {
    setOpen(true);
    setLink(null);
    setSent(false);
    issue.mutate(false);
  };

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      void message.success(t('selfBooking.link.copied'));
    } catch {
      void message.error(t('selfBooking.link.copyFailed'));
    }
  };

  return (
    <>
      <Button icon={<LinkOutlined />} onClick={start}>
        {t('selfBooking.link.button')}
      </Button>
      <Modal
        open={open}
        title={t('selfBooking.link.title', { name })}
        onCancel={() => setOpen(false)}
        footer={<Button onClick={() => setOpen(false)}>{t('selfBooking.link.close')}</Button>}
        destroyOnHidden
      >
        {issue.isError && (
          <Alert
            type="error"
            showIcon
            message={isHttpError(issue.error) ? issue.error.message : t('selfBooking.link.failed')}
            style={{ marginBottom: 12 }}
          />
        )}
        {!link ? (
          issue.isPending && (
            <Typography.Paragraph role="status">{t('selfBooking.link.creating')}</Typography.Paragraph>
          )
        ) : (
          <>
            <Typography.Paragraph>
              {t('selfBooking.link.help', { date: link.expiresOn })}
            </Typography.Paragraph>
            <Space.Compact style={{ width: '100%' }}>
              <Input
                readOnly
                aria-label={t('selfBooking.link.label')}
                value={link.url}
                onFocus={(event) => event.target.select()}
              />
              <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()}>
                {t('selfBooking.link.copy')}
              </Button>
            </Space.Compact>
            <Alert
              type={sent ? 'success' : 'info'}
              showIcon
              message={t(sent ? 'selfBooking.link.sent' : 'selfBooking.link.replaces')}
              style={{ margin: '12px 0' }}
            />
            <Typography.Paragraph type="secondary">{t('selfBooking.link.sendHelp')}</Typography.Paragraph>
            <Button
              icon={<MessageOutlined />}
              loading={issue.isPending && issue.variables === true}
              disabled={issue.isPending}
              onClick={() => issue.mutate(true)}
            >
              {t('selfBooking.link.send')}
            </Button>
          </>
        )}
      </Modal>
    </>
  );
}
