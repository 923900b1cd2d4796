import type { PaymentMethod } from '#domain/enums.ts';
import { checkoutFigures } from '#domain/rules/desk.ts';

// The payment part of every sale (docs/rules.md#leave-unpaid, #the-desk): the lines as a sale screen holds them,
// the lines as the API takes them, and the figures the screen shows live, from the same `checkoutFigures` the
// server's checkout calls.

/** A payment line as a form holds it: a blank amount is a line not filled in yet. */
export type PaymentLine = { method: PaymentMethod; amount?: number | null };

/** The lines as the API takes them: a blank or 0 line pays nothing and is left out (the rest stays unpaid). */
export const paymentsOf = (lines: readonly (PaymentLine | undefined)[] | undefined) =>
  (lines ?? []).flatMap((line) =>
    line && typeof line.amount === 'number' && line.amount > 0
      ? [{ method: line.method, amount: line.amount }]
      : [],
  );

/** The live figures of a sale: what is paid, owed, taken in cash or by transfer, and whether it is above. */
export const saleFigures = (total: number, lines: readonly (PaymentLine | undefined)[] | undefined) =>
  checkoutFigures(total, paymentsOf(lines));

export type SaleFigures = ReturnType<typeof saleFigures>;

/** The `leaveUnpaid` of a request: the balance, when the form chose exactly this one. */
export const leaveUnpaidOf = (owed: number, chosen: unknown): { leaveUnpaid?: number } =>
  owed > 0 && chosen === owed ? { leaveUnpaid: owed } : {};

/** The submit button reads the amount it takes: "결제하기 · 483,000원". */
export const submitLabel = (text: string, total: number, won: (n: number) => string) =>
  total > 0 ? `${text} · ${won(total)}` : text;
