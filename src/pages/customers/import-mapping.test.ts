import { describe, expect, it } from 'vitest';
import { guessMapping, mapRows, templateCsv } from './import-mapping.ts';
import { paymentsTotal, remainder } from './money.ts';

describe('the import mapping', () => {
  it('guesses Korean and English headers', () => {
    expect(guessMapping(['성명', '연락처', '비고'])).toEqual({ name: '성명', phone: '연락처', memo: '비고' });
    expect(guessMapping(['Name', 'Phone Number', 'Birth Date'])).toEqual({
      name: 'Name',
      phone: 'Phone Number',
      birthDate: 'Birth Date',
    });
    expect(guessMapping(['a', 'b'])).toEqual({});
    expect(guessMapping(['마케팅수신동의', '야간 수신동의'])).toEqual({
      marketingConsent: '마케팅수신동의',
      nightConsent: '야간 수신동의',
    });
    expect(guessMapping(['Marketing consent', 'Night_Consent'])).toEqual({
      marketingConsent: 'Marketing consent',
      nightConsent: 'Night_Consent',
    });
  });

  it('reads rows through the mapping and drops blank ones', () => {
    const rows = mapRows(
      [
        { 이름: ' 김민수 ', 휴대폰: '010-1234-5678' },
        { 이름: '', 휴대폰: '' },
      ],
      { name: '이름', phone: '휴대폰' },
    );
    expect(rows).toEqual([
      {
        name: '김민수',
        phone: '010-1234-5678',
        gender: '',
        birthDate: '',
        memo: '',
        marketingConsent: '',
        nightConsent: '',
      },
    ]);
  });

  it('writes a template with a BOM and Korean headers', () => {
    expect(templateCsv()).toBe(
      '\uFEFF이름,휴대폰,성별,생년월일,메모,마케팅수신동의,야간수신동의\r\n김민수,010-1234-5678,남,1990-05-17,오전 운동 선호,예,아니오',
    );
  });
});

describe('payment lines', () => {
  it('sums what is typed and leaves the rest unpaid', () => {
    expect(paymentsTotal([{ amount: 300_000 }, { amount: null }, {}])).toBe(300_000);
    expect(remainder(600_000, [{ amount: 300_000 }])).toBe(300_000);
    expect(remainder(100, [{ amount: 300 }])).toBe(0);
  });
});
