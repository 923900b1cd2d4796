import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys.ts';

describe('queryKeys', () => {
  const keys = queryKeys('trainers', {
    list: (gymId: number) => [gymId],
    pay: (id: number, month: string) => [id, month],
    everything: () => [],
  });

  it('roots every key at the module, so one write can clear them all', () => {
    expect(keys.all).toEqual(['trainers']);
    expect(keys.list(3)).toEqual(['trainers', 'list', 3]);
    expect(keys.pay(7, '2026-03')).toEqual(['trainers', 'pay', 7, '2026-03']);
    expect(keys.everything()).toEqual(['trainers', 'everything']);
  });
});
