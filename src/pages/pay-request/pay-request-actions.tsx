import { CheckCircleOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { App, Button } from 'antd';
import {
  payRequestConfirmRoute,
  payRequestListRoute,
  payRequestRevokeRoute,
} from '#domain/api/pay-request.ts';
import { isHttpError } from '#src/providers/http-error.ts';
import { api } from '#src/providers/instances.ts';

// Staff actions on a payment request (docs/rules.md#payment-requests), for the screens that show a sale's latest
// request (the unpaid list): confirm a reported transfer (writes the TRANSFER payment) and revoke a link. Each
// asks first; a refusal shows the server's words. `onDone` lets the screen read its list again.

type Props = {
  gymId: number;
  /** The request's sale (the question reads the sale's requests, a short list). */
  saleId: number;
  requestId: number;
  /** The amount, already formatted in the screen's way (`500,000원`). */
  amountText: string;
  size?: 'small' | 'middle';
  onDone?: () => void;
};

/** Reads the request first, so the question names the depositor and the reference the customer gave. */
const requestOf = async (gymId: number, saleId: number, requestId: number) => {
  const list = await api.call(payRequestListRoute, { query: { gymId, saleId, _start: 0, _end: 50 } });
  return list.find((r) => r.id === requestId);
};

export function ConfirmTransferButton({
  gymId,
  saleId,
  requestId,
  amountText,
  size = 'small',
  onDone,
}: Props) {
  const translate = useTranslate();
  const { message, modal } = App.useApp();
  const confirm = useMutation({
    meta: { silent: true },
    mutationFn: () => api.call(payRequestConfirmRoute, { params: { id: requestId }, body: { gymId } }),
    onSuccess: () => {
      message.success(translate('payRequest.staff.confirmed'));
      onDone?.();
    },
    onError: (error) => {
      message.error(isHttpError(error) ? error.message : translate('payRequest.errors.generic'));
      onDone?.();
    },
  });
  const ask = async () => {
    const found = await requestOf(gymId, saleId, requestId).catch(() => undefined);
    modal.confirm({
      title: translate('payRequest.staff.confirmTitle', {
        amount: amountText,
        name: found?.depositorName ?? found?.memberName ?? '',
      }),
      content: translate('payRequest.staff.confirmBody', {
        reference: found?.reference ?? `FD-${requestId}`,
      }),
      okText: translate('payRequest.staff.confirmOk'),
      cancelText: translate('payRequest.staff.cancel'),
      onOk: () => confirm.mutateAsync().catch(() => undefined),
    });
  };
  return (
    <Button
      size={size}
      type="primary"
      icon={<CheckCircleOutlined />}
      loading={confirm.isPending}
      onClick={ask}
    >
      {translate('payRequest.staff.confirm')}
    </Button>
  );
}

export function RevokePayRequestButton({
  gymId,
  requestId,
  size = 'small',
  onDone,
}: Omit<Props, 'amountText' | 'saleId'>) {
  const translate = useTranslate();
  const { message, modal } = App.useApp();
  const revoke = useMutation({
    meta: { silent: true },
    mutationFn: () => api.call(payRequestRevokeRoute, { params: { id: requestId }, body: { gymId } }),
    onSuccess: () => {
      message.success(translate('payRequest.staff.revoked'));
      onDone?.();
    },
    onError: (error) => {
      message.error(isHttpError(error) ? error.message : translate('payRequest.errors.generic'));
      onDone?.();
    },
  });
  return (
    <Button
      size={size}
      danger
      icon={<StopOutlined />}
      loading={revoke.isPending}
      onClick={() =>
        modal.confirm({
          title: translate('payRequest.staff.revokeTitle'),
          content: translate('payRequest.staff.revokeBody'),
          okText: translate('payRequest.staff.revokeOk'),
          okButtonProps: { danger: true },
          cancelText: translate('payRequest.staff.cancel'),
          onOk: () => revoke.mutateAsync().catch(() => undefined),
        })
      }
    >
      {translate('payRequest.staff.revoke')}
    </Button>
  );
}
