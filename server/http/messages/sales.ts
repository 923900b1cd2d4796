// The sales module's API messages (docs/rules.md#money), in both languages; server/http/messages.ts merges them.
// ─── ledger: the payment history, unpaid balances and the sales list (the ledger helper's keys) ─────────────────
const ledgerEn = {
  ledgerRangeTooLong: 'The range is at most 366 days, and its end cannot come before its start.',
  nothingOwed: 'This sale has no balance left.',
  unpaidNotChosen:
    'The payments leave {{unpaid}} won unpaid. Take the whole amount, or choose to leave {{unpaid}} won unpaid.',
  paymentsAboveOwed: 'The payments cannot exceed what the sale owes ({{owed}} won).',
  correctionBelowPaid:
    'A correction cannot bring the price below what was paid; at most {{max}} won can be taken off.',
} as const;
const ledgerKo: Record<keyof typeof ledgerEn, string> = {
  ledgerRangeTooLong: '기간은 최대 366일이며, 종료일이 시작일보다 빠를 수 없습니다.',
  nothingOwed: '이 판매에는 남은 미수금이 없습니다.',
  unpaidNotChosen:
    '결제 금액이 {{unpaid}}원 부족합니다. 전액을 결제하거나 {{unpaid}}원을 미수로 남기기를 선택해 주세요.',
  paymentsAboveOwed: '결제 금액이 미수금({{owed}}원)을 넘을 수 없습니다.',
  correctionBelowPaid:
    '정정 후 금액이 이미 결제된 금액보다 작아질 수 없습니다. 최대 {{max}}원까지 뺄 수 있습니다.',
};
// ─── end of the ledger's keys ──────────────────────────────────────────────────────────────────────────────────

// ─── desk: the payment desk (the desk helper's keys, docs/rules.md#the-desk) ──────────────────────────────────
const deskEn = {
  promotionNotActive: 'The promotion {{name}} is not valid today.',
  promotionNotForItem: 'The promotion {{name}} does not apply to {{item}}.',
  promotionLimitReached:
    'This customer has already used the promotion {{name}} as often as it allows ({{limit}}).',
  discountReasonRequired: 'Give the reason for the manual discount.',
  discountAbovePrice: 'The discount on {{item}} cannot exceed its price.',
  paymentsAboveTotal: 'The payments cannot exceed the total ({{total}} won).',
  productNotOnSale: 'The product {{name}} is stopped and cannot be sold.',
  lineTooLarge: 'Line {{line}} comes to more than 100,000,000 won: lower its quantity or amount.',
  checkoutTooLarge:
    'With line {{line}} the checkout comes to more than 1,000,000,000 won: split it into several.',
} as const;
const deskKo: Record<keyof typeof deskEn, string> = {
  promotionNotActive: '{{name}} 프로모션은 오늘 적용할 수 없습니다.',
  promotionNotForItem: '{{name}} 프로모션은 {{item}}에 적용되지 않습니다.',
  promotionLimitReached: '이 회원은 {{name}} 프로모션을 이미 허용 횟수({{limit}}회)만큼 사용했습니다.',
  discountReasonRequired: '수동 할인 사유를 입력해 주세요.',
  discountAbovePrice: '{{item}}의 할인 금액이 가격보다 클 수 없습니다.',
  paymentsAboveTotal: '결제 금액이 합계({{total}}원)를 넘을 수 없습니다.',
  productNotOnSale: '{{name}} 상품은 판매 중지되어 판매할 수 없습니다.',
  lineTooLarge: '{{line}}번째 항목의 금액이 1억 원을 넘습니다. 수량이나 금액을 줄여 주세요.',
  checkoutTooLarge: '{{line}}번째 항목까지의 합계가 10억 원을 넘습니다. 나누어 결제해 주세요.',
};
// ─── end of the desk's keys ────────────────────────────────────────────────────────────────────────────────────

export const salesMessages = {
  en: { ...ledgerEn, ...deskEn },
  ko: { ...ledgerKo, ...deskKo },
} as const satisfies { en: Record<string, string>; ko: Record<string, string> };
