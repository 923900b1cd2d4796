// The pay-request module's API messages (docs/rules.md#money), in both languages; server/http/messages.ts merges them.
export const payRequestMessages = {
  en: {
    payRequestInvalid: 'This payment link is not valid or has expired. Ask the facility for a new link.',
    payRequestNothingOwed: 'Nothing is owed on this sale, so there is nothing to request.',
    payRequestAmountAboveOwed: 'The amount is more than what the sale still owes.',
    payRequestWaiting:
      'A bank transfer for this sale is waiting for confirmation. Confirm it or revoke that request first.',
    payRequestClosed: 'This payment request is already paid, waiting for confirmation, or no longer open.',
    payRequestNotWaiting: 'Only a request whose transfer the customer reported can be confirmed.',
    payRequestOwedChanged:
      'The sale now owes {{owed}} won, less than this request asks: nothing was paid. Send a new request.',
    payRequestNoAccount:
      'The facility has not set a bank account for transfers. Pay by card or ask the facility.',
    payRequestCardDeclined: 'The card payment was declined. Nothing was paid.',
  },
  ko: {
    payRequestInvalid: '유효하지 않거나 만료된 결제 링크입니다. 시설에 새 링크를 요청해 주세요.',
    payRequestNothingOwed: '이 매출에는 미수금이 없어 결제를 요청할 수 없습니다.',
    payRequestAmountAboveOwed: '요청 금액이 남은 미수금보다 많습니다.',
    payRequestWaiting:
      '이 매출의 계좌이체가 확인을 기다리고 있습니다. 먼저 입금을 확인하거나 그 요청을 취소해 주세요.',
    payRequestClosed:
      '이미 결제되었거나 입금 확인을 기다리는 중이거나 더 이상 유효하지 않은 결제 요청입니다.',
    payRequestNotWaiting: '고객이 이체 완료를 알린 요청만 입금 확인할 수 있습니다.',
    payRequestOwedChanged:
      '이 매출의 남은 미수금이 {{owed}}원으로 요청 금액보다 적어 결제하지 않았습니다. 새 요청을 보내 주세요.',
    payRequestNoAccount: '시설에서 이체 계좌를 설정하지 않았습니다. 카드로 결제하거나 시설에 문의해 주세요.',
    payRequestCardDeclined: '카드 결제가 거절되었습니다. 결제되지 않았습니다.',
  },
} as const satisfies { en: Record<string, string>; ko: Record<string, string> };
