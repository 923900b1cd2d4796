import dayjs, { type Dayjs } from 'dayjs';
import type { Ticket } from '#domain/schemas/pass.ts';

// The pass product form's values (docs/rules.md#passes), the body they send and where the form starts.

export type TicketValues = Omit<
  Ticket,
  | 'id'
  | 'gymId'
  | 'saleStartDate'
  | 'saleEndDate'
  | 'color'
  | 'saleLabel'
  | 'discountPercent'
  | 'soldCount'
  | 'createDate'
  | 'modifiedDate'
> & {
  saleStartDate?: Dayjs | null;
  saleEndDate?: Dayjs | null;
  color: string | { toHexString: () => string };
};

/** A price as typed in an InputNumber: thousands separators shown, digits kept. */
export const money = {
  min: 0,
  step: 10_000,
  style: { width: '100%' },
  formatter: (v: number | string | undefined) =>
    v === undefined || v === '' ? '' : Number(v).toLocaleString(),
  parser: (v: string | undefined) => Number((v ?? '').replace(/[^\d]/g, '')),
};

/** The form's values as the create and update body (without the facility). */
export const ticketBody = (values: TicketValues) => ({
  name: values.name,
  periodAmount: values.periodAmount ?? null,
  periodUnit: values.periodAmount ? (values.periodUnit ?? null) : null,
  sessionCount: values.sessionCount ?? null,
  originPrice: values.originPrice,
  salePrice: values.salePrice,
  saleStartDate: values.saleStartDate ? values.saleStartDate.format('YYYY-MM-DD') : null,
  saleEndDate: values.saleEndDate ? values.saleEndDate.format('YYYY-MM-DD') : null,
  saleState: values.saleState,
  holdMaxCount: values.holdMaxCount ?? null,
  holdMaxDays: values.holdMaxDays ?? null,
  holdMinDays: values.holdMinDays ?? null,
  entryUsesSession: values.entryUsesSession,
  transferFee: values.transferFee ?? 0,
  sessionValue: values.periodAmount && values.sessionCount ? (values.sessionValue ?? null) : null,
  color: typeof values.color === 'string' ? values.color : values.color.toHexString(),
});

/** The product's values, or a new product's: monthly, on sale, no session per entry, no transfer fee, blue. */
export const ticketInitialValues = (t: Ticket | undefined): Partial<TicketValues> =>
  t
    ? {
        ...t,
        saleStartDate: t.saleStartDate ? dayjs(t.saleStartDate) : null,
        saleEndDate: t.saleEndDate ? dayjs(t.saleEndDate) : null,
      }
    : {
        periodUnit: 'MONTH',
        saleState: 'ACTIVE',
        entryUsesSession: false,
        transferFee: 0,
        color: '#1677ff',
      };
