import type { Language } from '#domain/enums.ts';
import { interpolate } from '#domain/i18n/validation.ts';

// Messages the API writes itself, in both languages. Field-level validation texts live in domain/i18n.
const en = {
  VALIDATION_FAILED: 'Some fields are not valid.',
  UNAUTHENTICATED: 'Please sign in to continue.',
  FORBIDDEN: 'You do not have permission to do this.',
  NOT_FOUND: 'The requested resource was not found.',
  CONFLICT: 'The request conflicts with the current state.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported.',
  RATE_LIMITED: 'Too many attempts. Try again in {{seconds}} seconds.',
  INTERNAL: 'Something went wrong on our side. Please try again.',
  badJson: 'The request body is not valid JSON.',
  crossSite: 'Cross-site requests are not allowed.',
  loginFailed: 'The user ID or password is incorrect.',
  loginFailedTriesLeft: 'The user ID or password is incorrect. {{remainingTries}} tries left.',
  loginLocked: 'Too many failed sign-ins. Try again in {{minutes}} min, or reset your password.',
  resetRequested: 'If the account exists, a 6-digit code has been sent to its phone.',
  resetCodeInvalid: 'The code is wrong or has expired. Ask for a new code.',
  resetLimited: 'Too many code requests. Try again in {{minutes}} min.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  userIdTaken: 'This user ID is already in use.',
  wrongPassword: 'The current password is incorrect.',
  accountClosed: 'This account is closed.',
  routeNotFound: 'No API route matches {{method}} {{url}}.',
  illegalTransition: 'The status cannot change from {{from}} to {{to}}.',
  sameState: 'The status is already {{from}}; it cannot change from {{from}} to {{to}}.',
  onlyBusinessAccounts: 'Only business (representative) accounts can register facilities.',
  representSetProtected:
    'The representative permission set cannot be deleted or lose its representative right.',
  authInUse: 'This permission set is assigned to staff; move them to another set first.',
  defaultRequired:
    'A facility needs exactly one default permission set; make another set the default instead.',
  representLinkProtected: "The representative's own link cannot be changed here.",
  alreadyLinked: 'This member is already linked to the facility.',
  alreadySubscribed: 'This add-on is already requested or active for the facility.',
  approvedSubscription: 'Cancel the approved add-on before removing it.',
  facilityClosed: 'This facility is closed; its data is read-only.',
  memberNotFound: 'No account has this id.',
  workerAccountOnly: 'Only worker (MEMBER) accounts can ask to join a facility as staff.',
  facilityNotActive: 'This facility is not verified, so it does not take requests to join yet.',
  joinAlreadyRequested: 'You have already asked to join this facility, or you are already on its staff.',
  fileTooLarge: 'The file is too large: files can be at most {{max}} MB.',
  fileTypeNotAllowed:
    'This file cannot be uploaded: only {{types}} files are accepted, and the content must match the name.',
} as const;

export type MessageKey = keyof typeof en;

const ko: Record<MessageKey, string> = {
  VALIDATION_FAILED: '입력값을 확인해 주세요.',
  UNAUTHENTICATED: '로그인이 필요합니다.',
  FORBIDDEN: '이 작업을 수행할 권한이 없습니다.',
  NOT_FOUND: '요청한 항목을 찾을 수 없습니다.',
  CONFLICT: '현재 상태와 충돌하는 요청입니다.',
  PAYLOAD_TOO_LARGE: '요청이 너무 큽니다.',
  UNSUPPORTED_MEDIA_TYPE: '지원하지 않는 형식입니다.',
  RATE_LIMITED: '시도 횟수가 너무 많습니다. {{seconds}}초 후에 다시 시도해 주세요.',
  INTERNAL: '서버에 문제가 발생했습니다. 잠시 후 다시 시도해 주세요.',
  badJson: '요청 본문이 올바른 JSON이 아닙니다.',
  crossSite: '다른 사이트에서 보낸 요청은 허용되지 않습니다.',
  loginFailed: '아이디 또는 비밀번호가 올바르지 않습니다.',
  loginFailedTriesLeft:
    '아이디 또는 비밀번호가 올바르지 않습니다. {{remainingTries}}번 더 시도할 수 있습니다.',
  loginLocked: '로그인 실패가 너무 많습니다. {{minutes}}분 후에 다시 시도하거나 비밀번호를 재설정해 주세요.',
  resetRequested: '계정이 있으면 등록된 휴대폰으로 6자리 인증번호를 보냈습니다.',
  resetCodeInvalid: '인증번호가 틀렸거나 만료되었습니다. 새 인증번호를 요청해 주세요.',
  resetLimited: '인증번호 요청이 너무 많습니다. {{minutes}}분 후에 다시 시도해 주세요.',
  sessionExpired: '세션이 만료되었습니다. 다시 로그인해 주세요.',
  userIdTaken: '이미 사용 중인 아이디입니다.',
  wrongPassword: '현재 비밀번호가 올바르지 않습니다.',
  accountClosed: '탈퇴한 계정입니다.',
  routeNotFound: '{{method}} {{url}}에 해당하는 API가 없습니다.',
  illegalTransition: '상태를 {{from}}에서 {{to}}(으)로 변경할 수 없습니다.',
  sameState: '이미 {{from}} 상태입니다. {{from}}에서 {{to}}(으)로 변경할 수 없습니다.',
  onlyBusinessAccounts: '사업자(대표자) 계정만 시설을 등록할 수 있습니다.',
  representSetProtected: '대표자 권한은 삭제하거나 대표 권한을 해제할 수 없습니다.',
  authInUse: '이 권한을 사용하는 직원이 있습니다. 먼저 다른 권한으로 변경해 주세요.',
  defaultRequired: '시설에는 기본 권한이 하나 있어야 합니다. 다른 권한을 기본으로 지정해 주세요.',
  representLinkProtected: '대표자 본인의 연결은 여기에서 변경할 수 없습니다.',
  alreadyLinked: '이미 시설에 연결된 회원입니다.',
  alreadySubscribed: '이미 신청했거나 사용 중인 부가서비스입니다.',
  approvedSubscription: '승인된 부가서비스는 먼저 해지해야 삭제할 수 있습니다.',
  facilityClosed: '폐업한 시설입니다. 데이터는 읽기만 가능합니다.',
  memberNotFound: '해당 회원을 찾을 수 없습니다.',
  workerAccountOnly: '직원(MEMBER) 계정만 시설에 직원으로 가입 신청할 수 있습니다.',
  facilityNotActive: '인증되지 않은 시설이라 아직 직원 가입 신청을 받을 수 없습니다.',
  joinAlreadyRequested: '이미 가입을 신청했거나 이 시설의 직원입니다.',
  fileTooLarge: '파일이 너무 큽니다. {{max}}MB 이하의 파일만 올릴 수 있습니다.',
  fileTypeNotAllowed:
    '올릴 수 없는 파일입니다. {{types}} 파일만 가능하며, 파일 내용이 확장자와 일치해야 합니다.',
};

const catalogue = { en, ko } as const;

export const translate = (
  lang: Language,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string => interpolate(catalogue[lang][key], params);
