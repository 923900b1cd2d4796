import { toCsv } from '#domain/rules/csv.ts';

// The import wizard's pure parts (docs/rules.md#customers): the template, and matching a file's headers to the
// fields the import takes.

export const importFields = [
  'name',
  'phone',
  'gender',
  'birthDate',
  'memo',
  'marketingConsent',
  'nightConsent',
] as const;
export type ImportField = (typeof importFields)[number];

/** The template's header row, in Korean (what Korean gyms keep their lists in). */
export const TEMPLATE_HEADERS: Record<ImportField, string> = {
  name: '이름',
  phone: '휴대폰',
  gender: '성별',
  birthDate: '생년월일',
  memo: '메모',
  marketingConsent: '마케팅수신동의',
  nightConsent: '야간수신동의',
};

/** The template to fill in, written as every export is (`toCsv`, docs/rules.md#exports). */
export const templateCsv = (): string =>
  toCsv(Object.values(TEMPLATE_HEADERS), [
    ['김민수', '010-1234-5678', '남', '1990-05-17', '오전 운동 선호', '예', '아니오'],
  ]);

const SYNONYMS: Record<ImportField, string[]> = {
  name: ['이름', '성명', '회원명', '고객명', 'name', 'fullname'],
  phone: ['휴대폰', '휴대전화', '전화번호', '연락처', '핸드폰', 'phone', 'mobile', 'tel', 'phonenumber'],
  gender: ['성별', 'gender', 'sex'],
  birthDate: ['생년월일', '생일', 'birthdate', 'birthday', 'birth', 'dob'],
  memo: ['메모', '비고', 'memo', 'note', 'notes'],
  marketingConsent: [
    '마케팅수신동의',
    '마케팅동의',
    '광고수신동의',
    '수신동의',
    'marketingconsent',
    'marketing',
  ],
  nightConsent: ['야간수신동의', '야간동의', 'nightconsent', 'night'],
};

const key = (header: string) => header.replace(/[\s_\-.]/g, '').toLowerCase();

/** Each field's column, guessed from the headers (Korean or English); undefined when none matches. */
export const guessMapping = (headers: readonly string[]): Partial<Record<ImportField, string>> => {
  const mapping: Partial<Record<ImportField, string>> = {};
  for (const field of importFields) {
    const found = headers.find((header) => SYNONYMS[field].includes(key(header)));
    if (found !== undefined) mapping[field] = found;
  }
  return mapping;
};

/** The rows the server takes, read through the mapping; rows with every mapped cell blank are dropped. */
export const mapRows = (
  records: readonly Record<string, string | undefined>[],
  mapping: Partial<Record<ImportField, string>>,
) =>
  records
    .map((record) => {
      const cell = (field: ImportField) => {
        const column = mapping[field];
        return column === undefined ? '' : String(record[column] ?? '').trim();
      };
      return {
        name: cell('name'),
        phone: cell('phone'),
        gender: cell('gender'),
        birthDate: cell('birthDate'),
        memo: cell('memo'),
        marketingConsent: cell('marketingConsent'),
        nightConsent: cell('nightConsent'),
      };
    })
    .filter((row) => Object.values(row).some((value) => value !== ''));
