import { describe, expect, it } from 'vitest';
import { addressKey, createWindowLimiter } from './window-limit.ts';

describe('createWindowLimiter', () => {
  const at = (ms: number) => () => new Date(ms);

  it('counts hits in every window and answers the longest wait once one is full', () => {
    let now = 0;
    const limiter = createWindowLimiter({
      limits: [
        { max: 2, windowMs: 1000 },
        { max: 3, windowMs: 10_000 },
      ],
      clock: () => at(now)(),
    });
    expect(limiter.hit('a')).toBe(0);
    expect(limiter.hit('a')).toBe(0);
    now = 400;
    expect(limiter.hit('a')).toBe(600);
    // A refused hit is not counted.
    now = 1000;
    expect(limiter.hit('a')).toBe(0);
    now = 2000;
    expect(limiter.hit('a')).toBe(8000);
    expect(limiter.hit('b')).toBe(0);
    now = 10_000;
    expect(limiter.hit('a')).toBe(0);
  });

  it('keeps at most maxKeys keys, forgetting the least recently seen', () => {
    const limiter = createWindowLimiter({ limits: [{ max: 1, windowMs: 60_000 }], clock: at(0), maxKeys: 2 });
    limiter.hit('a');
    limiter.hit('b');
    limiter.hit('a');
    limiter.hit('c');
    expect(limiter.size).toBe(2);
    expect(limiter.hit('a')).toBeGreaterThan(0);
    expect(limiter.hit('b')).toBe(0);
  });
});

describe('addressKey', () => {
  it.each([
    ['10.1.2.3', '10.1.2.3'],
    ['::ffff:10.1.2.3', '10.1.2.3'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:fffe', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s -> %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });
});
