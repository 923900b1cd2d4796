import Papa from 'papaparse';

// The one CSV writer of every export, the server's and the browser's (docs/rules.md#exports): UTF-8 with a byte
// order mark so that Excel in Korea reads Hangul, CRLF line ends, a cell quoted only when it holds a comma, a quote,
// a line break or edge spaces, and no text cell that a spreadsheet would run as a formula.

/**
 * What a spreadsheet takes for the start of a formula (OWASP, "CSV Injection"): `=`, `+`, `-`, `@`, a tab or a
 * carriage return as the first character. Anchored at the start only, so a line break later in the cell does not
 * hide it (papaparse's own `escapeFormulae: true` pattern, `/^[=+\-@\t\r].*$/`, misses `=1+1\nx`).
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell: text, or a number written as it is. Numbers are never escaped, so a refund of -20000 stays a number that
 * the owner's sums count; text that merely looks like a number (`'-1'`) is text, and escaped like any other.
 */
export type CsvCell = string | number | null | undefined;

/** papaparse's options for the rule, for a writer that is not ours (Refine's `useExport`). */
export const csvFormulaConfig = { escapeFormulae: FORMULA_START } as const;

/**
 * The whole file: the byte order mark, the header line, then one line a row (an empty row is an empty line), lines
 * ended by CRLF. Null and undefined cells are empty.
 */
export const toCsv = (fields: readonly string[], rows: readonly (readonly CsvCell[])[]): string =>
  `\uFEFF${Papa.unparse(
    { fields: [...fields], data: rows.map((row) => row.map((cell) => cell ?? '')) },
    { ...csvFormulaConfig, newline: '\r\n' },
  )}`;
