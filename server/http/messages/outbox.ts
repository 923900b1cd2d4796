// The outbox's API messages (docs/architecture.md#outbox), in both languages; server/http/messages.ts merges them.
export const outboxMessages = {
  en: {
    outboxTestModeOnly:
      'Messages as sent can be read only in test mode, when nothing leaves the server: a real provider has them.',
    outboxNotDelivered:
      'This process has not delivered that message lately: it keeps the last 100 it delivered, in memory.',
  },
  ko: {
    outboxTestModeOnly:
      '발송된 메시지 원문은 테스트 모드(실제로 발송하지 않을 때)에서만 볼 수 있습니다. 실제 발송 시에는 발송 업체에 있습니다.',
    outboxNotDelivered:
      '이 서버 프로세스가 최근에 발송한 메시지가 아닙니다. 최근 발송한 100건만 메모리에 보관합니다.',
  },
} as const;
