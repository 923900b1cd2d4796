import { digitsOnly } from './text.ts';

// A facility's customers: mobile numbers, search keys, masking, lead sources (docs/rules.md#customers).

const MOBILE = /^01[016789]\d{7,8}$/;

/**
 * A Korean mobile number as its digits, the import's dedupe key (docs/rules.md#customers). Spaces, hyphens, dots
 * and parentheses are dropped and a leading +82 becomes 0 (+82 10-… and +82 (0)10-… both work). Valid only as
 * 01[016789] followed by 7 or 8 digits; anything else is null.
 */
export const normalizeMobile = (input: string): string | null => {
  let value = input.replace(/[\s\-.()]/g, '');
  if (value.startsWith('+82')) {
    const rest = value.slice(3);
    value = rest.startsWith('0') ? rest : `0${rest}`;
  }
  return MOBILE.test(value) ? value : null;
};

/** A search that looks like a phone number (3 or more digits once spaces and hyphens go): its digits, else null (docs/rules.md#customers). */
export const phoneSearchDigits = (q: string): string | null => {
  const value = q.replace(/[\s-]/g, '');
  return /^\d{3,}$/.test(value) ? value : null;
};

/** A name search matches without spaces: the query without them (docs/rules.md#customers). */
export const nameSearchKey = (q: string): string => q.replace(/\s+/g, '');

/**
 * A name for lists, keeping the first and last letter: 김민수 → 김*수, 남궁민수 → 남**수, 김수 → 김*, John Kim → J******m;
 * one letter stays as it is (docs/rules.md#customers).
 */
export const maskName = (name: string): string => {
  const chars = Array.from(name.trim());
  if (chars.length <= 1) return chars.join('');
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
};

/**
 * A phone number for lists, the middle part hidden: 010-1234-5678 → 010-****-5678, 0111235678 → 011-***-5678,
 * 02-1234-5678 → 02-****-5678; any other length keeps only its last 4 digits (docs/rules.md#customers).
 */
export const maskPhone = (phone: string): string => {
  const d = digitsOnly(phone);
  const last4 = d.slice(-4);
  if (d.startsWith('02') && (d.length === 9 || d.length === 10))
    return `02-${'*'.repeat(d.length - 6)}-${last4}`;
  if (d.length === 11 || d.length === 10) return `${d.slice(0, 3)}-${'*'.repeat(d.length - 7)}-${last4}`;
  return d.length > 4 ? `${'*'.repeat(d.length - 4)}${last4}` : '****';
};

/** How a customer heard of the facility (docs/rules.md#customers). */
export const leadSources = ['WALK_IN', 'REFERRAL', 'ONLINE', 'SNS', 'FLYER', 'CONSULT', 'OTHER'] as const;
export type LeadSource = (typeof leadSources)[number];
