// biome-ignore lint/suspicious/noExplicitAny: a key part takes whatever its page passes (ids, filters, months).
type KeyParts = Record<string, (...args: any[]) => readonly unknown[]>;

export type QueryKeys<Root extends string, Parts extends KeyParts> = { all: readonly [Root] } & {
  [K in keyof Parts]: (...args: Parameters<Parts[K]>) => readonly [Root, K, ...ReturnType<Parts[K]>];
};

/**
 * A module's React Query keys (receipt-api.ts, trainer-keys.ts): `all` is `[root]`, so one write clears the module,
 * and each named key is `[root, name, ...parts]`.
 *
 *   const trainerKeys = queryKeys('trainers', { list: (gymId: number) => [gymId] });
 *   trainerKeys.list(3) // ['trainers', 'list', 3]
 */
export const queryKeys = <const Root extends string, const Parts extends KeyParts>(
  root: Root,
  parts: Parts,
): QueryKeys<Root, Parts> => {
  const keys: Record<string, unknown> = { all: [root] as const };
  for (const [name, part] of Object.entries(parts))
    keys[name] = (...args: unknown[]) => [root, name, ...part(...args)];
  return keys as QueryKeys<Root, Parts>;
};
