import { describe, expect, it } from 'vitest';
import { parsePhonesCsv, phoneOfError } from './phones-csv.ts';

// docs/rules.md#messaging: a CSV audience is one phone per line or a `phone` column; bad lines are named by line.
describe('the phones of a CSV (issue 29)', () => {
  it('reads one phone per line, skipping blank lines, keeping each line number', () => {
    const { phones, bad } = parsePhonesCsv('010-1234-5678\n\n01098765432\r\n+82 10 5555 6666\n');
    expect(phones).toEqual([
      { line: 1, value: '010-1234-5678' },
      { line: 3, value: '01098765432' },
      { line: 4, value: '+82 10 5555 6666' },
    ]);
    expect(bad).toEqual([]);
  });

  it('reads the phone column of a file with a header, a BOM and quotes', () => {
    const csv = '\uFEFFname,phone\n김회원,010-1111-2222\n"이, 회원","010 3333 4444"\n박회원,\n';
    const { phones } = parsePhonesCsv(csv);
    expect(phones).toEqual([
      { line: 2, value: '010-1111-2222' },
      { line: 3, value: '010 3333 4444' },
    ]);
  });

  it('takes a Korean header too', () => {
    expect(parsePhonesCsv('이름,휴대폰\n김,01011112222').phones).toEqual([{ line: 2, value: '01011112222' }]);
  });

  it('names the lines that are not mobile numbers, as the server would', () => {
    const { bad } = parsePhonesCsv('01011112222\n02-555-1234\nhello\n0101111\n');
    expect(bad).toEqual([
      { line: 2, value: '02-555-1234' },
      { line: 3, value: 'hello' },
      { line: 4, value: '0101111' },
    ]);
  });

  it("turns the server's audience.phones.<index> back into the file's line", () => {
    const { phones } = parsePhonesCsv('phone\n01011112222\n\nnot-a-phone\n');
    expect(phoneOfError('audience.phones.1', phones)).toEqual({ line: 4, value: 'not-a-phone' });
    expect(phoneOfError('content', phones)).toBeUndefined();
  });

  it('answers nothing for an empty file', () => {
    expect(parsePhonesCsv('\n\n')).toEqual({ phones: [], bad: [] });
  });
});
