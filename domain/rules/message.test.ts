import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALIMTALK_MAX_CHARS,
  advertisingFrame,
  advertisingSendAt,
  alimtalkTooLong,
  autoMessageIsAdvertising,
  autoMessageKinds,
  consentRenewalDue,
  consentRenewalDueDate,
  DEFAULT_AUTO_TEXTS,
  DEFAULT_MESSAGE_PRICES,
  hasAdvertisingFrame,
  isNightTime,
  isOptOutNumber,
  isSenderNumber,
  LMS_MAX_BYTES,
  nextMorning,
  normalizeMobile,
  pricedAs,
  renderMessage,
  SMS_MAX_BYTES,
  sendCost,
  unknownVariables,
  usedVariables,
  withAdvertisingFrame,
} from './message.ts';
import { analyzeMessage, eucKrBytes, messageKindOf, unsupportedCharacters } from './message-bytes.ts';

const frame = advertisingFrame({
  gymName: '핏데스크 강남점',
  gymContact: '02-555-1234',
  optOutNumber: '080-123-4567',
});

describe('message sizes (docs/rules.md#messaging)', () => {
  it('counts a Korean character as 2 bytes and ASCII as 1', () => {
    expect(eucKrBytes('가')).toBe(2);
    expect(eucKrBytes('a')).toBe(1);
    expect(eucKrBytes('Hello, 1!\n')).toBe(10);
    expect(eucKrBytes('똠쌰뷁')).toBe(6);
    expect(eucKrBytes('')).toBe(0);
  });

  it('fits 45 Korean characters (90 bytes) in an SMS; the 46th makes an LMS', () => {
    const text = '가'.repeat(45);
    expect(analyzeMessage({ text })).toMatchObject({
      bytes: 90,
      kind: 'SMS',
      tooLong: false,
      unsupported: [],
    });
    expect(analyzeMessage({ text: `${text}나` })).toMatchObject({ bytes: 92, kind: 'LMS', tooLong: false });
    expect(analyzeMessage({ text: `${'a'.repeat(89)}가` }).kind).toBe('LMS');
    expect(analyzeMessage({ text: 'a'.repeat(SMS_MAX_BYTES) }).kind).toBe('SMS');
  });

  it('takes 2,000 bytes as an LMS; 2,001 is too long', () => {
    expect(analyzeMessage({ text: '가'.repeat(1000) })).toMatchObject({
      bytes: LMS_MAX_BYTES,
      kind: 'LMS',
      tooLong: false,
    });
    expect(analyzeMessage({ text: `${'가'.repeat(1000)}a` })).toMatchObject({ bytes: 2001, tooLong: true });
  });

  it('caps the subject at 40 bytes', () => {
    expect(analyzeMessage({ text: '본문', subject: '가'.repeat(20) })).toMatchObject({
      subjectBytes: 40,
      tooLong: false,
    });
    expect(analyzeMessage({ text: '본문', subject: '가'.repeat(21) })).toMatchObject({
      subjectBytes: 42,
      tooLong: true,
    });
  });

  it('makes an MMS of any text with an image', () => {
    expect(messageKindOf(10, true)).toBe('MMS');
    expect(analyzeMessage({ text: '사진', hasImage: true }).kind).toBe('MMS');
    expect(messageKindOf(90, false)).toBe('SMS');
    expect(messageKindOf(91, false)).toBe('LMS');
  });

  it('refuses an emoji with its UTF-16 index, a surrogate pair as one character', () => {
    expect(unsupportedCharacters('안녕😀하세요')).toEqual([{ index: 2, char: '😀' }]);
    expect(unsupportedCharacters('a😀b😀')).toEqual([
      { index: 1, char: '😀' },
      { index: 4, char: '😀' },
    ]);
    expect(analyzeMessage({ text: '회원님 🎉', subject: '✅ 안내' })).toMatchObject({
      unsupported: [{ index: 4, char: '🎉' }],
      subjectUnsupported: [{ index: 0, char: '✅' }],
    });
    expect(unsupportedCharacters('\uD83D')).toEqual([{ index: 0, char: '\uD83D' }]);
  });

  it('accepts every Hangul syllable, ASCII and a question mark', () => {
    expect(unsupportedCharacters('?? 가힣 똠 ~!@#$%^&*()')).toEqual([]);
    fc.assert(
      fc.property(fc.integer({ min: 0xac00, max: 0xd7a3 }), (code) => {
        const char = String.fromCodePoint(code);
        expect(unsupportedCharacters(char)).toEqual([]);
        expect(eucKrBytes(char)).toBe(2);
      }),
    );
  });

  it('counts printable ASCII as one byte each', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) }),
        (s) => {
          expect(eucKrBytes(s)).toBe(s.length);
          expect(unsupportedCharacters(s)).toEqual([]);
        },
      ),
    );
  });

  it('counts 알림톡 characters, an emoji as one', () => {
    expect(alimtalkTooLong('가'.repeat(ALIMTALK_MAX_CHARS))).toBe(false);
    expect(alimtalkTooLong('😀'.repeat(ALIMTALK_MAX_CHARS))).toBe(false);
    expect(alimtalkTooLong('a'.repeat(ALIMTALK_MAX_CHARS + 1))).toBe(true);
  });
});

describe('message variables', () => {
  it('renders known variables and finds the unknown ones', () => {
    const text = '#{이름}님, #{이용권}이 #{종료일}에 끝납니다. 나이: #{나이} #{ 이름 }';
    expect(unknownVariables(text)).toEqual(['나이']);
    expect(usedVariables(text)).toEqual(['이름', '이용권', '종료일']);
    expect(renderMessage(text, { 이름: '김철수', 이용권: '헬스 3개월' })).toBe(
      '김철수님, 헬스 3개월이 에 끝납니다. 나이: #{나이} 김철수',
    );
  });

  it('lists each name once and knows a text without variables', () => {
    expect(unknownVariables('#{키} #{키} #{몸무게}')).toEqual(['키', '몸무게']);
    expect(usedVariables('안녕하세요 #이름 {이름}')).toEqual([]);
    expect(renderMessage('미수금 #{미수금}원', { 미수금: '30,000' })).toBe('미수금 30,000원');
  });

  it('has default texts that use only known variables and fit an LMS', () => {
    for (const kind of autoMessageKinds) {
      const text = DEFAULT_AUTO_TEXTS[kind].ko;
      expect(unknownVariables(text), kind).toEqual([]);
      expect(usedVariables(text).length, kind).toBeGreaterThan(0);
      expect(analyzeMessage({ text }).unsupported, kind).toEqual([]);
      expect(analyzeMessage({ text }).tooLong, kind).toBe(false);
    }
  });

  it('counts birthday and no-visit as advertising, the notices as informational', () => {
    expect(autoMessageKinds.filter((k) => autoMessageIsAdvertising[k])).toEqual(['NO_VISIT', 'BIRTHDAY']);
  });
});

describe('the advertising frame (정보통신망법 제50조)', () => {
  it('frames the content with the mark, the name, the contact and the opt-out', () => {
    const text = withAdvertisingFrame('\n이번 달 PT 20% 할인!\n', frame);
    expect(text).toBe(
      '(광고) 핏데스크 강남점\n이번 달 PT 20% 할인!\n문의 02-555-1234\n무료수신거부 080-123-4567',
    );
    expect(hasAdvertisingFrame(text)).toBe(true);
  });

  it('round-trips any content and opt-out number', () => {
    fc.assert(
      fc.property(fc.string(), fc.stringMatching(/^080-?\d{3,4}-?\d{4}$/), (content, optOutNumber) => {
        expect(isOptOutNumber(optOutNumber)).toBe(true);
        const f = advertisingFrame({ gymName: '짐', gymContact: '010-1234-5678', optOutNumber });
        expect(hasAdvertisingFrame(withAdvertisingFrame(content, f))).toBe(true);
      }),
    );
  });

  it('refuses a text without the exact mark at the start or the opt-out line at the end', () => {
    expect(hasAdvertisingFrame('이번 달 할인\n무료수신거부 080-123-4567')).toBe(false);
    expect(hasAdvertisingFrame(' (광고) 짐\n할인\n무료수신거부 080-123-4567')).toBe(false);
    expect(hasAdvertisingFrame('[광고] 짐\n할인\n무료수신거부 080-123-4567')).toBe(false);
    expect(hasAdvertisingFrame('(광고) 짐\n할인')).toBe(false);
    expect(hasAdvertisingFrame('(광고) 짐\n무료수신거부 080-123-4567\n할인')).toBe(false);
    expect(hasAdvertisingFrame('(광고) 짐\n할인\n무료수신거부 02-123-4567')).toBe(false);
    expect(hasAdvertisingFrame('(광고) 짐\n할인\n무료수신거부 0801234567\n')).toBe(true);
    expect(isOptOutNumber('02-123-4567')).toBe(false);
  });
});

describe('the night window (Asia/Seoul)', () => {
  it('starts at 21:00:00 KST and ends at 08:00:00 KST', () => {
    expect(isNightTime(new Date('2026-05-01T11:59:59Z'))).toBe(false); // 20:59:59 KST
    expect(isNightTime(new Date('2026-05-01T12:00:00Z'))).toBe(true); // 21:00:00 KST
    expect(isNightTime(new Date('2026-05-01T15:00:00Z'))).toBe(true); // 00:00 KST
    expect(isNightTime(new Date('2026-05-01T22:59:59Z'))).toBe(true); // 07:59:59 KST
    expect(isNightTime(new Date('2026-05-01T23:00:00Z'))).toBe(false); // 08:00:00 KST
  });

  it('defers to the next 08:00 KST', () => {
    // 23:30 KST on 1 May → 08:00 KST on 2 May
    expect(nextMorning(new Date('2026-05-01T14:30:00Z')).toISOString()).toBe('2026-05-01T23:00:00.000Z');
    // 02:00 KST on 2 May → 08:00 KST the same day
    expect(nextMorning(new Date('2026-05-01T17:00:00Z')).toISOString()).toBe('2026-05-01T23:00:00.000Z');
    // 08:00 KST is its own morning; 08:00:01 waits for the next one
    expect(nextMorning(new Date('2026-05-01T23:00:00Z')).toISOString()).toBe('2026-05-01T23:00:00.000Z');
    expect(nextMorning(new Date('2026-05-01T23:00:01Z')).toISOString()).toBe('2026-05-02T23:00:00.000Z');
    // across the year
    expect(nextMorning(new Date('2026-12-31T13:00:00Z')).toISOString()).toBe('2026-12-31T23:00:00.000Z');
  });

  it('sends by day at once and at night the next morning', () => {
    const day = new Date('2026-05-01T03:00:00Z'); // 12:00 KST
    expect(advertisingSendAt(day)).toBe(day);
    expect(advertisingSendAt(new Date('2026-05-01T12:00:00Z')).toISOString()).toBe(
      '2026-05-01T23:00:00.000Z',
    );
  });

  it('always lands on a daytime instant within a day', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01Z'), max: new Date('2099-01-01Z'), noInvalidDate: true }),
        (at) => {
          const next = nextMorning(at);
          expect(next.getTime()).toBeGreaterThanOrEqual(at.getTime());
          expect(next.getTime() - at.getTime()).toBeLessThan(24 * 3600 * 1000);
          expect(isNightTime(next)).toBe(false);
          expect(next.getUTCHours()).toBe(23);
          expect(isNightTime(advertisingSendAt(at))).toBe(false);
        },
      ),
    );
  });
});

describe('consent renewal', () => {
  it('falls due two years later, at 00:00 KST of the Seoul date', () => {
    // 2026-03-10 15:00 KST
    expect(consentRenewalDue(new Date('2026-03-10T06:00:00Z')).toISOString()).toBe(
      '2028-03-09T15:00:00.000Z',
    );
    // 2026-03-10 23:30 KST is still 10 March in Seoul, though UTC has 10 March 14:30
    expect(consentRenewalDueDate(new Date('2026-03-10T14:30:00Z'))).toBe('2028-03-10');
    // 2026-03-11 00:30 KST is 11 March in Seoul, while UTC is still on 10 March
    expect(consentRenewalDueDate(new Date('2026-03-10T15:30:00Z'))).toBe('2028-03-11');
  });

  it('takes 28 February for a consent of 29 February', () => {
    expect(consentRenewalDueDate(new Date('2024-02-29T03:00:00Z'))).toBe('2026-02-28');
    expect(consentRenewalDue(new Date('2024-02-29T03:00:00Z')).toISOString()).toBe(
      '2026-02-27T15:00:00.000Z',
    );
    expect(consentRenewalDueDate(new Date('2026-02-28T03:00:00Z'))).toBe('2028-02-28');
  });
});

describe('prices', () => {
  it('multiplies the price of the kind by the recipients', () => {
    expect(sendCost(DEFAULT_MESSAGE_PRICES, 'SMS', 100)).toBe(2000);
    expect(sendCost(DEFAULT_MESSAGE_PRICES, 'LMS', 3)).toBe(150);
    expect(sendCost(DEFAULT_MESSAGE_PRICES, 'MMS', 0)).toBe(0);
    expect(sendCost({ ...DEFAULT_MESSAGE_PRICES, ALIMTALK: 13 }, 'ALIMTALK', 7)).toBe(91);
  });

  it('prices a send by its channel and kind', () => {
    expect(pricedAs('SMS', 'LMS')).toBe('LMS');
    expect(pricedAs('KAKAO', 'SMS')).toBe('ALIMTALK');
    expect(pricedAs('EMAIL', 'SMS')).toBe('EMAIL');
  });
});

describe('phone numbers', () => {
  it('normalises the mobile numbers of a CSV audience', () => {
    expect(normalizeMobile('010-1234-5678')).toBe('01012345678');
    expect(normalizeMobile(' 010 1234 5678 ')).toBe('01012345678');
    expect(normalizeMobile('010.1234.5678')).toBe('01012345678');
    expect(normalizeMobile('+82 10-1234-5678')).toBe('01012345678');
    expect(normalizeMobile('821012345678')).toBe('01012345678');
    expect(normalizeMobile('011-123-4567')).toBe('0111234567');
    expect(normalizeMobile('(016) 1234-5678')).toBe('01612345678');
  });

  it('refuses what is not a mobile number', () => {
    expect(normalizeMobile('')).toBeNull();
    expect(normalizeMobile('010-123-4567')).toBeNull(); // 010 takes 8 digits after it
    expect(normalizeMobile('010123456789')).toBeNull();
    expect(normalizeMobile('02-555-1234')).toBeNull();
    expect(normalizeMobile('012-1234-5678')).toBeNull();
    expect(normalizeMobile('010-1234-567O')).toBeNull();
    expect(normalizeMobile('010-1234-5678 (엄마)')).toBeNull();
    expect(normalizeMobile('++821012345678')).toBeNull();
  });

  it('takes a sender number of 8 to 11 digits', () => {
    expect(isSenderNumber('1588-1234')).toBe(true);
    expect(isSenderNumber('02-555-1234')).toBe(true);
    expect(isSenderNumber('010-1234-5678')).toBe(true);
    expect(isSenderNumber('1234567')).toBe(false);
    expect(isSenderNumber('010-1234-56789')).toBe(false);
    expect(isSenderNumber('02 555 1234')).toBe(false);
    expect(isSenderNumber('15881234a')).toBe(false);
  });
});
