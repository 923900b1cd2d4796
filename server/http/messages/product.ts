// The product module's API messages (docs/rules.md#money), in both languages; server/http/messages.ts merges them.
export const productMessages = {
  en: {
    outOfStock: 'Only {{stock}} of {{name}} left in stock.',
    stockBelowZero: 'The stock of {{name}} cannot go below zero (now {{stock}}).',
  },
  ko: {
    outOfStock: '{{name}}의 재고가 {{stock}}개뿐입니다.',
    stockBelowZero: '{{name}}의 재고는 0 아래로 내려갈 수 없습니다(현재 {{stock}}개).',
  },
} as const satisfies { en: Record<string, string>; ko: Record<string, string> };
