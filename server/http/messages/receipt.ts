// The receipt module's API messages (docs/rules.md#cash-receipts, docs/rules.md#tax-invoices), in both languages;
// server/http/messages.ts merges them.
export const receiptMessages = {
  en: {
    receiptPhoneShape: 'Enter a mobile number of 10 or 11 digits starting with 01.',
    receiptCardShape: 'Enter the cash-receipt card number: 13 to 19 digits.',
    receiptBusinessShape: 'Enter the business number as 123-45-67890.',
    receiptIdentifierRequired: 'Enter the identifier, or self-issue to the tax office number.',
    receiptAlreadyIssued:
      'A cash receipt is already issued for this payment. Cancel it first to issue another.',
    receiptNothingCash: 'This payment took no cash or transfer, so it needs no cash receipt.',
    receiptNotIssued: 'This receipt is already cancelled.',
    taxInvoiceCardSale:
      'This sale was paid (in part) by card, so it cannot get a tax invoice: the card slip already serves as proof.',
    taxInvoiceUnpaid: 'Nothing has been paid on this sale yet, so there is nothing to invoice.',
    taxInvoiceAlreadyIssued:
      'A tax invoice is already issued for this sale. Cancel it first to issue another.',
    supplierNotVerified:
      "The facility's business details are not verified yet, so it cannot issue a tax invoice as the supplier.",
    proofCashReceiptIssued:
      "A cash receipt ({{number}}) is already issued for this sale's cash payment, and one supply gets one proof. Cancel the cash receipt first to issue a tax invoice.",
    proofTaxInvoiceIssued:
      'A tax invoice ({{number}}) is already issued for a sale in this payment, and one supply gets one proof. Cancel the tax invoice first to issue a cash receipt.',
  },
  ko: {
    receiptPhoneShape: '01로 시작하는 10~11자리 휴대폰 번호를 입력해 주세요.',
    receiptCardShape: '현금영수증 카드 번호 13~19자리를 입력해 주세요.',
    receiptBusinessShape: '사업자등록번호를 123-45-67890 형식으로 입력해 주세요.',
    receiptIdentifierRequired: '식별번호를 입력하거나 국세청 번호로 자진발급해 주세요.',
    receiptAlreadyIssued:
      '이 결제에는 이미 현금영수증이 발급되어 있습니다. 다시 발급하려면 먼저 취소해 주세요.',
    receiptNothingCash: '이 결제에는 현금·계좌이체 금액이 없어 현금영수증 대상이 아닙니다.',
    receiptNotIssued: '이미 취소된 영수증입니다.',
    taxInvoiceCardSale:
      '카드로 결제된(일부 포함) 판매는 세금계산서를 발행할 수 없습니다. 카드 전표가 이미 증빙 역할을 합니다.',
    taxInvoiceUnpaid: '아직 결제된 금액이 없어 세금계산서를 발행할 수 없습니다.',
    taxInvoiceAlreadyIssued:
      '이 판매에는 이미 세금계산서가 발행되어 있습니다. 다시 발행하려면 먼저 취소해 주세요.',
    supplierNotVerified: '시설의 사업자 정보가 아직 인증되지 않아 공급자로 세금계산서를 발행할 수 없습니다.',
    proofCashReceiptIssued:
      '이 판매의 현금 결제에 이미 현금영수증({{number}})이 발급되어 있습니다. 한 거래에는 증빙을 하나만 발급할 수 있으니, 세금계산서를 발행하려면 먼저 현금영수증을 취소해 주세요.',
    proofTaxInvoiceIssued:
      '이 결제의 판매에 이미 세금계산서({{number}})가 발행되어 있습니다. 한 거래에는 증빙을 하나만 발급할 수 있으니, 현금영수증을 발급하려면 먼저 세금계산서를 취소해 주세요.',
  },
} as const satisfies { en: Record<string, string>; ko: Record<string, string> };
