import { EditOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Alert, App, Button, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { kakaoTemplateSubmitRoute } from '#domain/api/message-settings.ts';
import type { KakaoTemplate } from '#domain/schemas/message-settings.ts';
import { usePhoneTable } from '#src/components/phone-table.ts';
import { SectionCard } from '#src/components/section-card.tsx';
import { useContractMutation } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { messageSettingsKeys, useTemplates } from './message-settings-api.ts';
import { LoadFailed, ReviewStateTag } from './message-settings-parts.tsx';
import { canResubmit, showsReviewNote } from './message-settings-rules.ts';
import { TemplateForm } from './template-form.tsx';

const useTemplateColumns = ({
  canChange,
  submitting,
  onEdit,
  onSubmit,
}: {
  canChange: boolean;
  submitting: number | undefined;
  onEdit: (template: KakaoTemplate) => void;
  onSubmit: (template: KakaoTemplate) => void;
}): ColumnsType<KakaoTemplate> => {
  const translate = useTranslate();
  return [
    {
      key: 'name',
      title: translate('messageSettings.templates.name'),
      render: (_, template) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{template.name}</Typography.Text>
          <Typography.Text type="secondary" className="fd-msgset-code">
            {template.code}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'content',
      title: translate('messageSettings.templates.content'),
      render: (_, template) => (
        <Typography.Paragraph className="fd-msgset-preview" ellipsis={{ rows: 3, tooltip: template.content }}>
          {template.content}
        </Typography.Paragraph>
      ),
    },
    {
      key: 'status',
      title: translate('messageSettings.templates.status'),
      render: (_, template) => (
        <Space direction="vertical" size={2}>
          <ReviewStateTag status={template.status} />
          {showsReviewNote(template.status) && (
            <Typography.Text type="danger" className="fd-msgset-note">
              {template.reviewNote?.trim() || translate('messageSettings.senders.noNote')}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'createDate',
      title: translate('messageSettings.templates.createDate'),
      render: (_, template) => dayjs(template.createDate).format('YYYY.MM.DD'),
    },
    {
      key: 'actions',
      title: translate('crud.actions'),
      render: (_, template) => (
        <Space wrap size={4}>
          {template.editable && (
            <Button
              size="small"
              icon={<EditOutlined />}
              disabled={!canChange}
              aria-label={translate('messageSettings.templates.editFor', { name: template.name })}
              onClick={() => onEdit(template)}
            >
              {translate('messageSettings.templates.edit')}
            </Button>
          )}
          {canResubmit(template.status) && (
            <Button
              size="small"
              type="primary"
              icon={<SendOutlined />}
              disabled={!canChange}
              loading={submitting === template.id}
              aria-label={translate('messageSettings.templates.resubmitFor', { name: template.name })}
              onClick={() => onSubmit(template)}
            >
              {translate('messageSettings.templates.resubmit')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
};

/** The 알림톡 templates: their review state and reason, writing one, editing one not approved, resubmitting. */
export function TemplateTab({
  gymId,
  canChange,
  connected,
}: {
  gymId: number;
  canChange: boolean;
  connected: boolean;
}) {
  const translate = useTranslate();
  const { message, modal } = App.useApp();
  const templates = useTemplates(gymId);
  const [editing, setEditing] = useState<{ template?: KakaoTemplate } | null>(null);
  const submit = useContractMutation(kakaoTemplateSubmitRoute, {
    input: (id: number) => ({ params: { id }, body: { gymId } }),
    invalidates: [messageSettingsKeys.all],
    meta: { silent: true },
    onSuccess: () => void message.success(translate('messageSettings.templates.resubmitted')),
    onError: (error) => void message.error(errorText(error, translate)),
  });
  const columns = useTemplateColumns({
    canChange,
    submitting: submit.isPending ? submit.variables : undefined,
    onEdit: (template) => setEditing({ template }),
    onSubmit: (template) =>
      modal.confirm({
        title: translate('messageSettings.templates.resubmitTitle', { name: template.name }),
        content: translate('messageSettings.templates.resubmitHelp'),
        okText: translate('messageSettings.templates.resubmit'),
        cancelText: translate('buttons.cancel'),
        onOk: () => submit.mutateAsync(template.id).catch(() => undefined),
      }),
  });
  const phone = usePhoneTable(columns, { name: 'name', figure: 'status' });

  return (
    <SectionCard
      title={translate('messageSettings.templates.title')}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={!canChange || !connected}
          onClick={() => setEditing({})}
        >
          {translate('messageSettings.templates.new')}
        </Button>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {!connected && (
          <Alert type="warning" showIcon message={translate('messageSettings.templates.needChannel')} />
        )}
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {translate('messageSettings.templates.explain')}
        </Typography.Paragraph>
        {templates.isError ? (
          <LoadFailed
            error={templates.error}
            what={translate('messageSettings.templates.title')}
            onRetry={() => void templates.refetch()}
          />
        ) : (
          <Table<KakaoTemplate>
            rowKey="id"
            size="middle"
            dataSource={templates.data ?? []}
            columns={phone.columns}
            scroll={phone.scroll}
            loading={templates.isLoading}
            pagination={false}
            locale={{ emptyText: translate('messageSettings.templates.empty') }}
          />
        )}
      </Space>
      {editing && (
        <TemplateForm
          gymId={gymId}
          template={editing.template}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void templates.refetch();
            void message.success(
              translate(
                editing.template ? 'messageSettings.templates.saved' : 'messageSettings.templates.created',
              ),
            );
          }}
        />
      )}
    </SectionCard>
  );
}
