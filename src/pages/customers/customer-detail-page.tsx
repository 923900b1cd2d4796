import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Result, Skeleton, Space, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
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
import type { Answer } from '#src/api/client.ts';
import { SectionCard } from '#src/components/section-card.tsx';
import { useFacility } from '#src/facility/facility-context.tsx';
import { api } from '#src/providers/instances.ts';
import { BookingLinkButton } from './booking-link-button.tsx';
import { CustomerProfile, EraseModal, MemosCard, UsageCard } from './customer-detail-parts.tsx';
import { PassStateTag } from './customer-list-parts.tsx';
import { MarketingConsentCard } from './marketing-consent-card.tsx';
import { MembershipQrButton } from './membership-qr-modal.tsx';
import { type PassAction, PassView, useMoneyRights } from './pass-view.tsx';
import { useRefreshCustomers } from './use-customers.ts';
import './members.css';
import { errorText } from '#src/kit/error-text.ts';

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

/** The customer, their memos and pass usage, and the page's writes (a memo, remove, erase, the photo). */
const useCustomerDetail = ({
  gymId,
  id,
  memo,
  confirmName,
  onMemoAdded,
  onErased,
}: {
  gymId: number;
  id: number;
  memo: string;
  confirmName: string;
  onMemoAdded: () => void;
  onErased: () => void;
}) => {
  const translate = useTranslate();
  const { message } = App.useApp();
  const refresh = useRefreshCustomers();
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
      onMemoAdded();
      void memos.refetch();
    },
    onError: (error) => message.error(errorText(error, translate)),
  });
  const remove = useMutation({
    meta: { silent: true },
    mutationFn: () => api.call(customerRemoveRoute, { params: { id }, query: { gymId } }),
    onSuccess: () => {
      message.success(translate('customers.detail.removed'));
      refresh();
    },
    onError: (error) => message.error(errorText(error, translate)),
  });
  const erase = useMutation({
    meta: { silent: true },
    mutationFn: () =>
      api.call(customerEraseRoute, { params: { id }, query: { gymId }, body: { confirmName } }),
    onSuccess: () => {
      onErased();
      message.success(translate('customers.detail.erased'));
      refresh();
    },
    onError: (error) => message.error(errorText(error, translate)),
  });
  const uploadPhoto = useMutation({
    meta: { silent: true },
    mutationFn: (file: File) =>
      api.upload(uploadMemberImageRoute, { params: { memberId: id }, field: 'image', file }),
    onSuccess: () => refresh(),
    onError: (error) => message.error(errorText(error, translate)),
  });
  return { customer, memos, usage, addMemo, remove, erase, uploadPhoto };
};

/** The customer's name and state, and the buttons of staff who may change members. */
function CustomerHead({
  customer: c,
  memberId,
  gymId,
  gymName,
  canChange,
  isRepresentative,
  hasCheckIn,
  onEdit,
  onRemove,
  onErase,
}: {
  customer: Answer<typeof customerGetRoute>;
  memberId: number;
  gymId: number;
  gymName: string;
  canChange: boolean;
  isRepresentative: boolean;
  hasCheckIn: boolean;
  onEdit: () => void;
  onRemove: () => void;
  onErase: () => void;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const removed = c.status === 'QUIT';
  const qrButton = (
    <MembershipQrButton
      gymId={gymId}
      gymName={gymName}
      memberId={memberId}
      name={c.name}
      canChange={canChange}
    />
  );
  return (
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
          <Button onClick={onEdit}>{translate('customers.detail.edit')}</Button>
          <BookingLinkButton gymId={gymId} memberId={memberId} name={c.name} />
          {hasCheckIn && qrButton}
          <Button danger onClick={onRemove}>
            {translate('customers.detail.remove')}
          </Button>
          {isRepresentative && (
            <Button danger type="dashed" onClick={onErase}>
              {translate('customers.detail.erase')}
            </Button>
          )}
        </Space>
      )}
      {!canChange && hasCheckIn && !removed && qrButton}
    </div>
  );
}

/** `/memberManage/list/info?id=`: one customer (docs/rules.md#customers). */
export function CustomerDetailPage() {
  const translate = useTranslate();
  const { modal } = App.useApp();
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

  const { customer, memos, usage, addMemo, remove, erase, uploadPhoto } = useCustomerDetail({
    gymId,
    id,
    memo,
    confirmName,
    onMemoAdded: () => setMemo(''),
    onErased: () => setErasing(false),
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

  return (
    <div className="fd-members-page">
      <CustomerHead
        customer={c}
        memberId={id}
        gymId={gymId}
        gymName={selected?.name ?? ''}
        canChange={canChange}
        isRepresentative={isRepresentative}
        hasCheckIn={hasCheckIn}
        onEdit={() => setEditing(true)}
        onRemove={() =>
          modal.confirm({
            title: translate('customers.detail.removeTitle', { name: c.name }),
            content: translate('customers.detail.removeHelp'),
            okText: translate('customers.detail.remove'),
            okButtonProps: { danger: true },
            cancelText: translate('buttons.cancel'),
            onOk: () => remove.mutateAsync(),
          })
        }
        onErase={() => setErasing(true)}
      />
      {removed && (
        <Alert
          type="warning"
          showIcon
          message={translate(c.erased ? 'customers.detail.isErased' : 'customers.detail.isRemoved')}
        />
      )}
      <CustomerProfile
        gymId={gymId}
        customer={c}
        canChange={canChange && !removed}
        uploading={uploadPhoto.isPending}
        onPhoto={(file) => uploadPhoto.mutate(file)}
        onSaved={refresh}
      />
      <CustomerPasses
        gymId={gymId}
        memberId={id}
        customer={{ name: c.name, phone: c.phone }}
        canChange={canChange}
        removed={removed}
      />
      <UsageCard gymId={gymId} memberId={id} usage={usage} />
      <MarketingConsentCard gymId={gymId} memberId={id} canChange={canChange && !removed} />
      <MemosCard
        memos={memos}
        canAdd={canChange && !removed}
        memo={memo}
        adding={addMemo.isPending}
        onMemo={setMemo}
        onAdd={() => addMemo.mutate()}
      />
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
      <EraseModal
        open={erasing}
        name={c.name}
        confirmName={confirmName}
        pending={erase.isPending}
        onConfirmName={setConfirmName}
        onCancel={() => setErasing(false)}
        onErase={() => erase.mutate()}
      />
    </div>
  );
}
