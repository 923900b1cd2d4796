// Validation messages shared by the API (chosen by Accept-Language) and the web app (merged into i18next).
// Schemas name a key of this table as their message; the server and the forms translate it.

const en = {
  required: 'This field is required.',
  invalidType: 'This value has the wrong type.',
  tooShort: 'Use at least {{min}} characters.',
  tooLong: 'Use at most {{max}} characters.',
  tooSmall: 'Must be at least {{min}}.',
  tooBig: 'Must be at most {{max}}.',
  invalidFormat: 'This value is not in the expected format.',
  invalidValue: 'Choose one of the allowed values.',
  unknownField: 'This field cannot be set here.',
  notYours: 'You cannot set this field.',
  controlCharacter: 'Remove the control characters: only line breaks and tabs are allowed.',
  userIdFormat: 'Use 4 to 20 letters, digits, dots, underscores or hyphens.',
  passwordWeak: 'Use at least 8 characters, with letters and digits.',
  consentRequired: 'This agreement is required to sign up.',
  resetCodeFormat: 'Enter the 6 digits of the code.',
  phoneFormat: 'Enter a phone number of 10 or 11 digits.',
  emailFormat: 'Enter a valid email address.',
  dateFormat: 'Enter a date as YYYY-MM-DD.',
  nameRequired: 'Enter a name.',
  passwordMismatch: 'The passwords do not match.',
  passwordSame: 'Choose a password different from the current one.',
  businessNoFormat: 'Enter the business number as 123-45-67890.',
  postNoFormat: 'Enter a 5-digit postal code.',
  timeFormat: 'Enter a time as HH:mm.',
  requiredForReview: 'This is required to request verification.',
  inactiveReasonRequired: 'Give the reason for the rejection.',
  documentNotUploaded: 'Upload this document again: it is not one of your uploaded files.',
  tooManyFiles: 'Send at most 10 files at once.',
  gymNameForOwnersOnly: 'Only representative accounts register a facility when they join.',
} as const;

export type ValidationKey = keyof typeof en;

const ko: Record<ValidationKey, string> = {
  required: '필수 입력 항목입니다.',
  invalidType: '값의 형식이 올바르지 않습니다.',
  tooShort: '{{min}}자 이상 입력해 주세요.',
  tooLong: '{{max}}자 이하로 입력해 주세요.',
  tooSmall: '{{min}} 이상이어야 합니다.',
  tooBig: '{{max}} 이하여야 합니다.',
  invalidFormat: '형식이 올바르지 않습니다.',
  invalidValue: '허용된 값 중에서 선택해 주세요.',
  unknownField: '이 항목은 여기에서 설정할 수 없습니다.',
  notYours: '이 항목을 변경할 권한이 없습니다.',
  controlCharacter: '제어 문자는 입력할 수 없습니다. 줄바꿈과 탭만 사용할 수 있습니다.',
  userIdFormat: '영문, 숫자, 마침표(.), 밑줄(_), 하이픈(-)으로 4~20자를 입력해 주세요.',
  passwordWeak: '영문과 숫자를 포함해 8자 이상 입력해 주세요.',
  consentRequired: '회원가입에 필요한 필수 동의입니다.',
  resetCodeFormat: '인증번호 6자리 숫자를 입력해 주세요.',
  phoneFormat: '10자리 또는 11자리 전화번호를 입력해 주세요.',
  emailFormat: '올바른 이메일 주소를 입력해 주세요.',
  dateFormat: '날짜를 YYYY-MM-DD 형식으로 입력해 주세요.',
  nameRequired: '이름을 입력해 주세요.',
  passwordMismatch: '비밀번호가 일치하지 않습니다.',
  passwordSame: '현재 비밀번호와 다른 비밀번호를 입력해 주세요.',
  businessNoFormat: '사업자등록번호를 123-45-67890 형식으로 입력해 주세요.',
  postNoFormat: '5자리 우편번호를 입력해 주세요.',
  timeFormat: '시간을 HH:mm 형식으로 입력해 주세요.',
  requiredForReview: '인증을 요청하려면 입력해야 합니다.',
  inactiveReasonRequired: '반려 사유를 입력해 주세요.',
  documentNotUploaded: '이 서류를 다시 올려 주세요. 직접 올린 파일이 아닙니다.',
  tooManyFiles: '한 번에 10개까지 올릴 수 있습니다.',
  gymNameForOwnersOnly: '대표자 계정만 가입할 때 시설을 등록할 수 있습니다.',
};

export const validationMessages = { en, ko } as const;

export const isValidationKey = (value: string): value is ValidationKey => value in en;

/** Fills {{name}} placeholders, the way i18next does. */
export const interpolate = (text: string, params: Record<string, string | number> = {}): string =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));

export const translateValidation = (
  lang: 'en' | 'ko',
  key: ValidationKey,
  params: Record<string, string | number> = {},
): string => interpolate(validationMessages[lang][key], params);
