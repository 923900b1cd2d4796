import { DeleteOutlined, PlusOutlined, RedoOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Alert, App, Button, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { messageSenderDeleteRoute } from '#domain/api/message-settings.ts';
import type { MessageSender } from '#domain/schemas/message-settings.ts';
import { usePhoneTable } from '#src/components/phone-table.ts';
import { SectionCard } from '#src/components/section-card.tsx';
import { useContractMutation } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { DocumentButton, isDocumentUrl } from '../admin/document-viewer.tsx';
import { SettingsPage } from '../settings/settings-page.tsx';
import {
  messageSettingsKeys,
  useMessageSettingsScope,
  useMessageTestMode,
  useSenders,
} from './message-settings-api.ts';
import { LoadFailed, MessageTestModeTag, ReadOnlyNotice, ReviewStateTag } from './message-settings-parts.tsx';
import {
  canResubmit,
  extraDocumentOf,
  formatSenderNumber,
  showsReviewNote,
} from './message-settings-rules.ts';
import { SenderForm } from './sender-form.tsx';
import './message-settings.css';

const dateOf = (value: string) => dayjs(value).format('YYYY.MM.DD');

/** A number's documents, each opening in a dialog. */
function SenderDocuments({ sender }: { sender: MessageSender }) {
  const translate = useTranslate();
  const extra = extraDocumentOf(sender.owner);
  return (
    <Space wrap size={4}>
      {isDocumentUrl(sender.proofFileUrl) && (
        <DocumentButton
          url={sender.proofFileUrl}
          title={translate('messageSettings.senders.form.proofFile')}
        />
      )}
      {extra && isDocumentUrl(sender.extraFileUrl) && (
        <DocumentButton
          url={sender.extraFileUrl}
          title={translate(`messageSettings.senders.form.${extra}`)}
        />
      )}
    </Space>
  );
}

const useSenderColumns = ({
  canChange,
  onResubmit,
  onDelete,
}: {
  canChange: boolean;
  onResubmit: (sender: MessageSender) => void;
  onDelete: (sender: MessageSender) => void;
}): ColumnsType<MessageSender> => {
  const translate = useTranslate();
  return [
    {
      key: 'phone',
      title: translate('messageSettings.senders.columns.phone'),
      render: (_, sender) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{formatSenderNumber(sender.phone)}</Typography.Text>
          {sender.label && <Typography.Text type="secondary">{sender.label}</Typography.Text>}
        </Space>
      ),
    },
    {
      key: 'owner',
      title: translate('messageSettings.senders.columns.owner'),
      render: (_, sender) => translate(`messageSettings.senders.owner.${sender.owner}`),
    },
    {
      key: 'status',
      title: translate('messageSettings.senders.columns.status'),
      render: (_, sender) => (
        <Space direction="vertical" size={2}>
          <ReviewStateTag status={sender.status} />
          {showsReviewNote(sender.status) && (
            <Typography.Text type="danger" className="fd-msgset-note">
              {sender.reviewNote?.trim() || translate('messageSettings.senders.noNote')}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'documents',
      title: translate('messageSettings.senders.columns.documents'),
      render: (_, sender) => <SenderDocuments sender={sender} />,
    },
    {
      key: 'createDate',
      title: translate('messageSettings.senders.columns.createDate'),
      render: (_, sender) => dateOf(sender.createDate),
    },
    {
      key: 'actions',
      title: translate('crud.actions'),
      render: (_, sender) => (
        <Space wrap size={4}>
          {canResubmit(sender.status) && (
            <Button
              size="small"
              icon={<RedoOutlined />}
              disabled={!canChange}
              onClick={() => onResubmit(sender)}
            >
              {translate('messageSettings.senders.resubmit')}
            </Button>
          )}
          <Tooltip title={sender.inUse ? translate('messageSettings.senders.inUse') : undefined}>
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              disabled={!canChange || sender.inUse}
              aria-label={translate('messageSettings.senders.deleteFor', {
                phone: formatSenderNumber(sender.phone),
              })}
              onClick={() => onDelete(sender)}
            >
              {translate('messageSettings.senders.delete')}
            </Button>
          </Tooltip>
        </Space>
      ),
    },
  ];
};

/**
 * `/setting/gym/messagesender` (issue 29): the facility's sender numbers with their review state and the
 * reviewer's note, registering one with its documents, resubmitting after DENY or NEED, deleting one. Only
 * APPROVE numbers can send; the operator reviews them in /admin. Changing needs adMessageSettingYn.
 */
export function SenderPage() {
  const translate = useTranslate();
  const { message, modal } = App.useApp();
  const { gymId, canChange } = useMessageSettingsScope();
  const testMode = useMessageTestMode(gymId);
  const senders = useSenders(gymId);
  const [editing, setEditing] = useState<{ sender?: MessageSender } | null>(null);
  const remove = useContractMutation(messageSenderDeleteRoute, {
    input: (id: number) => ({ params: { id }, query: { gymId } }),
    invalidates: [messageSettingsKeys.all],
    meta: { silent: true },
    onSuccess: () => void message.success(translate('messageSettings.senders.deleted')),
    onError: (error) => void message.error(errorText(error, translate)),
  });

  const confirmDelete = (sender: MessageSender) =>
    modal.confirm({
      title: translate('messageSettings.senders.deleteTitle', { phone: formatSenderNumber(sender.phone) }),
      content: translate('messageSettings.senders.deleteHelp'),
      okText: translate('messageSettings.senders.delete'),
      okButtonProps: { danger: true },
      cancelText: translate('buttons.cancel'),
      onOk: () => remove.mutateAsync(sender.id).catch(() => undefined),
    });

  const columns = useSenderColumns({
    canChange,
    onResubmit: (sender) => setEditing({ sender }),
    onDelete: confirmDelete,
  });
  const phone = usePhoneTable(columns, { name: 'phone', figure: 'status' });
  const rows = senders.data ?? [];

  return (
    <SettingsPage
      titleKey="messageSettings.senders.title"
      actions={testMode ? <MessageTestModeTag /> : undefined}
    >
      {() => (
        <>
          <Alert
            type="info"
            showIcon
            message={translate('messageSettings.senders.onlyApproved')}
            description={translate('messageSettings.senders.explain')}
          />
          {!canChange && <ReadOnlyNotice />}
          <SectionCard
            title={translate('messageSettings.senders.listTitle')}
            extra={
              <Button
                type="primary"
                icon={<PlusOutlined />}
                disabled={!canChange}
                onClick={() => setEditing({})}
              >
                {translate('messageSettings.senders.add')}
              </Button>
            }
          >
            {senders.isError ? (
              <LoadFailed
                error={senders.error}
                what={translate('messageSettings.senders.listTitle')}
                onRetry={() => void senders.refetch()}
              />
            ) : (
              <Table<MessageSender>
                rowKey="id"
                size="middle"
                dataSource={rows}
                columns={phone.columns}
                scroll={phone.scroll}
                loading={senders.isLoading}
                pagination={false}
                locale={{ emptyText: translate('messageSettings.senders.empty') }}
              />
            )}
          </SectionCard>
          {editing && (
            <SenderForm
              gymId={gymId}
              sender={editing.sender}
              onClose={() => setEditing(null)}
              onSaved={() => {
                setEditing(null);
                void senders.refetch();
                void message.success(
                  translate(
                    editing.sender
                      ? 'messageSettings.senders.resubmitted'
                      : 'messageSettings.senders.created',
                  ),
                );
              }}
            />
          )}
        </>
      )}
    </SettingsPage>
  );
}
