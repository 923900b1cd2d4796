// The expense module's API messages (docs/rules.md#expenditure), in both languages; server/http/messages.ts merges
// them.
export const expenseMessages = {
  en: {
    expenseAlreadyReversed: 'This expense has already been reversed.',
    expenseIsReversal: 'A reversing entry cannot itself be reversed.',
    expenseCategoryBuiltIn: 'A built-in category cannot be renamed. Add a category of your own instead.',
    expenseCategoryNameTaken: 'A category with this name already exists.',
  },
  ko: {
    expenseAlreadyReversed: '이미 취소(역분개)된 지출입니다.',
    expenseIsReversal: '취소 내역은 다시 취소할 수 없습니다.',
    expenseCategoryBuiltIn: '기본 분류는 이름을 바꿀 수 없습니다. 새 분류를 추가해 주세요.',
    expenseCategoryNameTaken: '같은 이름의 분류가 이미 있습니다.',
  },
} as const satisfies { en: Record<string, string>; ko: Record<string, string> };
