import type { Language } from '#domain/enums.ts';

type Localized = Record<Language, string>;

/**
 * The company behind the service, shown in the footer (docs/rules.md#public-pages) and the legal pages. One
 * place to change. The values are fictional placeholders for this build: replace them with the registered
 * details before launch.
 */
export const company = {
  name: { en: 'FitDesk Inc.', ko: '주식회사 핏데스크' } satisfies Localized,
  brand: { en: 'FitDesk', ko: '핏데스크' } satisfies Localized,
  representative: { en: 'Kim Minjun', ko: '김민준' } satisfies Localized,
  email: 'help@fitdesk.example',
  /** 사업자등록번호: 3-2-5 digits with a valid National Tax Service check digit. */
  businessRegistrationNumber: '123-45-67891',
  /** 통신판매업 신고번호. */
  mailOrderNumber: { en: '2026-Seoul Gangnam-01234', ko: '제2026-서울강남-01234호' } satisfies Localized,
  address: {
    en: '4F, 123 Teheran-ro, Gangnam-gu, Seoul 06234, Republic of Korea',
    ko: '(06234) 서울특별시 강남구 테헤란로 123, 4층',
  } satisfies Localized,
  phone: '02-1234-5678',
  /** 개인정보 보호책임자 (PIPA Article 31). */
  privacyOfficer: {
    name: { en: 'Lee Seoyeon', ko: '이서연' } satisfies Localized,
    email: 'privacy@fitdesk.example',
  },
} as const;

export type Company = typeof company;
