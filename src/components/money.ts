// Money as the screens show it (docs/rules.md#money): integer won with thousands separators, "원" in Korean and
// "₩" in English, and the sums of payment lines typed so far.

export const formatWon = (amount: number, language: string): string =>
  language.startsWith('ko') ? `${amount.toLocaleString('ko-KR')}원` : `₩${amount.toLocaleString('en-US')}`;

/** The sum of the payment lines typed so far; blank amounts count as 0. */
export const paymentsTotal = (
  payments: readonly ({ amount?: number | null } | undefined)[] | undefined,
): number =>
  (payments ?? []).reduce(
    (sum, p) => sum + (typeof p?.amount === 'number' && p.amount > 0 ? p.amount : 0),
    0,
  );

/** What stays unpaid after these payment lines (never below 0). */
export const remainder = (
  price: number,
  payments: readonly ({ amount?: number | null } | undefined)[] | undefined,
): number => Math.max(price - paymentsTotal(payments), 0);
