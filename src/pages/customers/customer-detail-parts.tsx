import { CameraOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Avatar, Button, Descriptions, Input, List, Modal, Space, Table, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import type { customerGetRoute, customerMemosRoute, customerUsageRoute } from '#domain/api/customer.ts';
import type { Answer } from '#src/api/client.ts';
import { SectionCard } from '#src/components/section-card.tsx';
import { CardNumber } from './card-number.tsx';
import { CustomerHistoryTabs } from './customer-visits.tsx';
import { formatWon } from './money.ts';
import { OwingSales } from './owing-sales.tsx';

// The customer page's cards (customer-detail-page.tsx): the profile, the usage, the memos and the erase dialog.

type Customer = Answer<typeof customerGetRoute>;

/** The photo (with its upload), the customer's facts, the card number and what they owe. */
export function CustomerProfile({
  gymId,
  customer,
  canChange,
  uploading,
  onPhoto,
  onSaved,
}: {
  gymId: number;
  customer: Customer;
  /** Staff who may change members, on a customer not removed. */
  canChange: boolean;
  uploading: boolean;
  onPhoto: (file: File) => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  return (
    <SectionCard title={translate('customers.detail.profile')}>
      <Space align="start" wrap size="large">
        <Space direction="vertical" align="center">
          <Avatar size={72} src={customer.image ?? undefined} alt="">
            {customer.name.slice(0, 1)}
          </Avatar>
          {canChange && (
            <Upload
              accept="image/png,image/jpeg,image/webp"
              showUploadList={false}
              beforeUpload={(file) => {
                onPhoto(file);
                return false;
              }}
            >
              <Button size="small" icon={<CameraOutlined />} loading={uploading}>
                {translate('customers.detail.photo')}
              </Button>
            </Upload>
          )}
        </Space>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={translate('customers.fields.phone')}>
            {customer.phone || '-'}
          </Descriptions.Item>
          <Descriptions.Item label={translate('customers.fields.gender')}>
            {translate(`customers.gender.${customer.gender}`)}
          </Descriptions.Item>
          <Descriptions.Item label={translate('customers.fields.birthDate')}>
            {customer.birthDate ?? '-'}
          </Descriptions.Item>
          <Descriptions.Item label={translate('customers.fields.trainer')}>
            {customer.trainerName ?? '-'}
          </Descriptions.Item>
          <Descriptions.Item label={translate('customers.fields.leadSource')}>
            {customer.leadSource ? translate(`customers.leadSource.${customer.leadSource}`) : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={translate('customers.fields.registeredOn')}>
            {customer.registeredOn}
          </Descriptions.Item>
          <Descriptions.Item label={translate('customers.fields.cardNumber')}>
            <CardNumber gymId={gymId} customer={customer} canChange={canChange} onSaved={onSaved} />
          </Descriptions.Item>
          <Descriptions.Item label={translate('customers.fields.unpaid')}>
            {customer.unpaidAmount > 0 ? (
              <div>
                <Typography.Text type="danger">
                  {formatWon(customer.unpaidAmount, i18n.language)}
                </Typography.Text>
                <OwingSales gymId={gymId} memberId={customer.id} />
              </div>
            ) : (
              '-'
            )}
          </Descriptions.Item>
          {customer.memo && (
            <Descriptions.Item label={translate('customers.fields.memo')}>{customer.memo}</Descriptions.Item>
          )}
        </Descriptions>
      </Space>
    </SectionCard>
  );
}

/** The pass usage, beside the visits and the other histories. */
export function UsageCard({
  gymId,
  memberId,
  usage,
}: {
  gymId: number;
  memberId: number;
  usage: UseQueryResult<Answer<typeof customerUsageRoute>>;
}) {
  const translate = useTranslate();
  return (
    <SectionCard title={translate('customers.detail.usage')}>
      <CustomerHistoryTabs gymId={gymId} memberId={memberId}>
        <Table
          size="small"
          rowKey="id"
          loading={usage.isLoading}
          dataSource={usage.data ?? []}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: translate('customers.detail.noUsage') }}
          columns={[
            {
              key: 'when',
              title: translate('passes.view.when'),
              render: (_, u) => u.createDate.slice(0, 16).replace('T', ' '),
              className: 'fd-nowrap',
            },
            { key: 'pass', dataIndex: 'ticketName', title: translate('customers.fields.pass') },
            {
              key: 'kind',
              title: translate('passes.usage.kind'),
              render: (_, u) => translate(`passes.usage.kinds.${u.kind}`),
            },
            {
              key: 'sessions',
              dataIndex: 'sessions',
              title: translate('passes.usage.sessions'),
              align: 'right',
            },
            { key: 'note', title: translate('passes.adjust.note'), render: (_, u) => u.note ?? '' },
            { key: 'by', title: translate('passes.view.by'), render: (_, u) => u.createdByName ?? '-' },
          ]}
        />
      </CustomerHistoryTabs>
    </SectionCard>
  );
}

/** The staff's memos on the customer, newest first, and a field to add one. */
export function MemosCard({
  memos,
  canAdd,
  memo,
  adding,
  onMemo,
  onAdd,
}: {
  memos: UseQueryResult<Answer<typeof customerMemosRoute>>;
  canAdd: boolean;
  memo: string;
  adding: boolean;
  onMemo: (memo: string) => void;
  onAdd: () => void;
}) {
  const translate = useTranslate();
  return (
    <SectionCard title={translate('customers.detail.memos')}>
      {canAdd && (
        <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
          <Input
            aria-label={translate('customers.detail.memoPlaceholder')}
            placeholder={translate('customers.detail.memoPlaceholder')}
            value={memo}
            maxLength={2000}
            onChange={(event) => onMemo(event.target.value)}
            onPressEnter={() => memo.trim() && onAdd()}
          />
          <Button type="primary" loading={adding} disabled={!memo.trim()} onClick={onAdd}>
            {translate('customers.detail.addMemo')}
          </Button>
        </Space.Compact>
      )}
      <List
        loading={memos.isLoading}
        dataSource={memos.data ?? []}
        locale={{ emptyText: translate('customers.detail.noMemos') }}
        renderItem={(m) => (
          <List.Item>
            <List.Item.Meta
              title={m.content}
              description={`${m.createDate.slice(0, 16).replace('T', ' ')} · ${m.createdByName ?? ''}`}
            />
          </List.Item>
        )}
      />
    </SectionCard>
  );
}

/** Erasing the customer for good: the representative types the name to confirm. */
export function EraseModal({
  open,
  name,
  confirmName,
  pending,
  onConfirmName,
  onCancel,
  onErase,
}: {
  open: boolean;
  name: string;
  confirmName: string;
  pending: boolean;
  onConfirmName: (name: string) => void;
  onCancel: () => void;
  onErase: () => void;
}) {
  const translate = useTranslate();
  return (
    <Modal
      open={open}
      title={translate('customers.detail.eraseTitle')}
      onCancel={onCancel}
      okText={translate('customers.detail.erase')}
      okButtonProps={{ danger: true, disabled: confirmName.trim() !== name, loading: pending }}
      onOk={onErase}
      cancelText={translate('buttons.cancel')}
      destroyOnHidden
    >
      <Typography.Paragraph>{translate('customers.detail.eraseHelp')}</Typography.Paragraph>
      <Typography.Paragraph strong>{translate('customers.detail.eraseType', { name })}</Typography.Paragraph>
      <Input
        aria-label={translate('customers.detail.eraseType', { name })}
        value={confirmName}
        onChange={(event) => onConfirmName(event.target.value)}
      />
    </Modal>
  );
}
