import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvFormulaConfig, FORMULA_START, toCsv } from './csv.ts';

// The one CSV writer (docs/rules.md#exports): formulas neutralised in text cells, numbers left as numbers, the
// byte order mark, CRLF and papaparse's quoting kept.

/** The cells of a file, without its byte order mark. */
const cells = (csv: string) => Papa.parse<string[]>(csv.slice(1), { newline: '\r\n' }).data;

describe('toCsv', () => {
  it.each([
    ['=', '=HYPERLINK("http://x","y")'],
    ['+', '+1'],
    ['-', '-1+1'],
    ['@', '@SUM(1+1)'],
    ['a tab', '\t=1+1'],
    ['a carriage return', '\r=1+1'],
  ])('prefixes a text cell starting with %s with a single quote', (_, text) => {
    const csv = toCsv(['name'], [[text]]);
    expect(cells(csv)[1]).toEqual([`'${text}`]);
    // Quoted, so that the quote is part of the cell and not a stray character before it.
    expect(csv).toContain(`"'${text.replaceAll('"', '""')}"`);
  });

  it('escapes a formula even when a line break follows it (papaparse’s own pattern does not)', () => {
    expect(cells(toCsv(['memo'], [['=1+1\nnote']]))[1]).toEqual(["'=1+1\nnote"]);
    expect(Papa.unparse([['=1+1\nnote']], { escapeFormulae: true })).not.toContain("'");
  });

  it('leaves text with a dangerous character later on, or after a space, as it is', () => {
    const csv = toCsv(['a', 'b', 'c', 'd'], [['김민수', 'a=1', '010-1234-5678', ' =1']]);
    expect(cells(csv)[1]).toEqual(['김민수', 'a=1', '010-1234-5678', ' =1']);
  });

  it('writes numbers as numbers, negative ones too, and escapes text that only looks like one', () => {
    const csv = toCsv(
      ['amount', 'text'],
      [
        [-20_000, '-20000'],
        [0, '+3'],
        [1.5, ''],
      ],
    );
    expect(csv).toContain('\r\n-20000,"\'-20000"\r\n');
    expect(csv).toContain('\r\n0,"\'+3"\r\n');
    expect(csv.endsWith('\r\n1.5,')).toBe(true);
  });

  it('quotes commas, quotes and line breaks, and writes null and undefined as empty cells', () => {
    const csv = toCsv(
      ['a', 'b', 'c', 'd'],
      [
        ['x, y', 'say "hi"', 'two\nlines', null],
        [undefined, 'z', '', ''],
      ],
    );
    expect(csv).toBe('\uFEFFa,b,c,d\r\n"x, y","say ""hi""","two\nlines",\r\n,z,,');
    expect(cells(csv).slice(1)).toEqual([
      ['x, y', 'say "hi"', 'two\nlines', ''],
      ['', 'z', '', ''],
    ]);
  });

  it('starts with the byte order mark, ends lines with CRLF, and writes an empty row as an empty line', () => {
    const csv = toCsv(['이름', '금액'], [['김민수', 1000], [], ['합계', 1000]]);
    expect(csv).toBe('\uFEFF이름,금액\r\n김민수,1000\r\n\r\n합계,1000');
    expect(toCsv(['a'], [])).toBe('\uFEFFa\r\n');
  });

  it('escapes a header that starts like a formula too', () => {
    expect(cells(toCsv(['-note'], []))[0]).toEqual(["'-note"]);
  });
});

describe('csvFormulaConfig', () => {
  it('is the same rule for a papaparse call that is not ours', () => {
    expect(csvFormulaConfig.escapeFormulae).toBe(FORMULA_START);
    const csv = Papa.unparse([{ name: '@SUM(1+1)', amount: -5 }], { quotes: true, ...csvFormulaConfig });
    expect(csv).toBe('"name","amount"\r\n"\'@SUM(1+1)","-5"');
  });
});
