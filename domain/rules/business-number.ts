// Korean business registration number (사업자등록번호): 3-2-5 digits (docs/rules.md#business-number).

export const BUSINESS_NO_PATTERN = /^\d{3}-\d{2}-\d{5}$/;

/** Formats digits as they are typed: 1234567890 → 123-45-67890 (extra digits are dropped). */
export const formatBusinessNo = (value: string): string => {
  const d = value.replace(/\D/g, '').slice(0, 10);
  if (d.length <= 3) return d;
  if (d.length <= 5) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`;
};

export const isBusinessNoShape = (value: string): boolean => BUSINESS_NO_PATTERN.test(value);

const WEIGHTS = [1, 3, 7, 1, 3, 7, 1, 3, 5] as const;

/**
 * The National Tax Service check digit: the first nine digits weighted 1,3,7,1,3,7,1,3,5, plus the tens of the
 * ninth digit times 5; the tenth digit is (10 - sum % 10) % 10. A failure is a warning, not a block
 * (docs/rules.md#business-number): the server stores any number of the 3-2-5 shape.
 */
export const businessNoChecksumOk = (value: string): boolean => {
  const d = value.replace(/\D/g, '');
  if (d.length !== 10) return false;
  const n = [...d].map(Number);
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += n[i]! * WEIGHTS[i]!;
  sum += Math.floor((n[8]! * 5) / 10);
  return (10 - (sum % 10)) % 10 === n[9];
};

/** The earlier name of {@link businessNoChecksumOk}. */
export const hasValidBusinessNoCheckDigit = businessNoChecksumOk;
