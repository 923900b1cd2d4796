import type { TFunction } from 'i18next';
import { isPayRequestTokenShape } from '#domain/rules/pay-request.ts';
import type { PayRequestPublic } from '#domain/schemas/pay-request.ts';

// The payment-request page's pure parts (docs/rules.md#payment-requests): the token from the link, what the page
// shows for each state, and the wording of amounts and times.

/** The link's token, or null when there is none or it cannot be one (the page then calls nothing). */
export const tokenOf = (search: string): string | null => {
  const token = new URLSearchParams(search).get('token')?.trim();
  return token && isPayRequestTokenShape(token) ? token : null;
};

/** What the page shows: the two ways to pay, a closed request, or a final state. */
export type PageState = 'pay' | 'closed' | 'WAIT' | 'APPROVE' | 'EXPIRED';

export const pageStateOf = (view: Pick<PayRequestPublic, 'status' | 'payable'>): PageState => {
  if (view.status === 'FIN') return view.payable ? 'pay' : 'closed';
  return view.status;
};

/** 500000 → `500,000원` / `₩500,000`. */
export const wonText = (t: TFunction, amount: number): string =>
  t('payRequest.format.won', { amount: amount.toLocaleString('ko-KR') });

/** An instant in Seoul time, in the page's language: `2026년 3월 9일 오전 9:00` / `March 9, 2026 at 9:00 AM`. */
export const seoulText = (iso: string, language: string): string =>
  new Intl.DateTimeFormat(language === 'ko' ? 'ko-KR' : 'en-US', {
    timeZone: 'Asia/Seoul',
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(new Date(iso));
