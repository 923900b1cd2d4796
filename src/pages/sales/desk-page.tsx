import { useTranslate } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, Form, Result, Row, Skeleton, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { checkoutCreateRoute, deskCatalogRoute, deskPromotionUsageRoute } from '#domain/api/sales.ts';
import { hasRight } from '#domain/permissions.ts';
import type { CheckoutResult, DeskCatalog } from '#domain/schemas/desk.ts';
import { leaveUnpaidOf } from '#src/components/sale/sale-model.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { useContract, useContractMutation } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { useSessionMember } from '#src/session/session-context.tsx';
import { deskKeys, useDeskCandidates } from './desk-api.ts';
import { type CartLine, checkoutBodyOf, deskTotals, needsReason } from './desk-model.ts';
import { DeskResult } from './desk-result.tsx';
import {
  DeskConfirmModal,
  DeskCustomerCard,
  DeskItemsCard,
  DeskPayCard,
  type PayValues,
} from './desk-sale-parts.tsx';
import { useRefreshLedger, useWon } from './ledger-shared.tsx';
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

export function DeskPage() {
  const translate = useTranslate();
  const { selected, rights } = useFacility();
  const gymId = selected?.id ?? 0;
  const canSell = Boolean(rights && hasRight(rights, 'payHistorySettingYn'));
  const catalog = useContract(
    deskCatalogRoute,
    { params: { gymId } },
    { queryKey: deskKeys.catalog(gymId), enabled: gymId > 0 },
  );
  // The picker's first choices load beside the catalogue, not once the desk below has rendered with it.
  useDeskCandidates(gymId, '', gymId > 0);

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

/** The picker's customers; the chosen one stays listed after the search moves on. */
const customerOptions = (
  customers: readonly { id: number; name: string; phone: string }[],
  memberId: number | undefined,
  memberLabel: string,
) => {
  const options = customers.map((c) => ({ value: c.id, label: `${c.name} (${c.phone})` }));
  if (memberId !== undefined && !options.some((o) => o.value === memberId))
    options.unshift({ value: memberId, label: memberLabel });
  return options;
};

/** A customer, items the server would take, and the manual discounts' reason: the sale may be confirmed. */
const readyToSell = (
  memberId: number | undefined,
  cart: CartLine[],
  totals: ReturnType<typeof deskTotals>,
  reason: string,
) => {
  const reasonMissing = needsReason(cart) && !reason.trim();
  const refused = totals.lines.some((l) => l.refusal);
  return memberId !== undefined && cart.length > 0 && !totals.aboveTotal && !refused && !reasonMissing;
};

/** How often the customer used each promotion, for the per-customer limits. */
const usePromotionUsage = (gymId: number, memberId: number | undefined) => {
  const usageQuery = useContract(
    deskPromotionUsageRoute,
    { params: { gymId }, query: { memberId: memberId ?? 0 } },
    { queryKey: deskKeys.usage(gymId, memberId ?? 0), enabled: memberId !== undefined },
  );
  return useMemo(
    () => Object.fromEntries((usageQuery.data ?? []).map((u) => [u.promotionId, u.used])),
    [usageQuery.data],
  );
};

/** Who may be named the seller: the facility's staff, and the signed-in member if not among them. */
const sellerOptions = (catalog: DeskCatalog, me: { id: number; name: string } | null) => {
  const staff = catalog.staff.map((s) => ({ value: s.memberId, label: s.name }));
  if (me && !staff.some((s) => s.value === me.id)) staff.unshift({ value: me.id, label: me.name });
  return staff;
};

/** The sale's customer: the search, the picker's choices and the one chosen (with its label kept). */
const useDeskCustomer = (gymId: number) => {
  const [memberId, setMemberId] = useState<number | undefined>();
  const [memberLabel, setMemberLabel] = useState('');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const candidates = useDeskCandidates(gymId, q);
  const customers = candidates.data ?? [];
  const options = customerOptions(customers, memberId, memberLabel);
  const pick = (id: number | undefined) => {
    setMemberId(id);
    setMemberLabel(options.find((o) => o.value === id)?.label ?? '');
  };
  return {
    memberId,
    memberLabel,
    setSearch,
    options,
    chosen: customers.find((c) => c.id === memberId),
    loading: candidates.isFetching,
    pick,
  };
};

/** The checkout: the cart and the payment lines as one body; then the desk's reads and the ledgers read again. */
const useDeskCheckout = ({
  gymId,
  memberId,
  cart,
  reason,
  allowOverlap,
  owed,
  onDone,
}: {
  gymId: number;
  memberId: number | undefined;
  cart: CartLine[];
  reason: string;
  allowOverlap: boolean;
  owed: number;
  onDone: (done: CheckoutResult, values: PayValues) => void;
}) => {
  const client = useQueryClient();
  const refreshLedger = useRefreshLedger();
  return useContractMutation(checkoutCreateRoute, {
    meta: { silent: true },
    input: (values: PayValues) => ({
      body: checkoutBodyOf({
        gymId,
        memberId: memberId ?? 0,
        cart,
        rows: values.payments,
        discountReason: reason,
        soldByMemberId: values.soldByMemberId ?? null,
        note: values.note ?? '',
        leaveUnpaid: leaveUnpaidOf(owed, values.leaveUnpaid).leaveUnpaid,
        allowOverlap,
      }),
    }),
    onSuccess: (done, values) => {
      onDone(done, values);
      void client.invalidateQueries({ queryKey: deskKeys.all });
      refreshLedger();
    },
  });
};

type DeskSaleProps = {
  gymId: number;
  catalog: DeskCatalog;
  canSell: boolean;
  seller: number | undefined;
  onSold: (seller: number | undefined) => void;
  onNewSale: () => void;
};

/** One sale at the desk: the customer, the cart, the payment and its confirmation, then the result. */
function DeskSale({ gymId, catalog, canSell, seller, onSold, onNewSale }: DeskSaleProps) {
  const won = useWon();
  const me = useSessionMember();
  const [payForm] = Form.useForm<PayValues>();
  const customer = useDeskCustomer(gymId);
  const { memberId, memberLabel } = customer;
  const [cart, setCart] = useState<CartLine[]>([]);
  const [allowOverlap, setAllowOverlap] = useState(false);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<CheckoutResult | null>(null);
  const locked = !canSell;

  const usage = usePromotionUsage(gymId, memberId);

  // docs/rules.md#leave-unpaid: the payment part is every sale's (src/components/sale/sale-payment.tsx): the first
  // line follows the total until someone types an amount, and a balance is left only when ticked for it.
  const lines = Form.useWatch('payments', payForm);
  const totals = deskTotals(catalog, cart, usage, lines);
  const ready = readyToSell(memberId, cart, totals, reason);

  const handleSold = (done: CheckoutResult, values: PayValues) => {
    setConfirming(false);
    setResult(done);
    onSold(values.soldByMemberId);
  };
  const sell = useDeskCheckout({
    gymId,
    memberId,
    cart,
    reason,
    allowOverlap,
    owed: totals.owed,
    onDone: handleSold,
  });

  if (result)
    return <DeskResult gymId={gymId} result={result} canSell={canSell} onNewSale={onNewSale} won={won} />;

  const staff = sellerOptions(catalog, me);

  return (
    <Row gutter={[16, 16]} className="fd-desk">
      <Col xs={24} lg={14} className="fd-desk-col">
        <DeskCustomerCard
          options={customer.options}
          memberId={memberId}
          loading={customer.loading}
          locked={locked}
          tried={tried}
          unpaidAmount={customer.chosen?.unpaidAmount}
          won={won}
          onSearch={customer.setSearch}
          onChange={(id) => {
            customer.pick(id);
            // Promotions chosen for another customer are re-checked against this one's uses.
            setCart((lines) => lines.map((l) => (l.type === 'LOCKER' ? l : { ...l, promotionId: null })));
          }}
        />
        <DeskItemsCard
          catalog={catalog}
          cart={cart}
          totals={totals}
          usage={usage}
          locked={locked}
          tried={tried}
          reason={reason}
          won={won}
          onCart={setCart}
          onReason={setReason}
        />
      </Col>
      <Col xs={24} lg={10} className="fd-desk-col">
        <DeskPayCard
          form={payForm}
          seller={seller}
          staff={staff}
          totals={totals}
          cartEmpty={cart.length === 0}
          locked={locked}
          tried={tried}
          ready={ready}
          won={won}
          onConfirm={() => setConfirming(true)}
          onTry={() => setTried(true)}
        />
      </Col>
      <DeskConfirmModal
        open={confirming}
        sell={sell}
        allowOverlap={allowOverlap}
        memberLabel={memberLabel}
        catalog={catalog}
        cart={cart}
        totals={totals}
        lines={lines}
        won={won}
        onAllowOverlap={setAllowOverlap}
        onOk={() => sell.mutate(payForm.getFieldsValue(true) as PayValues)}
        onCancel={() => {
          setConfirming(false);
          sell.reset();
        }}
      />
    </Row>
  );
}
