// Money fields a caller without the payment right never receives (docs/rules.md#access-table): the server removes
// them from the answer, and the screens show "—" where `moneyHidden` is set. A trainer (no payHistoryUseYn) reads
// a customer's passes and sessions but not what the customer paid, owes or was refunded.
import type { Customer } from '../schemas/customer.ts';
import type { TicketIssue } from '../schemas/pass.ts';
import type { Trainer } from '../schemas/schedule.ts';

type PassMoney = Pick<TicketIssue, 'price' | 'paidAmount' | 'refundedAmount' | 'unpaidAmount'> & {
  moneyHidden?: boolean | undefined;
  payments?: readonly unknown[];
};

/** A pass (list row or detail) without its price, what was paid, refunded or owed, and its payment lines. */
export const withoutPassMoney = <T extends PassMoney>(pass: T): T => ({
  ...pass,
  price: 0,
  paidAmount: 0,
  refundedAmount: 0,
  unpaidAmount: 0,
  ...('payments' in pass ? { payments: [] } : {}),
  moneyHidden: true,
});

/** A customer (list row or detail) without the unpaid balance. */
export const withoutCustomerMoney = <
  T extends Pick<Customer, 'unpaidAmount'> & { moneyHidden?: boolean | undefined },
>(
  customer: T,
): T => ({ ...customer, unpaidAmount: 0, moneyHidden: true });

/**
 * A trainer profile without its pay rule (docs/rules.md#trainer-pay): a colleague's rates are payroll, the finance
 * right's. The kinds stay (they say how a class is counted, not what it is worth).
 */
export const withoutPayRule = (trainer: Trainer): Trainer => ({
  ...trainer,
  payRate: 0,
  groupPayRate: 0,
  groupPayMinAttendees: 0,
  payHidden: true,
});
