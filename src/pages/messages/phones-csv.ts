import Papa from 'papaparse';
import { normalizeMobile } from '#domain/rules/message.ts';

// A CSV audience (docs/rules.md#messaging): one phone per line, or a column named `phone` (휴대폰, 전화번호,
// 연락처). The values go to the server as written; it judges them (normalizeMobile) and answers a bad one with
// `audience.phones.<index>`, which `lineOfPhoneError` turns back into the file's line.

export type CsvPhone = { line: number; value: string };
export type CsvPhones = { phones: CsvPhone[]; bad: CsvPhone[] };

const HEADER = /^(phone|phones|mobile|휴대폰|휴대전화|휴대폰번호|전화번호|연락처|번호)$/i;

/** The phones of a CSV text, each with its line (1-based); the lines the same rule as the server's refuses. */
export const parsePhonesCsv = (text: string): CsvPhones => {
  const rows = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false }).data;
  const firstRow = rows.findIndex((row) => row.some((cell) => cell.trim() !== ''));
  if (firstRow < 0) return { phones: [], bad: [] };
  const header = rows[firstRow] ?? [];
  const column = header.findIndex((cell) => HEADER.test(cell.trim()));
  const start = column >= 0 ? firstRow + 1 : firstRow;
  const pick = column >= 0 ? column : 0;
  const phones: CsvPhone[] = [];
  for (let index = start; index < rows.length; index += 1) {
    const value = (rows[index]?.[pick] ?? '').trim();
    if (value === '') continue;
    phones.push({ line: index + 1, value });
  }
  return { phones, bad: phones.filter((p) => normalizeMobile(p.value) === null) };
};

/** The CSV's entry of a server field error `audience.phones.<index>`, or undefined for any other field. */
export const phoneOfError = (field: string, phones: readonly CsvPhone[]): CsvPhone | undefined => {
  const match = /^audience\.phones\.(\d+)$/.exec(field);
  return match ? phones[Number(match[1])] : undefined;
};
