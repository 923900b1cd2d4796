import { ArrowLeftOutlined, CameraOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Avatar,
  Button,
  Descriptions,
  Empty,
  Input,
  List,
  Modal,
  Result,
  Skeleton,
  Space,
  Table,
  Typography,
  Upload,
} from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  customerEraseRoute,
  customerGetRoute,
  customerMemoCreateRoute,
  customerMemosRoute,
  customerPassesRoute,
  customerRemoveRoute,
  customerUsageRoute,
} from '#domain/api/customer.ts';
import { uploadMemberImageRoute } from '#domain/api/member-image.ts';
import type { TicketIssueDetail } from '#domain/schemas/pass.ts';
import { SectionCard } from '#src/components/section-card.tsx';
import { useFacility } from '#src/facility/facility-context.tsx';
import { isHttpError } from '#src/providers/http-error.ts';
import { api } from '#src/providers/instances.ts';
import { BookingLinkButton } from './booking-link-button.tsx';
import { CardNumber } from './card-number.tsx';
import { PassStateTag } from './customer-list-page.tsx';
import { CustomerHistoryTabs } from './customer-visits.tsx';
import { MembershipQrButton } from './membership-qr-modal.tsx';
import { formatWon } from './money.ts';
import { OwingSales } from './owing-sales.tsx';
import { type PassAction, PassView, useMoneyRights } from './pass-view.tsx';
import { useRefreshCustomers } from './use-customers.ts';
import './members.css';

const EditCustomerDrawer = lazy(() =>
  import('./edit-customer-drawer.tsx').then((m) => ({ default: m.EditCustomerDrawer })),
);
const SellDrawer = lazy(() => import('./sell-drawer.tsx').then((m) => ({ default: m.SellDrawer })));
const PassActionDialog = lazy(() =>
  import('./pass-actions.tsx').then((m) => ({ default: m.PassActionDialog })),
);

/** The passes of a customer with the sell button and every action (also used by the sold-pass pages). */
export function CustomerPasses({
  gymId,
  memberId,
  customer,
  canChange,
  removed,
}: {
  gymId: number;
  memberId: number;
  /** Who the passes are sold to, as the sale drawer names them. */
  customer?: { name: string; phone?: string | null };
  canChange: boolean;
  removed: boolean;
}) {
  const translate = useTranslate();
  const refresh = useRefreshCustomers();
  const [selling, setSelling] = useState(false);
  const [action, setAction] = useState<{ action: PassAction; pass: TicketIssueDetail } | null>(null);
  const money = useMoneyRights();
  const passes = useQuery({
    queryKey: ['passes', 'of-customer', gymId, memberId],
    queryFn: () => api.call(customerPassesRoute, { params: { id: memberId }, query: { gymId } }),
  });
  const list = passes.data ?? [];
  const current = list.filter((p) => p.state === 'ACTIVE' || p.state === 'HELD' || p.state === 'UPCOMING');
  const past = list.filter((p) => !current.includes(p));
  return (
    <SectionCard
      title={translate('customers.detail.passes')}
      extra={
        canChange && money.sell && !removed ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setSelling(true)}>
            {translate('passes.sell.open')}
          </Button>
        ) : null
      }
    >
      {passes.isLoading ? (
        <Skeleton active />
      ) : list.length === 0 ? (
        <Empty description={translate('customers.detail.noPasses')} />
      ) : (
        <>
          {current.map((p) => (
            <PassView
              key={p.id}
              pass={p}
              canChange={canChange}
              onAction={(a, pass) => setAction({ action: a, pass })}
            />
          ))}
          {past.length > 0 && (
            <>
              <Typography.Title level={3} className="fd-settings-card-title">
                {translate('customers.detail.pastPasses')}
              </Typography.Title>
              {past.map((p) => (
                <PassView
                  key={p.id}
                  pass={p}
                  canChange={canChange}
                  onAction={(a, pass) => setAction({ action: a, pass })}
                />
              ))}
            </>
          )}
        </>
      )}
      <Suspense fallback={null}>
        {selling && (
          <SellDrawer
            gymId={gymId}
            memberId={memberId}
            customer={customer}
            passes={list}
            onClose={() => setSelling(false)}
            onSold={() => {
              setSelling(false);
              refresh();
            }}
          />
        )}
        {action && (
          <PassActionDialog
            action={action.action}
            pass={action.pass}
            gymId={gymId}
            onClose={() => setAction(null)}
            onDone={() => {
              setAction(null);
              refresh();
            }}
          />
        )}
      </Suspense>
    </SectionCard>
  );
}

/** `/memberManage/list/info?id=`: one customer (docs/rules.md#customers). */
export function CustomerDetailPage() {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const { selected, gymAuth, approvedSubServices } = useFacility();
  const gymId = selected?.id ?? 0;
  // The membership QR card belongs to the check-in add-on (ENTER in APPROVE).
  const hasCheckIn = approvedSubServices.has('ENTER');
  const canChange = Boolean(gymAuth?.representYn || gymAuth?.memberSettingYn);
  const isRepresentative = Boolean(gymAuth?.representYn);
  const refresh = useRefreshCustomers();
  const [editing, setEditing] = useState(false);
  const [memo, setMemo] = useState('');
  const [erasing, setErasing] = useState(false);
  const [confirmName, setConfirmName] = useState('');

  const customer = useQuery({
    queryKey: ['customers', 'detail', gymId, id],
    queryFn: () => api.call(customerGetRoute, { params: { id }, query: { gymId } }),
    enabled: Number.isInteger(id) && id > 0 && gymId > 0,
    retry: false,
  });
  const memos = useQuery({
    queryKey: ['customers', 'memos', gymId, id],
    queryFn: () => api.call(customerMemosRoute, { params: { id }, query: { gymId } }),
    enabled: customer.isSuccess,
  });
  const usage = useQuery({
    queryKey: ['passes', 'usage', gymId, id],
    queryFn: () => api.call(customerUsageRoute, { params: { id }, query: { gymId } }),
    enabled: customer.isSuccess,
  });
  const addMemo = useMutation({
    meta: { silent: true },
    mutationFn: () =>
      api.call(customerMemoCreateRoute, { params: { id }, query: { gymId }, body: { content: memo } }),
    onSuccess: () => {
      setMemo('');
      void memos.refetch();
    },
    onError: (error) => message.error(isHttpError(error) ? error.message : translate('errors.UNKNOWN')),
  });
  const remove = useMutation({
    meta: { silent: true },
    mutationFn: () => api.call(customerRemoveRoute, { params: { id }, query: { gymId } }),
    onSuccess: () => {
      message.success(translate('customers.detail.removed'));
      refresh();
    },
    onError: (error) => message.error(isHttpError(error) ? error.message : translate('errors.UNKNOWN')),
  });
  const erase = useMutation({
    meta: { silent: true },
    mutationFn: () =>
      api.call(customerEraseRoute, { params: { id }, query: { gymId }, body: { confirmName } }),
    onSuccess: () => {
      setErasing(false);
      message.success(translate('customers.detail.erased'));
      refresh();
    },
    onError: (error) => message.error(isHttpError(error) ? error.message : translate('errors.UNKNOWN')),
  });
  const uploadPhoto = useMutation({
    meta: { silent: true },
    mutationFn: (file: File) =>
      api.upload(uploadMemberImageRoute, { params: { memberId: id }, field: 'image', file }),
    onSuccess: () => refresh(),
    onError: (error) => message.error(isHttpError(error) ? error.message : translate('errors.UNKNOWN')),
  });

  if (customer.isError)
    return (
      <Result
        status="404"
        title={translate('customers.detail.notFound')}
        extra={<Link to="/memberManage/list">{translate('customers.detail.back')}</Link>}
      />
    );
  const c = customer.data;
  if (!c) return <Skeleton active />;
  const removed = c.status === 'QUIT';
  const qrButton = (
    <MembershipQrButton
      gymId={gymId}
      gymName={selected?.name ?? ''}
      memberId={id}
      name={c.name}
      canChange={canChange}
    />
  );

  return (
    <div className="fd-members-page">
      <div className="fd-members-head">
        <Space>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={translate('customers.detail.back')}
            onClick={() => navigate('/memberManage/list')}
          />
          <Typography.Title level={1} className="fd-page-title">
            {c.name}
          </Typography.Title>
          <PassStateTag customer={c} />
        </Space>
        {canChange && !removed && (
          <Space wrap>
            <Button onClick={() => setEditing(true)}>{translate('customers.detail.edit')}</Button>
            <BookingLinkButton gymId={gymId} memberId={id} name={c.name} />
            {hasCheckIn && qrButton}
            <Button
              danger
              onClick={() =>
                modal.confirm({
                  title: translate('customers.detail.removeTitle', { name: c.name }),
                  content: translate('customers.detail.removeHelp'),
                  okText: translate('customers.detail.remove'),
                  okButtonProps: { danger: true },
                  cancelText: translate('buttons.cancel'),
                  onOk: () => remove.mutateAsync(),
                })
              }
            >
              {translate('customers.detail.remove')}
            </Button>
            {isRepresentative && (
              <Button danger type="dashed" onClick={() => setErasing(true)}>
                {translate('customers.detail.erase')}
              </Button>
            )}
          </Space>
        )}
        {!canChange && hasCheckIn && !removed && qrButton}
      </div>
      {removed && (
        <Alert
          type="warning"
          showIcon
          message={translate(c.erased ? 'customers.detail.isErased' : 'customers.detail.isRemoved')}
        />
      )}
      <SectionCard title={translate('customers.detail.profile')}>
        <Space align="start" wrap size="large">
          <Space direction="vertical" align="center">
            <Avatar size={72} src={c.image ?? undefined} alt="">
              {c.name.slice(0, 1)}
            </Avatar>
            {canChange && !removed && (
              <Upload
                accept="image/png,image/jpeg,image/webp"
                showUploadList={false}
                beforeUpload={(file) => {
                  uploadPhoto.mutate(file);
                  return false;
                }}
              >
                <Button size="small" icon={<CameraOutlined />} loading={uploadPhoto.isPending}>
                  {translate('customers.detail.photo')}
                </Button>
              </Upload>
            )}
          </Space>
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
            <Descriptions.Item label={translate('customers.fields.phone')}>
              {c.phone || '-'}
            </Descriptions.Item>
            <Descriptions.Item label={translate('customers.fields.gender')}>
              {translate(`customers.gender.${c.gender}`)}
            </Descriptions.Item>
            <Descriptions.Item label={translate('customers.fields.birthDate')}>
              {c.birthDate ?? '-'}
            </Descriptions.Item>
            <Descriptions.Item label={translate('customers.fields.trainer')}>
              {c.trainerName ?? '-'}
            </Descriptions.Item>
            <Descriptions.Item label={translate('customers.fields.leadSource')}>
              {c.leadSource ? translate(`customers.leadSource.${c.leadSource}`) : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={translate('customers.fields.registeredOn')}>
              {c.registeredOn}
            </Descriptions.Item>
            <Descriptions.Item label={translate('customers.fields.cardNumber')}>
              <CardNumber gymId={gymId} customer={c} canChange={canChange && !removed} onSaved={refresh} />
            </Descriptions.Item>
            <Descriptions.Item label={translate('customers.fields.unpaid')}>
              {c.unpaidAmount > 0 ? (
                <div>
                  <Typography.Text type="danger">{formatWon(c.unpaidAmount, i18n.language)}</Typography.Text>
                  <OwingSales gymId={gymId} memberId={c.id} />
                </div>
              ) : (
                '-'
              )}
            </Descriptions.Item>
            {c.memo && (
              <Descriptions.Item label={translate('customers.fields.memo')}>{c.memo}</Descriptions.Item>
            )}
          </Descriptions>
        </Space>
      </SectionCard>
      <CustomerPasses
        gymId={gymId}
        memberId={id}
        customer={{ name: c.name, phone: c.phone }}
        canChange={canChange}
        removed={removed}
      />
      <SectionCard title={translate('customers.detail.usage')}>
        <CustomerHistoryTabs gymId={gymId} memberId={id}>
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
      <SectionCard title={translate('customers.detail.memos')}>
        {canChange && !removed && (
          <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
            <Input
              aria-label={translate('customers.detail.memoPlaceholder')}
              placeholder={translate('customers.detail.memoPlaceholder')}
              value={memo}
              maxLength={2000}
              onChange={(event) => setMemo(event.target.value)}
              onPressEnter={() => memo.trim() && addMemo.mutate()}
            />
            <Button
              type="primary"
              loading={addMemo.isPending}
              disabled={!memo.trim()}
              onClick={() => addMemo.mutate()}
            >
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
      <Suspense fallback={null}>
        {editing && (
          <EditCustomerDrawer
            gymId={gymId}
            customer={c}
            onClose={() => setEditing(false)}
            onSaved={() => {
              setEditing(false);
              refresh();
            }}
          />
        )}
      </Suspense>
      <Modal
        open={erasing}
        title={translate('customers.detail.eraseTitle')}
        onCancel={() => setErasing(false)}
        okText={translate('customers.detail.erase')}
        okButtonProps={{ danger: true, disabled: confirmName.trim() !== c.name, loading: erase.isPending }}
        onOk={() => erase.mutate()}
        cancelText={translate('buttons.cancel')}
        destroyOnHidden
      >
        <Typography.Paragraph>{translate('customers.detail.eraseHelp')}</Typography.Paragraph>
        <Typography.Paragraph strong>
          {translate('customers.detail.eraseType', { name: c.name })}
        </Typography.Paragraph>
        <Input
          aria-label={translate('customers.detail.eraseType', { name: c.name })}
          value={confirmName}
          onChange={(event) => setConfirmName(event.target.value)}
        />
      </Modal>
    </div>
  );
}
