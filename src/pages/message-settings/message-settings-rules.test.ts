import { describe, expect, it } from 'vitest';
import { messageSenderCreateSchema } from '#domain/schemas/message-settings.ts';
import {
  autoParamFields,
  autoParamProblems,
  canResubmit,
  extraDocumentOf,
  formatSenderNumber,
  hourLabel,
  paramsFor,
  senderNumberProblem,
  smsTextProblems,
  templateContentProblems,
  usesSendHour,
} from './message-settings-rules.ts';
import { insertAt } from './text-tools.tsx';

describe('the sender number mirror', () => {
  it.each([
    ['02-1234-5678', undefined],
    ['1588-1234', undefined],
    ['01012345678', undefined],
    ['12345678', undefined],
    ['1234567', 'invalidFormat'],
    ['010123456789', 'invalidFormat'],
    ['02-12a4-5678', 'invalidFormat'],
    ['', 'required'],
    ['   ', 'required'],
    [undefined, 'required'],
  ] as const)('%s → %s', (raw, problem) => {
    expect(senderNumberProblem(raw)).toBe(problem);
  });

  it('agrees with the server schema on every case', () => {
    for (const phone of ['02-1234-5678', '1588-1234', '1234567', '010123456789', '02 1234 5678']) {
      const server = messageSenderCreateSchema.safeParse({
        gymId: 1,
        phone,
        proofFile: '/web/file/abc',
      }).success;
      expect(senderNumberProblem(phone) === undefined, phone).toBe(server);
    }
  });

  it.each([
    ['15881234', '1588-1234'],
    ['025551234', '02-555-1234'],
    ['0212345678', '02-1234-5678'],
    ['0311234567', '031-123-4567'],
    ['01012345678', '010-1234-5678'],
    ['12345678', '12345678'],
  ])('writes %s as %s', (digits, written) => {
    expect(formatSenderNumber(digits)).toBe(written);
  });

  it('asks for the second document only when the number is not the facility’s', () => {
    expect(extraDocumentOf('GYM')).toBeUndefined();
    expect(extraDocumentOf('EMPLOYEE')).toBe('employment');
    expect(extraDocumentOf('OTHER')).toBe('attorney');
  });

  it('resubmits only after DENY or NEED', () => {
    expect(canResubmit('DENY')).toBe(true);
    expect(canResubmit('NEED')).toBe(true);
    expect(canResubmit('REQUEST')).toBe(false);
    expect(canResubmit('APPROVE')).toBe(false);
  });
});

describe('the template text mirror', () => {
  it('accepts the known variables', () => {
    expect(templateContentProblems('#{이름}님, #{이용권}이 #{종료일}에 끝납니다.')).toEqual([]);
  });

  it('names the unknown variables, each once', () => {
    expect(templateContentProblems('#{이름} #{나이} #{나이} #{키}')).toEqual([
      { key: 'unknownVariable', names: '나이, 키' },
    ]);
  });

  it('requires content and caps it at 1,000 characters', () => {
    expect(templateContentProblems('  ')).toEqual([{ key: 'required' }]);
    expect(templateContentProblems('가'.repeat(1000))).toEqual([]);
    expect(templateContentProblems('가'.repeat(1001))).toEqual([{ key: 'tooLong', max: 1000 }]);
  });

  it('lets a fallback be empty, but not an automatic message’s text', () => {
    expect(smsTextProblems('', false)).toEqual([]);
    expect(smsTextProblems('', true)).toEqual([{ key: 'required' }]);
  });

  it('refuses what EUC-KR cannot carry, over 2,000 bytes, and unknown variables in the SMS text', () => {
    expect(smsTextProblems('안녕하세요 😀', false)).toEqual([{ key: 'unsupported', chars: '😀' }]);
    expect(smsTextProblems('가'.repeat(1000), true)).toEqual([]);
    expect(smsTextProblems('가'.repeat(1001), true)).toEqual([{ key: 'tooLong', max: 2000 }]);
    expect(smsTextProblems('#{미수금}원 #{금액}', true)).toEqual([{ key: 'unknownVariable', names: '금액' }]);
  });

  it('writes a variable where the caret stands', () => {
    expect(insertAt('안녕 님', 3, '#{이름}')).toBe('안녕 #{이름}님');
    expect(insertAt('끝', undefined, '#{이름}')).toBe('끝#{이름}');
    expect(insertAt('abc', 99, 'X')).toBe('abcX');
  });
});

describe('the automatic messages’ numbers', () => {
  it('gives each kind its own numbers', () => {
    expect(autoParamFields('UNPAID')).toEqual(['afterDays', 'everyDays', 'maxTimes']);
    expect(autoParamFields('BOOKING_REMINDER')).toEqual(['hoursBefore']);
    expect(autoParamFields('NO_VISIT')).toEqual(['days']);
    expect(autoParamFields('BIRTHDAY')).toEqual([]);
  });

  it('finds the missing and out-of-bounds numbers', () => {
    expect(autoParamProblems('UNPAID', { afterDays: 3, everyDays: 7, maxTimes: 3 })).toEqual([]);
    expect(autoParamProblems('UNPAID', { afterDays: 0, everyDays: 7 })).toEqual([
      { field: 'afterDays', min: 1, max: 365 },
      { field: 'maxTimes', min: 1, max: 30 },
    ]);
    expect(autoParamProblems('BOOKING_REMINDER', { hoursBefore: 73 })).toEqual([
      { field: 'hoursBefore', min: 1, max: 72 },
    ]);
    expect(autoParamProblems('NO_VISIT', { days: 1.5 })).toEqual([{ field: 'days', min: 1, max: 365 }]);
    expect(autoParamProblems('BIRTHDAY', {})).toEqual([]);
  });

  it('sends only a kind’s own numbers', () => {
    expect(paramsFor('NO_VISIT', { days: 14, afterDays: 3 })).toEqual({ days: 14 });
    expect(paramsFor('PASS_END_7', { days: 14 })).toEqual({});
  });

  it('shows the send hour only for the day’s messages', () => {
    expect(usesSendHour('PASS_END_7', false)).toBe(true);
    expect(usesSendHour('BOOKING_CONFIRMED', true)).toBe(false);
    expect(usesSendHour('BOOKING_REMINDER', false)).toBe(false);
    expect(hourLabel(9)).toBe('09:00');
    expect(hourLabel(21)).toBe('21:00');
  });
});
