import { unpaidChoice } from '#domain/rules/money.ts';
import type { PaymentInput } from '#domain/schemas/pass.ts';
import { AppError } from '../http/errors.ts';

/**
 * Refuses a sale whose payments fall short of its total unless the request chose the balance
 * (docs/rules.md#leave-unpaid): 400 `unpaidNotChosen` on `leaveUnpaid`, naming the balance it should have named.
 * Returns the balance the sale leaves.
 */
export const assertUnpaidChosen = (
  total: number,
  payments: readonly PaymentInput[],
  leaveUnpaid: number | undefined,
): number => {
  const paid = payments.reduce((s, p) => s + p.amount, 0);
  const choice = unpaidChoice(total, paid, leaveUnpaid);
  if (!choice.ok) {
    const amount = choice.unpaid.toLocaleString('ko-KR');
    throw new AppError(
      'VALIDATION_FAILED',
      'unpaidNotChosen',
      { unpaid: amount },
      { leaveUnpaid: 'unpaidNotChosen' },
      { unpaid: choice.unpaid },
    );
  }
  return choice.unpaid;
};
