// The report module's API messages (docs/rules.md#reports), in both languages; server/http/messages.ts merges them.
export const reportMessages = {
  en: {
    reportRangeOrder: 'The first month of the range must not be after its last month.',
    reportRangeTooLong: 'Choose a range of at most 24 months.',
    reportRangeFuture: 'The range cannot end after this month.',
    reportDateFuture: 'Choose today or an earlier day.',
  },
  ko: {
    reportRangeOrder: '시작 월이 종료 월보다 늦을 수 없습니다.',
    reportRangeTooLong: '기간은 최대 24개월까지 선택할 수 있습니다.',
    reportRangeFuture: '기간은 이번 달 이후로 끝날 수 없습니다.',
    reportDateFuture: '오늘 또는 이전 날짜를 선택해 주세요.',
  },
} as const satisfies { en: Record<string, string>; ko: Record<string, string> };
