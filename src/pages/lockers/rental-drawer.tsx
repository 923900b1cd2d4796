import { ArrowLeftOutlined, LogoutOutlined, SwapOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Descriptions,
  Divider,
  Drawer,
  Form,
  Grid,
  Input,
  Result,
  Skeleton,
  Space,
  Tag,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  lockerEndRoute,
  lockerMoveRoute,
  lockerRenewRoute,
  lockerRentalGetRoute,
} from '#domain/api/locker.ts';
import { paymentMethods } from '#domain/enums.ts';
import { renewalStart } from '#domain/rules/locker.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { LockerRental, LockerTile } from '#domain/schemas/locker.ts';
import { SaleDrawer } from '#src/components/sale/sale-drawer.tsx';
import { RadioChoices } from '#src/forms/choice-groups.tsx';
import { errorText } from '#src/kit/error-text.ts';
import { showFieldErrors } from '#src/kit/form-errors.ts';
import { api } from '#src/providers/instances.ts';
import { PlainSelect } from '../../forms/plain-select.tsx';
import { formatWon } from '../customers/money.ts';
import { lockerKeys } from './locker-api.ts';
import { dotDate, monthLater } from './locker-model.ts';
import { STATE_ICON } from './locker-tile.tsx';
import { DATE_FORMAT, DateInput, WonInput } from './rent-fields.tsx';

type Mode = 'view' | 'renew' | 'move' | 'end';

/** A state's tag colours: dark text on the light preset backgrounds (WCAG AA), with the state's icon. */
const STATE_TAG: Record<LockerRental['state'], { color: string; text: string }> = {
  FREE: { color: 'green', text: '#135200' },
  IN_USE: { color: 'blue', text: '#003eb3' },
  EXPIRING: { color: 'orange', text: '#873800' },
  EXPIRED: { color: 'red', text: '#a8071a' },
  BROKEN: { color: 'default', text: '#262626' },
};

export function StateTag({ state }: { state: LockerRental['state'] }) {
  const translate = useTranslate();
  const tag = STATE_TAG[state];
  return (
    <Tag color={tag.color} style={{ color: tag.text }} icon={STATE_ICON[state]}>
      {translate(`lockers.state.${state}`)}
    </Tag>
  );
}

/**
 * One rental: the customer, the dates, the money, the key and the (masked) combination; for staff who may change
 * lockers, renewing, moving to a free locker and ending it (the key back and the deposit refunded or kept).
 */
export function RentalDrawer({
  gymId,
  rentalId,
  canChange,
  canSell,
  freeLockers,
  onClose,
  onChanged,
}: {
  gymId: number;
  rentalId: number;
  canChange: boolean;
  /** Renew and end move money (the fee, the deposit back): the payment right as well. */
  canSell: boolean;
  freeLockers: readonly LockerTile[];
  onClose: () => void;
  /** After a change: the rental now shown (a renewal or a move continues as a new rental row). */
  onChanged: (rental: LockerRental) => void;
}) {
  const translate = useTranslate();
  const screens = Grid.useBreakpoint();
  const [mode, setMode] = useState<Mode>('view');
  const rental = useQuery({
    queryKey: lockerKeys.rental(gymId, rentalId),
    queryFn: () => api.call(lockerRentalGetRoute, { params: { id: rentalId }, query: { gymId } }),
    enabled: gymId > 0,
    retry: false,
    meta: { silent: true },
  });
  const r = rental.data;
  const changed = (next: LockerRental) => {
    setMode('view');
    onChanged(next);
  };

  return (
    <Drawer
      open
      onClose={onClose}
      width={screens.md ? 520 : '100%'}
      rootClassName="fd-locker-overlay"
      title={
        r ? translate('lockers.rental.title', { label: r.lockerLabel }) : translate('lockers.rental.loading')
      }
      destroyOnHidden
    >
      {rental.isError && (
        <Result
          status="warning"
          title={translate('lockers.rental.loadFailed')}
          subTitle={errorText(rental.error, translate)}
          extra={<Button onClick={() => void rental.refetch()}>{translate('lockers.retry')}</Button>}
        />
      )}
      {!r && !rental.isError && <Skeleton active />}
      {r && (
        <>
          <RentalDetails rental={r} />
          {canChange && r.status === 'ACTIVE' && (
            <>
              <Divider />
              {(mode === 'view' || mode === 'renew') && (
                <div className="fd-locker-actions">
                  {canSell && (
                    <Button icon={<SyncOutlined aria-hidden />} onClick={() => setMode('renew')}>
                      {translate('lockers.rental.renew')}
                    </Button>
                  )}
                  <Button icon={<SwapOutlined aria-hidden />} onClick={() => setMode('move')}>
                    {translate('lockers.rental.move')}
                  </Button>
                  {canSell && (
                    <Button danger icon={<LogoutOutlined aria-hidden />} onClick={() => setMode('end')}>
                      {translate('lockers.rental.end')}
                    </Button>
                  )}
                </div>
              )}
              {mode === 'renew' && (
                <RenewDrawer gymId={gymId} rental={r} onBack={() => setMode('view')} onDone={changed} />
              )}
              {mode === 'move' && (
                <MoveForm
                  gymId={gymId}
                  rental={r}
                  freeLockers={freeLockers}
                  onBack={() => setMode('view')}
                  onDone={changed}
                />
              )}
              {mode === 'end' && (
                <EndForm gymId={gymId} rental={r} onBack={() => setMode('view')} onDone={changed} />
              )}
            </>
          )}
        </>
      )}
    </Drawer>
  );
}

function RentalDetails({ rental: r }: { rental: LockerRental }) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const won = (n: number) => formatWon(n, i18n.language);
  const notSet = translate('lockers.rental.notSet');
  return (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label={translate('lockers.rental.state')}>
        <Space size={4} wrap>
          {r.status === 'ACTIVE' ? (
            <StateTag state={r.state} />
          ) : (
            <Tag>{translate('lockers.status.ENDED')}</Tag>
          )}
          {r.endKind && <Tag>{translate(`lockers.endKind.${r.endKind}`)}</Tag>}
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label={translate('lockers.rental.customer')}>
        <Link to={`/memberManage/list/info?id=${r.memberId}`} className="fd-locker-link">
          {r.memberName}
        </Link>
        <span className="fd-locker-bank-meta">{r.phone}</span>
      </Descriptions.Item>
      <Descriptions.Item label={translate('lockers.rental.period')}>
        {dotDate(r.startDate)} – {dotDate(r.endDate)}
      </Descriptions.Item>
      <Descriptions.Item label={translate('lockers.rental.fee')}>{won(r.fee)}</Descriptions.Item>
      <Descriptions.Item label={translate('lockers.rental.deposit')}>{won(r.deposit)}</Descriptions.Item>
      <Descriptions.Item label={translate('lockers.rental.unpaid')}>
        {r.unpaidAmount > 0 ? <strong>{won(r.unpaidAmount)}</strong> : won(0)}
      </Descriptions.Item>
      <Descriptions.Item label={translate('lockers.rental.keyNumber')}>
        {r.keyNumber || notSet}
      </Descriptions.Item>
      <Descriptions.Item label={translate('lockers.rental.combination')}>
        {r.combination === null ? notSet : translate('lockers.rental.combinationHidden')}
      </Descriptions.Item>
      {r.status === 'ENDED' && r.keyReturned !== null && (
        <Descriptions.Item label={translate('lockers.rental.keyReturned')}>
          {translate(r.keyReturned ? 'lockers.rental.yes' : 'lockers.rental.no')}
        </Descriptions.Item>
      )}
      {r.status === 'ENDED' && r.depositRefunded !== null && (
        <Descriptions.Item label={translate('lockers.rental.depositRefunded')}>
          {won(r.depositRefunded)}
          {r.depositKeptReason ? ` · ${r.depositKeptReason}` : ''}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

type FormProps = {
  gymId: number;
  rental: LockerRental;
  onBack: () => void;
  onDone: (rental: LockerRental) => void;
};

function FormButtons({
  submit,
  danger,
  loading,
  disabled,
  onBack,
}: {
  submit: string;
  danger?: boolean;
  loading: boolean;
  disabled?: boolean;
  onBack: () => void;
}) {
  const translate = useTranslate();
  return (
    <Space wrap>
      <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={onBack}>
        {translate('lockers.rental.back')}
      </Button>
      <Button type="primary" danger={danger} htmlType="submit" loading={loading} disabled={disabled}>
        {submit}
      </Button>
    </Space>
  );
}

type RenewValues = { endDate: Dayjs; fee?: number };

/**
 * Renewing (docs/rules.md#lockers) in the sale drawer, over the rental: a new end (by default a month after the
 * current one) and the fee; the drawer adds its payment lines and the balance left by choice.
 */
function RenewDrawer({ gymId, rental: r, onBack, onDone }: FormProps) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const from = renewalStart(r.endDate, seoulToday(new Date()));
  const fee = (Form.useWatch('fee', form) as number | undefined) || 0;
  const endDate = Form.useWatch('endDate', form) as Dayjs | undefined;
  return (
    <SaleDrawer
      title={`${translate('lockers.rental.title', { label: r.lockerLabel })} · ${translate('lockers.renew.title')}`}
      submitText={translate('lockers.renew.submit')}
      form={form}
      rootClassName="fd-locker-overlay"
      customer={{ name: r.memberName, phone: r.phone }}
      initialValues={{ endDate: dayjs(monthLater(r.endDate)), fee: r.fee }}
      summary={[
        {
          label: `${translate('lockers.rental.fee')} · ${dotDate(from)} – ${endDate ? dotDate(endDate.format(DATE_FORMAT)) : ''}`,
          amount: fee,
        },
      ]}
      total={fee}
      submit={(values, sale) => {
        const v = values as RenewValues;
        return api.call(lockerRenewRoute, {
          params: { id: r.id },
          query: { gymId },
          body: {
            endDate: v.endDate.format(DATE_FORMAT),
            fee: v.fee ?? 0,
            payments: sale.payments,
            ...sale.leaveUnpaid,
          },
        });
      }}
      onDone={(next) => {
        message.success(translate('lockers.renew.done', { date: dotDate(next.endDate) }));
        onDone(next);
      }}
      onClose={onBack}
    >
      <Alert
        type="info"
        className="fd-locker-alert"
        message={translate('lockers.renew.from', { date: dotDate(from) })}
      />
      <div className="fd-locker-inline-fields">
        <Form.Item
          name="endDate"
          label={translate('lockers.renew.endDate')}
          rules={[
            { required: true, message: translate('validation.required') },
            {
              validator: (_, value: Dayjs | undefined) =>
                value && value.format(DATE_FORMAT) < from
                  ? Promise.reject(
                      new Error(translate('lockers.renew.endBeforeStart', { date: dotDate(from) })),
                    )
                  : Promise.resolve(),
            },
          ]}
        >
          <DateInput disabledDate={(d) => d.format(DATE_FORMAT) < from} />
        </Form.Item>
        <Form.Item
          name="fee"
          label={translate('lockers.renew.fee')}
          rules={[
            { required: true, message: translate('validation.required') },
            { type: 'integer', min: 0, message: translate('validation.notNegative') },
          ]}
        >
          <WonInput />
        </Form.Item>
      </div>
    </SaleDrawer>
  );
}

/** Moving: the same rental continues in a free locker. */
function MoveForm({
  gymId,
  rental: r,
  freeLockers,
  onBack,
  onDone,
}: FormProps & { freeLockers: readonly LockerTile[] }) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ lockerId?: number }>();
  const move = useMutation({
    meta: { silent: true },
    mutationFn: (lockerId: number) =>
      api.call(lockerMoveRoute, { params: { id: r.id }, query: { gymId }, body: { lockerId } }),
    onSuccess: (next) => {
      message.success(translate('lockers.move.done', { label: next.lockerLabel }));
      onDone(next);
    },
    onError: (error) => showFieldErrors(form, error),
  });
  const options = freeLockers
    .filter((l) => l.id !== r.lockerId)
    .map((l) => ({
      value: l.id,
      label: l.size === 'LARGE' ? `${l.label} (${translate('lockers.size.LARGE')})` : l.label,
    }));
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark
      aria-label={translate('lockers.move.title')}
      onFinish={(v) => move.mutate(v.lockerId ?? 0)}
    >
      <div className="fd-locker-subtitle">{translate('lockers.move.title')}</div>
      {move.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="fd-locker-alert"
          message={errorText(move.error, translate)}
        />
      )}
      <Form.Item
        name="lockerId"
        label={translate('lockers.move.locker')}
        rules={[{ required: true, message: translate('lockers.move.lockerRequired') }]}
      >
        <PlainSelect<number>
          showSearch
          optionFilterProp="label"
          placeholder={translate('lockers.move.placeholder')}
          notFoundContent={translate('lockers.move.noFree')}
          options={options}
        />
      </Form.Item>
      <FormButtons submit={translate('lockers.move.submit')} loading={move.isPending} onBack={onBack} />
    </Form>
  );
}

type EndValues = {
  keyReturned: boolean;
  depositRefunded?: number;
  depositKeptReason?: string;
  refundMethod: 'CARD' | 'CASH' | 'TRANSFER';
};

/**
 * Ending (docs/rules.md#lockers): the key back, and the deposit paid offered back in full by the method it was paid
 * with (0 up to what was paid; a reason only when some of it is kept), after a confirmation. A deposit never paid is
 * dropped from what is owed by the server.
 */
function EndForm({ gymId, rental: r, onBack, onDone }: FormProps) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<EndValues>();
  const won = (n: number) => formatWon(n, i18n.language);
  // What of the deposit was paid (the fee is paid first): the most that goes back.
  const paid = r.depositPaid ?? 0;
  const refunded = Form.useWatch('depositRefunded', form) ?? paid;
  const keeps = typeof refunded === 'number' && refunded < paid;
  const end = useMutation({
    meta: { silent: true },
    mutationFn: (v: EndValues) =>
      api.call(lockerEndRoute, {
        params: { id: r.id },
        query: { gymId },
        body: {
          keyReturned: v.keyReturned,
          depositRefunded: v.depositRefunded ?? 0,
          depositKeptReason: (v.depositRefunded ?? 0) < paid ? v.depositKeptReason?.trim() || null : null,
          refundMethod: v.refundMethod,
        },
      }),
    onSuccess: (next) => {
      message.success(translate('lockers.end.done', { label: next.lockerLabel }));
      onDone(next);
    },
    onError: (error) => showFieldErrors(form, error),
  });
  const confirm = (v: EndValues) =>
    modal.confirm({
      title: translate('lockers.end.confirmTitle', { label: r.lockerLabel }),
      content: translate('lockers.end.confirmText', { name: r.memberName }),
      okText: translate('lockers.end.confirmOk'),
      okButtonProps: { danger: true },
      cancelText: translate('lockers.rental.back'),
      onOk: () => end.mutateAsync(v).catch(() => undefined),
    });
  return (
    <Form<EndValues>
      form={form}
      layout="vertical"
      requiredMark
      aria-label={translate('lockers.end.title')}
      initialValues={{
        keyReturned: true,
        depositRefunded: paid,
        refundMethod: r.depositRefundMethod ?? 'CASH',
      }}
      onFinish={confirm}
    >
      <div className="fd-locker-subtitle">{translate('lockers.end.title')}</div>
      {end.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="fd-locker-alert"
          message={errorText(end.error, translate)}
        />
      )}
      <Form.Item name="keyReturned" valuePropName="checked">
        <Checkbox>{translate('lockers.end.keyReturned')}</Checkbox>
      </Form.Item>
      <Form.Item
        name="depositRefunded"
        label={translate('lockers.end.depositRefunded')}
        extra={
          paid < r.deposit
            ? translate('lockers.end.depositHelpUnpaid', {
                deposit: won(r.deposit),
                paid: won(paid),
                unpaid: won(r.deposit - paid),
              })
            : translate('lockers.end.depositHelp', { deposit: won(r.deposit) })
        }
        rules={[
          { required: true, message: translate('validation.required') },
          {
            type: 'integer',
            min: 0,
            max: paid,
            message: translate('lockers.end.depositRange', { deposit: won(paid) }),
          },
        ]}
      >
        <WonInput max={paid} />
      </Form.Item>
      {keeps && (
        <Form.Item
          name="depositKeptReason"
          label={translate('lockers.end.reason')}
          rules={[
            { required: true, whitespace: true, message: translate('validation.depositKeptReasonRequired') },
          ]}
        >
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      )}
      {typeof refunded === 'number' && refunded > 0 && (
        <Form.Item
          name="refundMethod"
          label={translate('lockers.end.refundMethod')}
          rules={[{ required: true }]}
        >
          <RadioChoices
            options={paymentMethods.map((m) => ({ value: m, label: translate(`passes.method.${m}`) }))}
          />
        </Form.Item>
      )}
      <FormButtons submit={translate('lockers.end.submit')} danger loading={end.isPending} onBack={onBack} />
    </Form>
  );
}
