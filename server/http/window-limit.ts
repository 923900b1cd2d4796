import { isIPv6 } from 'node:net';

// A small in-process limiter of hits per key over fixed windows, on the app's clock (tests move it), for limits that
// need more than one window on a route or one count shared by several routes (@fastify/rate-limit keeps one window
// per route). Like that plugin's limits it counts per process (docs/rules.md#join).

export type WindowLimit = { max: number; windowMs: number };

export type WindowLimiter = {
  /**
   * Counts a hit of `key` in every window and answers 0; or, when one of the windows is full already, counts nothing
   * and answers the milliseconds until that window starts over (the longest such wait).
   */
  hit: (key: string) => number;
  readonly size: number;
};

/** At most `maxKeys` keys are kept (the least recently seen go first), so the memory stays bounded. */
export const createWindowLimiter = ({
  limits,
  clock,
  maxKeys = 10_000,
}: {
  limits: readonly WindowLimit[];
  clock: () => Date;
  maxKeys?: number;
}): WindowLimiter => {
  // Per key, per limit: [window start, hits in it].
  const entries = new Map<string, Array<[number, number]>>();
  return {
    hit: (key) => {
      const now = clock().getTime();
      const windows = entries.get(key) ?? limits.map((): [number, number] => [now, 0]);
      limits.forEach((limit, i) => {
        const w = windows[i]!;
        if (now - w[0] >= limit.windowMs || now < w[0]) {
          w[0] = now;
          w[1] = 0;
        }
      });
      let wait = 0;
      limits.forEach((limit, i) => {
        const w = windows[i]!;
        if (w[1] >= limit.max) wait = Math.max(wait, w[0] + limit.windowMs - now);
      });
      if (wait === 0) for (const w of windows) w[1]++;
      entries.delete(key);
      entries.set(key, windows);
      if (entries.size > maxKeys) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      return wait;
    },
    get size() {
      return entries.size;
    },
  };
};

/**
 * The key of a client address: an IPv4 address as it is, an IPv6 address by its /64 network (one subscriber's
 * share, as @fastify/rate-limit does), so that walking one's own /64 does not make a new client at every step.
 */
export const addressKey = (ip: string): string => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('%')[0]!.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = ip.includes('::') ? (tail === '' ? [] : tail.split(':')) : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
};
