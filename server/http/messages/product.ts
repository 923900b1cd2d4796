// The product module's API messages (docs/rules.md#money), in both languages; server/http/messages.ts merges them.
export const productMessages = {
  en: {
    outOfStock: 'Only {{stock}} of {{name}} left in stock.',
    stockBelowZero: 'The stock of {{name}} cannot go below zero (now {{stock}}).',
    productSold: '{{name}} has been sold, so it cannot be deleted. Stop selling it instead.',
    productGroupLimit: 'A facility can keep at most {{max}} product groups.',
    productGroupOrderIncomplete: 'The groups changed meanwhile. Reload the page and order them again.',
    promotionUsed: '{{name}} has been applied to sales, so it cannot be deleted. Stop it instead.',
  },
  ko: {
    outOfStock: '{{name}}의 재고가 {{stock}}개뿐입니다.',
    stockBelowZero: '{{name}}의 재고는 0 아래로 내려갈 수 없습니다(현재 {{stock}}개).',
    productSold: '{{name}}은(는) 판매된 적이 있어 삭제할 수 없습니다. 대신 판매를 중지해 주세요.',
    productGroupLimit: '상품 그룹은 시설당 최대 {{max}}개까지 만들 수 있습니다.',
    productGroupOrderIncomplete: '그사이 그룹이 바뀌었습니다. 페이지를 새로 고친 뒤 다시 정렬해 주세요.',
    promotionUsed: '{{name}}은(는) 판매에 적용된 적이 있어 삭제할 수 없습니다. 대신 중지해 주세요.',
  },
} as const satisfies { en: Record<string, string>; ko: Record<string, string> };
