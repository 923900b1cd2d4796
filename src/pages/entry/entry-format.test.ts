import { describe, expect, it } from 'vitest';
import {
  busiestHour,
  defaultRange,
  dotDate,
  entryExportUrl,
  entryQueryOf,
  reasonText,
  seoulDateTime,
  seoulDotDate,
} from './entry-format.ts';

const translate = (key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key;

describe('the entry log formatting (issue 14)', () => {
  it('writes instants as Seoul wall clocks and days dotted', () => {
    // 15:30 UTC on 24 November is 00:30 on the 25th in Seoul.
    expect(seoulDateTime('2026-11-24T15:30:00.000Z')).toBe('2026.11.25 00:30');
    expect(seoulDotDate('2026-11-24T15:30:00.000Z')).toBe('2026.11.25');
    expect(dotDate('2026-03-01')).toBe('2026.03.01');
  });

  it('defaults to the last 7 Seoul days, today included', () => {
    expect(defaultRange('2026-03-02')).toEqual(['2026-02-24', '2026-03-02']);
  });

  it('sends only the filters that are set, the search trimmed, and the export the same filters', () => {
    expect(entryQueryOf({ from: '2026-03-01', to: '2026-03-07', q: '  ' })).toEqual({
      from: '2026-03-01',
      to: '2026-03-07',
    });
    const all = {
      from: '2026-03-01',
      to: '2026-03-07',
      result: 'REFUSED',
      method: 'QR',
      q: ' 김민 ',
    } as const;
    expect(entryQueryOf(all)).toEqual({
      from: '2026-03-01',
      to: '2026-03-07',
      result: 'REFUSED',
      method: 'QR',
      q: '김민',
    });
    expect(entryExportUrl(3, all)).toBe(
      `/web/entry/export/3?from=2026-03-01&to=2026-03-07&result=REFUSED&method=QR&q=${encodeURIComponent('김민')}`,
    );
    expect(entryExportUrl(3, { from: null, to: null, q: '' })).toBe('/web/entry/export/3');
  });

  it('words a refusal as the kiosk does, with its date dotted', () => {
    expect(reasonText(translate, null, null)).toBe('');
    expect(reasonText(translate, 'expired', '2026-03-01')).toBe(
      'entries.reasons.expired {"date":"2026.03.01"}',
    );
    expect(reasonText(translate, 'unpaid', null, '30,000')).toBe(
      'entries.reasons.unpaidAmount {"amount":"30,000"}',
    );
    expect(reasonText(translate, 'unpaid', null)).toBe('entries.reasons.unpaid {"date":"—"}');
  });

  it('finds the busiest hour, or none', () => {
    const byHour = Array.from({ length: 24 }, () => 0);
    expect(busiestHour(byHour)).toBeNull();
    byHour[7] = 3;
    byHour[18] = 5;
    byHour[19] = 5;
    expect(busiestHour(byHour)).toEqual({ hour: 18, count: 5 });
  });
});
