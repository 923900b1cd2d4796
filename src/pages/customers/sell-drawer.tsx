import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { App, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { passPromotionsRoute, sellRoute } from '#domain/api/pass.ts';
import { overlappingPass, saleStartDate } from '#domain/rules/passes.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { Ticket, TicketIssueDetail } from '#domain/schemas/pass.ts';
import { PassFields, passSummary, useChosenPass } from '#src/components/sale/pass-fields.tsx';
import { SaleDrawer } from '#src/components/sale/sale-drawer.tsx';
import { useFacility } from '#src/facility/facility-context.tsx';
import { api, http } from '#src/providers/instances.ts';
import { useStaffOptions } from './use-staff-options.ts';

/** The products on sale today, for the sell drawer. */
export const useProductsOnSale = (gymId: number) =>
  useQuery({
    queryKey: ['passes', 'products-on-sale', gymId],
    queryFn: async () => {
      const response = await http.get<Ticket[]>('/web/ticket', {
        params: { gymId, _start: 0, _end: 100, _sort: 'name', _order: 'asc' },
      });
      return (response.data as Ticket[]).filter((t) => t.saleLabel === 'ON_SALE');
    },
  });

/**
 * Selling a pass from the customer's page (docs/rules.md#passes, #renewals) in the sale drawer: the product, the
 * start (a renewal starts the day after the current pass of its kind; an overlap is a choice, warned of). The
 * drawer adds the promotion, the price (a change needs a reason), the payment lines, the balance left by choice and
 * the seller. One transaction on the server.
 */
export function SellDrawer({
  gymId,
  memberId,
  customer,
  passes,
  onClose,
  onSold,
}: {
  gymId: number;
  memberId: number;
  customer?: { name: string; phone?: string | null };
  passes: readonly TicketIssueDetail[];
  onClose: () => void;
  onSold: () => void;
}) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const { gymMember } = useFacility();
  const [form] = Form.useForm();
  const products = useProductsOnSale(gymId);
  const staff = useStaffOptions(gymId);
  const { product, start, end } = useChosenPass(form, products.data ?? []);
  const today = seoulToday(new Date());
  // docs/rules.md#promotions: the promotions running today that apply to the product for this customer.
  const promotions = useQuery({
    queryKey: ['passes', 'promotions', gymId, memberId],
    queryFn: () => api.call(passPromotionsRoute, { params: { gymId }, query: { memberId } }),
  });
  // docs/rules.md#renewals: the same pure functions as the server's default start and its overlap refusal.
  const overlap = product && start ? overlappingPass(passes, product, start, end, today) : undefined;
  const allowOverlap = Form.useWatch('allowOverlap', form) as boolean | undefined;

  return (
    <SaleDrawer
      title={translate('passes.sell.title')}
      submitText={translate('passes.sell.submit')}
      form={form}
      initialValues={{ startDate: dayjs(today), soldByMemberId: gymMember?.memberId }}
      customer={customer}
      summary={passSummary(product, start, end)}
      pass={{ product, promotions: promotions.data }}
      seller={staff}
      ready={product !== undefined}
      blocked={overlap !== undefined && !allowOverlap}
      submit={(values, sale) =>
        api.call(sellRoute, {
          body: {
            gymId,
            memberId,
            ticketId: values.ticketId as number,
            startDate: (values.startDate as Dayjs).format('YYYY-MM-DD'),
            ...sale.promotion,
            ...sale.price,
            payments: sale.payments,
            soldByMemberId: sale.soldByMemberId,
            ...sale.leaveUnpaid,
            ...(overlap && values.allowOverlap ? { allowOverlap: true } : {}),
          },
        })
      }
      onDone={() => {
        message.success(translate('passes.sell.done'));
        onSold();
      }}
      onClose={onClose}
    >
      <PassFields
        products={products.data ?? []}
        loading={products.isLoading}
        end={end}
        onPick={(chosen) =>
          form.setFieldsValue({
            startDate: dayjs(chosen ? saleStartDate(today, passes, chosen) : today),
            allowOverlap: false,
          })
        }
        overlap={
          overlap && product
            ? translate('passes.sell.overlapWarning', {
                name: overlap.ticketName,
                start: overlap.startDate,
                end: overlap.endDate ?? '',
                next: saleStartDate(today, passes, product),
              })
            : null
        }
      />
    </SaleDrawer>
  );
}
