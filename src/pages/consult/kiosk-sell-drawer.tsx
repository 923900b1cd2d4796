import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { App, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import type { z } from 'zod';
import { kioskStaffPromotionsRoute, kioskStaffSellRoute } from '#domain/api/consult-kiosk.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { kioskProductSchema } from '#domain/schemas/consult.ts';
import { PassFields, passSummary, useChosenPass } from '#src/components/sale/pass-fields.tsx';
import { SaleDrawer } from '#src/components/sale/sale-drawer.tsx';
import { isHttpError, reasonOf } from '#src/providers/http-error.ts';
import { kioskApi } from './kiosk-api.ts';
import { isStaffWindowGone, isTabletEnded, useKiosk } from './kiosk-context.tsx';

type Product = z.output<typeof kioskProductSchema>;

/**
 * Selling a pass at the tablet (docs/rules.md#consulting, #passes): the customer page's sale, in the staff window,
 * to the consult's own customer. The products and the staff come with the wrap-up's view, so the tablet reads
 * neither the product list nor the staff list of the facility.
 */
export function KioskSellDrawer({
  consultId,
  customer,
  products,
  staff,
  sellerId,
  onClose,
  onSold,
  onFailed,
}: {
  consultId: number;
  customer?: { name: string; phone?: string | null };
  products: readonly Product[];
  staff: readonly { value: number; label: string }[];
  sellerId: number;
  onClose: () => void;
  onSold: () => void;
  onFailed: (error: unknown) => void;
}) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const kiosk = useKiosk();
  const [form] = Form.useForm();
  const { product, start, end } = useChosenPass(form, products);
  const today = seoulToday(new Date());
  // docs/rules.md#promotions: the promotions running today that apply to the product for the consult's customer.
  const promotions = useQuery({
    queryKey: ['consult', 'kiosk-promotions', consultId, kiosk.staff?.staffToken],
    queryFn: () =>
      kioskApi.call(kioskStaffPromotionsRoute, { params: { id: consultId }, headers: kiosk.staffHeaders() }),
    retry: false,
  });
  // docs/rules.md#renewals: the tablet does not read the customer's passes, so an overlap is learnt from the
  // server's 409, which names the pass and the day a renewal would start; selling anyway is then a choice.
  const [overlap, setOverlap] = useState<string | null>(null);
  const allowOverlap = Form.useWatch('allowOverlap', form) as boolean | undefined;

  return (
    <SaleDrawer
      title={translate('passes.sell.title')}
      submitText={translate('passes.sell.submit')}
      form={form}
      initialValues={{ startDate: dayjs(today), soldByMemberId: sellerId }}
      customer={customer}
      summary={passSummary(product, start, end)}
      pass={{ product, promotions: promotions.data }}
      seller={staff}
      ready={product !== undefined}
      blocked={overlap !== null && !allowOverlap}
      submit={(values, sale) =>
        kioskApi.call(kioskStaffSellRoute, {
          params: { id: consultId },
          body: {
            ticketId: values.ticketId as number,
            startDate: (values.startDate as Dayjs).format('YYYY-MM-DD'),
            ...sale.promotion,
            ...sale.price,
            payments: sale.payments,
            soldByMemberId: sale.soldByMemberId,
            ...sale.leaveUnpaid,
            ...(overlap && values.allowOverlap ? { allowOverlap: true } : {}),
          },
          headers: kiosk.staffHeaders(),
        })
      }
      onDone={() => {
        message.success(translate('passes.sell.done'));
        onSold();
      }}
      onError={(error) => {
        if (isTabletEnded(error) || isStaffWindowGone(error)) {
          onFailed(error);
          return true;
        }
        if (reasonOf(error) === 'passOverlap' && isHttpError(error)) {
          form.setFieldValue('allowOverlap', false);
          setOverlap(error.message);
          return true;
        }
        return false;
      }}
      onClose={onClose}
    >
      <PassFields
        products={products}
        end={end}
        overlap={overlap}
        onPick={() => {
          setOverlap(null);
          form.setFieldsValue({ startDate: dayjs(today) });
        }}
        onStartChange={() => setOverlap(null)}
      />
    </SaleDrawer>
  );
}
