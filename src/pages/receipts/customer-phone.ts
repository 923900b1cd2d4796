import { useEffect } from 'react';
import { customerGetRoute } from '#domain/api/customer.ts';
import { useContract } from '#src/kit/contract-hooks.ts';

// A cash receipt's identifier starts as the customer's phone (issue 27 item 13; docs/rules.md#cash-receipts): most
// customers take the receipt on their mobile number. The whole number comes from the customer's page, which staff
// who sell may read; without that right, or for an erased customer, the field stays blank to type.

/** The customer's whole mobile number, or null (no customer, no right to read it, erased). */
export const useCustomerPhone = (gymId: number, memberId: number | null | undefined): string | null => {
  // The customer page's own key (customers/customer-detail-page.tsx): one read serves both.
  const customer = useContract(
    customerGetRoute,
    { params: { id: memberId ?? 0 }, query: { gymId } },
    {
      queryKey: ['customers', 'detail', gymId, memberId],
      enabled: gymId > 0 && typeof memberId === 'number' && memberId > 0,
      retry: false,
      meta: { silent: true },
    },
  );
  const data = customer.data;
  return data && !data.erased && data.phone ? data.phone : null;
};

type PhoneForm = {
  getFieldValue: (name: 'identifierType' | 'identifier') => unknown;
  setFieldValue: (name: 'identifier', value: string) => void;
};

/** Fills the identifier with the phone once it is known, if the type is a phone and nothing was typed yet. */
export const usePhonePrefill = (form: PhoneForm, phone: string | null) => {
  useEffect(() => {
    if (!phone) return;
    if ((form.getFieldValue('identifierType') ?? 'PHONE') !== 'PHONE') return;
    if (form.getFieldValue('identifier')) return;
    form.setFieldValue('identifier', phone);
  }, [form, phone]);
};
