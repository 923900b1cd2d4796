import { describe, expect, it } from 'vitest';
import { dailyTimeOf, percentOf } from './backups-model.ts';

describe('the backups page', () => {
  it('words a daily BACKUP_CRON as its time, and leaves any other schedule as written', () => {
    expect(dailyTimeOf('0 3 * * *')).toBe('03:00');
    expect(dailyTimeOf(' 30 23 * * * ')).toBe('23:30');
    expect(dailyTimeOf('0 0 3 * * *')).toBe('03:00');
    expect(dailyTimeOf('15 0 3 * * *')).toBeUndefined();
    expect(dailyTimeOf('0 3 * * 1')).toBeUndefined();
    expect(dailyTimeOf('0 */6 * * *')).toBeUndefined();
    expect(dailyTimeOf('* * * * * *')).toBeUndefined();
    expect(dailyTimeOf('0 24 * * *')).toBeUndefined();
  });

  it('measures progress by the steps done and the share of the current one', () => {
    const run = { startedAt: '2026-01-01T00:00:00.000Z', trigger: 'console' as const, who: null };
    expect(percentOf({ ...run, step: 'counts' })).toBe(0);
    expect(percentOf({ ...run, step: 'uploads', done: 5, total: 10 })).toBe(50);
    expect(percentOf({ ...run, step: 'prune' })).toBe(80);
    expect(percentOf({ ...run, step: 'prune', done: 2, total: 2 })).toBe(100);
  });
});
