// The messaging settings' API messages (docs/rules.md#messaging): sender numbers, the Kakao channel and its
// templates, the automatic messages and the consents, in both languages; server/http/messages.ts merges them.
export const messageSettingsMessages = {
  en: {
    messageSenderTaken: 'This number is already registered for the facility.',
    messageSenderInUse: 'A scheduled send uses this number: cancel it or wait until it has gone out.',
    messageTemplateApproved: 'An approved template cannot be edited: write a new one instead.',
    messageTemplateInUse: 'An automatic message or a send uses this template.',
    messageTextUnknownVariables: 'The text uses a variable that does not exist: {{variables}}.',
    messageTextUnsupportedCharacters:
      'The text holds characters a text message cannot carry (most emoji): {{characters}}.',
    messageTextTooLong: 'The text is too long: {{bytes}} bytes, at most 2,000.',
    messageTemplateNotUsable: 'Choose an approved template of this facility.',
    messageChannelNotConnected: 'Connect the Kakao channel first.',
  },
  ko: {
    messageSenderTaken: '이미 등록된 발신번호입니다.',
    messageSenderInUse: '예약된 발송이 이 번호를 사용합니다. 발송을 취소하거나 발송이 끝난 뒤 삭제해 주세요.',
    messageTemplateApproved: '승인된 템플릿은 수정할 수 없습니다. 새 템플릿을 작성해 주세요.',
    messageTemplateInUse: '자동 메시지나 발송에서 사용 중인 템플릿입니다.',
    messageTextUnknownVariables: '없는 변수를 사용했습니다: {{variables}}',
    messageTextUnsupportedCharacters: '문자로 보낼 수 없는 글자(이모지 등)가 있습니다: {{characters}}',
    messageTextTooLong: '내용이 너무 깁니다: {{bytes}}바이트(최대 2,000바이트).',
    messageTemplateNotUsable: '이 시설의 승인된 템플릿을 선택해 주세요.',
    messageChannelNotConnected: '카카오 채널을 먼저 연결해 주세요.',
  },
} as const satisfies { en: Record<string, string>; ko: Record<string, string> };
