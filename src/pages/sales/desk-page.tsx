import { useTranslate } from '@refinedev/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
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
import { useFacility } from '#src/facility/facility-context.tsx';
import { reasonOf } from '#src/providers/http-error.ts';
import { api } from '#src/providers/instances.ts';
import { useSessionMember } from '#src/session/session-context.tsx';
import { PlainSelect } from '../../forms/plain-select.tsx';
import { UnpaidCheckbox } from '../members/unpaid-choice.tsx';
import { DeskAddBar, DeskCartLine, DiscountReason, lineName } from './desk-cart.tsx';
import {
  type CartLine,
  checkoutBodyOf,
  deskTotals,
  needsReason,
  nextKey,
  type PaymentRow,
} from './desk-model.ts';
import { DeskNote, DeskPaymentNotices, DeskPaymentRows, DeskTotals, type Figures } from './desk-payment.tsx';
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

const firstRow = (): PaymentRow[] => [{ key: nextKey(), method: 'CARD', amount: null }];

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
  const translate = useTranslate();
  const won = useWon();
  const me = useSessionMember();
  const client = useQueryClient();
  const refreshLedger = useRefreshLedger();
  const customerId = useId();
  const sellerId = useId();
  const [memberId, setMemberId] = useState<number | undefined>();
  const [memberLabel, setMemberLabel] = useState('');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const [cart, setCart] = useState<CartLine[]>([]);
  const [rows, setRows] = useState<PaymentRow[]>(firstRow);
  // docs/rules.md#leave-unpaid: the first payment row follows the total until someone types an amount; a balance
  // is left only when ticked for the amount shown.
  const [amountTyped, setAmountTyped] = useState(false);
  const [leaveChosen, setLeaveChosen] = useState<number | null>(null);
  const [allowOverlap, setAllowOverlap] = useState(false);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [soldBy, setSoldBy] = useState<number | null>(me?.id ?? null);
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<CheckoutResult | null>(null);
  const locked = !canSell;

  const candidates = useQuery({
    queryKey: ['desk', 'customers', gymId, q],
    queryFn: () =>
      api.call(customerListRoute, {
        query: { gymId, segment: 'all', days: 7, ...(q ? { q } : {}), _start: 0, _end: 20 },
      }),
    staleTime: 30_000,
  });
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

  const totals = deskTotals(catalog, cart, usage, rows);
  const figures: Figures = {
    ...totals,
    subtotal: totals.lines.reduce((n, l) => n + l.listPrice, 0),
    discounts: totals.lines.reduce((n, l) => n + l.promotionDiscount + l.manualDiscount, 0),
  };
  const reasonMissing = needsReason(cart) && !reason.trim();
  const refused = totals.lines.some((l) => l.refusal);
  const unpaidUnchosen = figures.owed > 0 && leaveChosen !== figures.owed;
  const ready =
    memberId !== undefined &&
    cart.length > 0 &&
    !figures.aboveTotal &&
    !refused &&
    !reasonMissing &&
    !unpaidUnchosen;
  const total = figures.total;
  useEffect(() => {
    if (amountTyped) return;
    setRows((current) => {
      const [first, ...rest] = current;
      if (!first || first.amount === (total || null)) return current;
      return [{ ...first, amount: total || null }, ...rest];
    });
  }, [total, amountTyped]);
  const changeRows = (next: PaymentRow[]) => {
    const amounts = (list: readonly PaymentRow[]) => list.map((r) => r.amount ?? 0).join(',');
    if (amounts(next) !== amounts(rows)) setAmountTyped(true);
    setRows(next);
  };

  const sell = useMutation({
    meta: { silent: true },
    mutationFn: () =>
      api.call(checkoutCreateRoute, {
        body: checkoutBodyOf({
          gymId,
          memberId: memberId ?? 0,
          cart,
          rows,
          discountReason: reason,
          soldByMemberId: soldBy,
          note,
          leaveUnpaid: figures.owed > 0 && leaveChosen === figures.owed ? figures.owed : undefined,
          allowOverlap,
        }),
      }),
    onSuccess: (done) => {
      setConfirming(false);
      setResult(done);
      void client.invalidateQueries({ queryKey: deskKeys.all });
      refreshLedger();
    },
  });

  const reset = () => {
    setResult(null);
    setMemberId(undefined);
    setMemberLabel('');
    setCart([]);
    setRows(firstRow());
    setAmountTyped(false);
    setLeaveChosen(null);
    setAllowOverlap(false);
    setReason('');
    setNote('');
    setTried(false);
    sell.reset();
  };

  if (result)
    return <DeskResult gymId={gymId} result={result} canSell={canSell} onNewSale={reset} won={won} />;

  const customers = candidates.data ?? [];
  const options = customers.map((c) => ({ value: c.id, label: `${c.name} (${c.phone})` }));
  if (memberId !== undefined && !options.some((o) => o.value === memberId))
    options.unshift({ value: memberId, label: memberLabel });
  const chosen = customers.find((c) => c.id === memberId);
  const staff = catalog.staff.map((s) => ({ value: s.memberId, label: s.name }));
  if (me && !staff.some((s) => s.value === me.id)) staff.unshift({ value: me.id, label: me.name });

  const confirm = () => {
    setTried(true);
    if (ready) setConfirming(true);
  };

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
          <DeskTotals figures={figures} won={won} />
          <DeskPaymentRows
            rows={rows}
            onChange={changeRows}
            owed={figures.owed}
            disabled={locked}
            won={won}
          />
          <DeskPaymentNotices figures={figures} won={won} />
          {!figures.aboveTotal && (
            <div className="fd-desk-field">
              <UnpaidCheckbox
                owed={figures.owed}
                chosen={leaveChosen}
                onChange={setLeaveChosen}
                won={won}
                disabled={locked}
              />
              {tried && unpaidUnchosen && (
                <Typography.Text type="danger" role="alert">
                  {translate('passes.sell.unpaidNotChosen', { amount: won(figures.owed) })}
                </Typography.Text>
              )}
            </div>
          )}
          <div className="fd-desk-field">
            <label htmlFor={sellerId}>{translate('sales.desk.payment.soldBy')}</label>
            <PlainSelect<number>
              id={sellerId}
              allowClear
              disabled={locked}
              value={soldBy ?? undefined}
              onChange={(v) => setSoldBy(v ?? null)}
              options={staff}
            />
          </div>
          <DeskNote value={note} onChange={setNote} disabled={locked} />
          {tried && cart.length === 0 && (
            <Typography.Text type="danger">{translate('sales.desk.payment.nothing')}</Typography.Text>
          )}
          <Button
            type="primary"
            size="large"
            block
            disabled={locked || figures.aboveTotal || refused}
            onClick={confirm}
          >
            {translate('sales.desk.payment.confirm')}
            {figures.total > 0 ? ` · ${won(figures.total)}` : ''}
          </Button>
        </Card>
      </Col>
      <Modal
        open={confirming}
        title={translate('sales.desk.confirm.title')}
        okText={translate('sales.desk.confirm.ok')}
        cancelText={translate('buttons.cancel')}
        confirmLoading={sell.isPending}
        onOk={() => sell.mutate()}
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
            {won(figures.total)}
          </Descriptions.Item>
          {rows
            .filter((r) => (r.amount ?? 0) > 0)
            .map((r, i) => (
              <Descriptions.Item
                key={r.key}
                label={`${translate(`sales.history.methods.${r.method}`)} ${i + 1}`}
              >
                {won(r.amount ?? 0)}
              </Descriptions.Item>
            ))}
          <Descriptions.Item label={translate('sales.desk.payment.owed')}>
            {won(figures.owed)}
          </Descriptions.Item>
        </Descriptions>
        {figures.owed > 0 && (
          <Alert
            type="warning"
            showIcon
            className="fd-desk-confirm-owed"
            message={translate('sales.desk.confirm.owed', { amount: won(figures.owed) })}
          />
        )}
      </Modal>
    </Row>
  );
}
