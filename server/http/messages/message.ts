// The group messages' API messages (docs/rules.md#messaging), in both languages; server/http/messages.ts merges
// them. The 409s carry their figures in `details` too; the field keys go on the compose form's fields.
export const messageSendMessages = {
  en: {
    messageAddOnRequired:
      'Group messages need the approved group message add-on (MESSAGE) for this facility.',
    messageCreditsShort:
      'Not enough credits: this send costs {{cost}} won and the balance is {{balance}} won ({{shortfall}} won short).',
    messageNightChoiceNeeded:
      'This advertising message would go out at night (21:00–08:00): move it to {{morning}}, or leave out those without night consent.',
    messageSendStarted: 'This send is {{from}}; only a scheduled send (WAIT) can become {{to}}.',
    messageNothingToResend: 'This send has no failed recipients to send to again.',
    messageWebhookSignature: 'The signature of this callback is missing or wrong.',
    messageSenderNotApproved: 'Choose an approved sender number of this facility.',
    messageTemplateNotApproved: 'Choose an approved 알림톡 template of a connected Kakao channel.',
    messageKakaoAdvertising: 'An 알림톡 cannot carry advertising: send advertising as a text message.',
    messageUnsupportedCharacters: 'The text holds characters a text message cannot carry (most emoji).',
    messageTooLong: 'The text is too long for one message.',
    messageUnknownVariables: 'The text uses a variable that does not exist.',
    messageImageInvalid: 'The image must be a JPG of at most 300 KB uploaded for this facility.',
    messageScheduleInPast: 'The scheduled time has already passed.',
    messageAdvertisingFrame:
      'An advertising message must start with (광고) and end with the free opt-out line.',
    messageNoRecipients: 'Nobody in this audience can receive the message.',
    messageNoOwnPhone: 'Your account has no mobile number to send a test to.',
    messageBadPhone: 'Not a mobile number.',
  },
  ko: {
    messageAddOnRequired: '단체 문자 부가서비스(MESSAGE)가 승인된 시설에서만 문자를 보낼 수 있습니다.',
    messageCreditsShort:
      '충전금이 부족합니다: 이번 발송은 {{cost}}원, 잔액은 {{balance}}원입니다({{shortfall}}원 부족).',
    messageNightChoiceNeeded:
      '광고 문자가 야간(21:00~08:00)에 발송됩니다. {{morning}}로 미루거나 야간 수신 동의가 없는 분을 제외해 주세요.',
    messageSendStarted:
      '이 발송은 {{from}} 상태입니다. 예약(WAIT) 상태의 발송만 {{to}}(으)로 바꿀 수 있습니다.',
    messageNothingToResend: '다시 보낼 실패 수신자가 없습니다.',
    messageWebhookSignature: '콜백의 서명이 없거나 올바르지 않습니다.',
    messageSenderNotApproved: '이 시설의 승인된 발신번호를 선택해 주세요.',
    messageTemplateNotApproved: '연결된 카카오 채널의 승인된 알림톡 템플릿을 선택해 주세요.',
    messageKakaoAdvertising: '알림톡으로는 광고를 보낼 수 없습니다. 광고는 문자로 보내 주세요.',
    messageUnsupportedCharacters: '문자로 보낼 수 없는 글자(이모지 등)가 있습니다.',
    messageTooLong: '한 건으로 보내기에 내용이 너무 깁니다.',
    messageUnknownVariables: '없는 변수를 사용했습니다.',
    messageImageInvalid: '이미지는 이 시설에 올린 300KB 이하의 JPG여야 합니다.',
    messageScheduleInPast: '예약 시각이 이미 지났습니다.',
    messageAdvertisingFrame: '광고 문자는 (광고)로 시작하고 무료수신거부 안내로 끝나야 합니다.',
    messageNoRecipients: '이 대상에는 받을 수 있는 분이 없습니다.',
    messageNoOwnPhone: '계정에 테스트 문자를 받을 휴대폰 번호가 없습니다.',
    messageBadPhone: '휴대폰 번호가 아닙니다.',
  },
} as const satisfies { en: Record<string, string>; ko: Record<string, string> };
