import { useTranslate } from '@refinedev/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  Form,
  Input,
  Modal,
  Result,
  Row,
  Skeleton,
  Typography,
} from 'antd';
import { useEffect, useId, useMemo, useState } from 'react';
import { customerListRoute } from '#domain/api/customer.ts';
import { checkoutCreateRoute, deskCatalogRoute, deskPromotionUsageRoute } from '#domain/api/sales.ts';
import { hasRight } from '#domain/permissions.ts';
import type { CheckoutResult, DeskCatalog } from '#domain/schemas/desk.ts';
import type { SaleValues } from '#src/components/sale/sale-drawer.tsx';
import { leaveUnpaidOf, paymentsOf, submitLabel } from '#src/components/sale/sale-model.ts';
import { SalePayment } from '#src/components/sale/sale-payment.tsx';
import { useFacility } from '#src/facility/facility-context.tsx';
import { reasonOf } from '#src/providers/http-error.ts';
import { api } from '#src/providers/instances.ts';
import { useSessionMember } from '#src/session/session-context.tsx';
import { PlainSelect } from '../../forms/plain-select.tsx';
import { DeskAddBar, DeskCartLine, DiscountReason, lineName } from './desk-cart.tsx';
import { type CartLine, checkoutBodyOf, deskTotals, needsReason } from './desk-model.ts';
import { DeskResult, deskKeys } from './desk-result.tsx';
import { errorText, useRefreshLedger, useWon } from './ledger-shared.tsx';
import './desk.css';

// `/pay/payment`, the payment desk (docs/rules.md#the-desk): pick a customer, add passes, products and locker
// rentals, apply promotions and manual discounts (with a reason), see the total live from the same rule the
// server uses, split it across card, cash and transfer leaving the rest owed, confirm, then print the slip and
// issue the cash receipt the sale calls for. Read-only without payHistorySettingYn.

/** The value after `delay` ms without change (the customer search asks once the typing pauses). */
const useDebounced = <T,>(value: T, delay = 300): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
};

/** The customer picker's choices: the first 20 customers, or those matching `q`. */
const candidatesQuery = (gymId: number, q: string) => ({
  queryKey: ['desk', 'customers', gymId, q],
  queryFn: () =>
    api.call(customerListRoute, {
      query: { gymId, segment: 'all', days: 7, ...(q ? { q } : {}), _start: 0, _end: 20 },
    }),
  staleTime: 30_000,
});

export function DeskPage() {
  const translate = useTranslate();
  const { selected, rights } = useFacility();
  const gymId = selected?.id ?? 0;
  const canSell = Boolean(rights && hasRight(rights, 'payHistorySettingYn'));
  const catalog = useQuery({
    queryKey: deskKeys.catalog(gymId),
    queryFn: () => api.call(deskCatalogRoute, { params: { gymId } }),
    enabled: gymId > 0,
  });
  // The picker's first choices load beside the catalogue, not once the desk below has rendered with it.
  useQuery({ ...candidatesQuery(gymId, ''), enabled: gymId > 0 });

  return (
    <div className="fd-desk-page">
      <Typography.Title level={1} className="fd-page-title">
        {translate('sales.desk.title')}
      </Typography.Title>
      {!canSell && gymId > 0 && <Alert type="info" showIcon message={translate('sales.desk.readOnly')} />}
      {catalog.isLoading || gymId === 0 ? (
        <Skeleton active />
      ) : catalog.isError || !catalog.data ? (
        <Result
          status="warning"
          title={translate('sales.desk.loadFailed')}
          subTitle={errorText(catalog.error, translate)}
          extra={<Button onClick={() => void catalog.refetch()}>{translate('sales.desk.retry')}</Button>}
        />
      ) : (
        <Desk gymId={gymId} catalog={catalog.data} canSell={canSell} />
      )}
    </div>
  );
}

function Desk({ gymId, catalog, canSell }: { gymId: number; catalog: DeskCatalog; canSell: boolean }) {
  const me = useSessionMember();
  // Each sale starts from scratch (a new form, an empty cart); the seller stays for the next one.
  const [round, setRound] = useState(0);
  const [seller, setSeller] = useState<number | undefined>(me?.id);
  return (
    <DeskSale
      key={round}
      gymId={gymId}
      catalog={catalog}
      canSell={canSell}
      seller={seller}
      onSold={setSeller}
      onNewSale={() => setRound((n) => n + 1)}
    />
  );
}

type PayValues = SaleValues & { note?: string };

function DeskSale({
  gymId,
  catalog,
  canSell,
  seller,
  onSold,
  onNewSale,
}: {
  gymId: number;
  catalog: DeskCatalog;
  canSell: boolean;
  seller: number | undefined;
  onSold: (seller: number | undefined) => void;
  onNewSale: () => void;
}) {
  const translate = useTranslate();
  const won = useWon();
  const me = useSessionMember();
  const client = useQueryClient();
  const refreshLedger = useRefreshLedger();
  const customerId = useId();
  const [payForm] = Form.useForm<PayValues>();
  const [memberId, setMemberId] = useState<number | undefined>();
  const [memberLabel, setMemberLabel] = useState('');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const [cart, setCart] = useState<CartLine[]>([]);
  const [allowOverlap, setAllowOverlap] = useState(false);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<CheckoutResult | null>(null);
  const locked = !canSell;

  const candidates = useQuery(candidatesQuery(gymId, q));
  const usageQuery = useQuery({
    queryKey: deskKeys.usage(gymId, memberId ?? 0),
    queryFn: () =>
      api.call(deskPromotionUsageRoute, { params: { gymId }, query: { memberId: memberId ?? 0 } }),
    enabled: memberId !== undefined,
  });
  const usage = useMemo(
    () => Object.fromEntries((usageQuery.data ?? []).map((u) => [u.promotionId, u.used])),
    [usageQuery.data],
  );

  // docs/rules.md#leave-unpaid: the payment part is every sale's (src/components/sale/sale-payment.tsx): the first
  // line follows the total until someone types an amount, and a balance is left only when ticked for it.
  const lines = Form.useWatch('payments', payForm);
  const totals = deskTotals(catalog, cart, usage, lines);
  const subtotal = totals.lines.reduce((n, l) => n + l.listPrice, 0);
  const discounts = totals.lines.reduce((n, l) => n + l.promotionDiscount + l.manualDiscount, 0);
  const reasonMissing = needsReason(cart) && !reason.trim();
  const refused = totals.lines.some((l) => l.refusal);
  const ready = memberId !== undefined && cart.length > 0 && !totals.aboveTotal && !refused && !reasonMissing;

  const sell = useMutation({
    meta: { silent: true },
    mutationFn: (values: PayValues) =>
      api.call(checkoutCreateRoute, {
        body: checkoutBodyOf({
          gymId,
          memberId: memberId ?? 0,
          cart,
          rows: values.payments,
          discountReason: reason,
          soldByMemberId: values.soldByMemberId ?? null,
          note: values.note ?? '',
          leaveUnpaid: leaveUnpaidOf(totals.owed, values.leaveUnpaid).leaveUnpaid,
          allowOverlap,
        }),
      }),
    onSuccess: (done, values) => {
      setConfirming(false);
      setResult(done);
      onSold(values.soldByMemberId);
      void client.invalidateQueries({ queryKey: deskKeys.all });
      refreshLedger();
    },
  });

  if (result)
    return <DeskResult gymId={gymId} result={result} canSell={canSell} onNewSale={onNewSale} won={won} />;

  const customers = candidates.data ?? [];
  const options = customers.map((c) => ({ value: c.id, label: `${c.name} (${c.phone})` }));
  if (memberId !== undefined && !options.some((o) => o.value === memberId))
    options.unshift({ value: memberId, label: memberLabel });
  const chosen = customers.find((c) => c.id === memberId);
  const staff = catalog.staff.map((s) => ({ value: s.memberId, label: s.name }));
  if (me && !staff.some((s) => s.value === me.id)) staff.unshift({ value: me.id, label: me.name });

  return (
    <Row gutter={[16, 16]} className="fd-desk">
      <Col xs={24} lg={14} className="fd-desk-col">
        <Card size="small" title={translate('sales.desk.customer.title')}>
          <div className="fd-desk-field">
            <label htmlFor={customerId}>
              {translate('sales.desk.customer.label')} <span aria-hidden="true">*</span>
            </label>
            <PlainSelect<number>
              id={customerId}
              showSearch
              allowClear
              className="fd-desk-customer"
              placeholder={translate('sales.desk.customer.search')}
              filterOption={false}
              onSearch={setSearch}
              loading={candidates.isFetching}
              disabled={locked}
              notFoundContent={candidates.isFetching ? undefined : translate('sales.desk.customer.none')}
              options={options}
              value={memberId}
              status={tried && memberId === undefined ? 'error' : undefined}
              onChange={(id) => {
                setMemberId(id);
                setMemberLabel(options.find((o) => o.value === id)?.label ?? '');
                // Promotions chosen for another customer are re-checked against this one's uses.
                setCart((lines) => lines.map((l) => (l.type === 'LOCKER' ? l : { ...l, promotionId: null })));
              }}
            />
            {tried && memberId === undefined && (
              <Typography.Text type="danger">{translate('sales.desk.customer.required')}</Typography.Text>
            )}
            {chosen && chosen.unpaidAmount > 0 && (
              <Typography.Text className="fd-desk-warn">
                {translate('sales.desk.customer.unpaid', { amount: won(chosen.unpaidAmount) })}
              </Typography.Text>
            )}
          </div>
        </Card>
        <Card size="small" title={translate('sales.desk.items.title')}>
          <DeskAddBar
            catalog={catalog}
            cart={cart}
            disabled={locked}
            won={won}
            onAdd={(line) => setCart((lines) => [...lines, line])}
          />
          {cart.length === 0 ? (
            <Typography.Paragraph type={tried ? 'danger' : 'secondary'} className="fd-desk-empty">
              {translate('sales.desk.items.empty')}
            </Typography.Paragraph>
          ) : (
            <ul className="fd-desk-lines" aria-label={translate('sales.desk.items.title')}>
              {cart.map((line, i) => (
                <DeskCartLine
                  key={line.key}
                  catalog={catalog}
                  cart={cart}
                  line={line}
                  quote={totals.lines[i]}
                  usage={usage}
                  disabled={locked}
                  won={won}
                  onChange={(next) => setCart((lines) => lines.map((l) => (l.key === next.key ? next : l)))}
                  onRemove={() => setCart((lines) => lines.filter((l) => l.key !== line.key))}
                />
              ))}
            </ul>
          )}
          {needsReason(cart) && (
            <DiscountReason value={reason} onChange={setReason} showError={tried} disabled={locked} />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={10} className="fd-desk-col">
        <Card size="small" title={translate('sales.desk.payment.title')} className="fd-desk-pay">
          <Form<PayValues>
            form={payForm}
            layout="vertical"
            disabled={locked}
            initialValues={{ payments: [{ method: 'CARD' }], soldByMemberId: seller }}
            // The unpaid choice is checked by the form; the customer, the items and the reason by `ready`.
            onFinish={() => ready && setConfirming(true)}
          >
            <SalePayment
              total={totals.total}
              summary={[
                { label: translate('sales.desk.payment.subtotal'), amount: subtotal },
                ...(discounts > 0
                  ? [{ label: translate('sales.desk.payment.discounts'), amount: -discounts }]
                  : []),
              ]}
              seller={staff}
            />
            <Form.Item name="note" label={translate('sales.desk.payment.note')} className="fd-desk-note">
              <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 4 }} />
            </Form.Item>
            {tried && cart.length === 0 && (
              <Typography.Text type="danger">{translate('sales.desk.payment.nothing')}</Typography.Text>
            )}
            <Button
              type="primary"
              size="large"
              block
              htmlType="submit"
              disabled={locked || totals.aboveTotal || refused}
              onClick={() => setTried(true)}
            >
              {submitLabel(translate('sales.desk.payment.confirm'), totals.total, won)}
            </Button>
          </Form>
        </Card>
      </Col>
      <Modal
        open={confirming}
        title={translate('sales.desk.confirm.title')}
        okText={translate('sales.desk.confirm.ok')}
        cancelText={translate('buttons.cancel')}
        confirmLoading={sell.isPending}
        onOk={() => sell.mutate(payForm.getFieldsValue(true) as PayValues)}
        onCancel={() => {
          setConfirming(false);
          sell.reset();
        }}
        destroyOnHidden
      >
        {sell.isError && (
          <Alert
            type="error"
            role="alert"
            showIcon
            message={translate('sales.desk.confirm.failed')}
            description={
              <>
                {errorText(sell.error, translate)}
                {reasonOf(sell.error) === 'passOverlap' && (
                  <div>
                    <Checkbox checked={allowOverlap} onChange={(e) => setAllowOverlap(e.target.checked)}>
                      {translate('passes.sell.overlapChoice')}
                    </Checkbox>
                  </div>
                )}
              </>
            }
          />
        )}
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={translate('sales.desk.confirm.customer')}>
            {memberLabel}
          </Descriptions.Item>
          {cart.map((line, i) => (
            <Descriptions.Item key={line.key} label={lineName(catalog, line, translate)}>
              {won(totals.lines[i]?.price ?? 0)}
              {line.type === 'PRODUCT' && line.quantity > 1 ? ` (× ${line.quantity})` : ''}
            </Descriptions.Item>
          ))}
          <Descriptions.Item label={translate('sales.desk.payment.total')}>
            {won(totals.total)}
          </Descriptions.Item>
          {paymentsOf(lines).map((r, i) => (
            <Descriptions.Item
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines paid, in their order.
              key={i}
              label={`${translate(`sales.history.methods.${r.method}`)} ${i + 1}`}
            >
              {won(r.amount)}
            </Descriptions.Item>
          ))}
          <Descriptions.Item label={translate('sales.desk.payment.owed')}>
            {won(totals.owed)}
          </Descriptions.Item>
        </Descriptions>
        {totals.owed > 0 && (
          <Alert
            type="warning"
            showIcon
            className="fd-desk-confirm-owed"
            message={translate('sales.desk.confirm.owed', { amount: won(totals.owed) })}
          />
        )}
      </Modal>
    </Row>
  );
}
