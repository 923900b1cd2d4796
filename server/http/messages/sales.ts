// The sales module's API messages (docs/rules.md#money), in both languages; server/http/messages.ts merges them.
export const salesMessages = {
  en: {},
  ko: {},
} as const satisfies { en: Record<string, string>; ko: Record<string, string> };
