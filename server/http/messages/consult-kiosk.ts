// The consulting tablet's staff steps' API messages (docs/rules.md#consulting), in both languages;
// server/http/messages.ts merges them.
export const consultKioskMessages = {
  en: {
    kioskStaffRequired:
      'A staff member must sign in at the tablet for this step (their staff sign-in has ended or was not given).',
    kioskStaffForbidden:
      'Staff steps at the tablet need a staff account of this facility with the consulting right.',
    kioskStepForbidden: 'The staff member signed in at the tablet does not have the right for this step.',
    kioskCloseForbidden:
      'Closing the tablet needs a staff account of this facility with the consulting right.',
    kioskConsultNoCustomer: 'Register the prospect as a customer first; then sell the pass.',
  },
  ko: {
    kioskStaffRequired: '이 단계는 직원이 태블릿에서 로그인해야 합니다. (직원 로그인이 없거나 끝났습니다.)',
    kioskStaffForbidden: '태블릿의 직원 단계는 이 시설의 상담 권한이 있는 직원 계정만 쓸 수 있습니다.',
    kioskStepForbidden: '태블릿에 로그인한 직원에게 이 단계의 권한이 없습니다.',
    kioskCloseForbidden: '태블릿 종료는 이 시설의 상담 권한이 있는 직원 계정만 할 수 있습니다.',
    kioskConsultNoCustomer: '먼저 상담자를 고객으로 등록한 뒤 이용권을 판매해 주세요.',
  },
} as const satisfies { en: Record<string, string>; ko: Record<string, string> };
