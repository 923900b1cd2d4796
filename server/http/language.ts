import type { FastifyRequest } from 'fastify';
import type { Language } from '#domain/enums.ts';

/**
 * The first of ko/en the client prefers (by q-value), else English, the fallback (docs/rules.md#language).
 */
export const requestLanguage = (request: FastifyRequest): Language =>
  preferredLanguage(request.headers['accept-language']);

/** The same, from the raw `Accept-Language` value (a client error arrives with no parsed request). */
export const preferredLanguage = (header: string | undefined): Language => {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.toLowerCase().slice(0, 2), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.lang === 'ko' || entry.lang === 'en')
    .sort((a, b) => b.q - a.q || a.index - b.index);
  // Safe: the filter above keeps only 'ko' and 'en'.
  return (ranked[0]?.lang as Language | undefined) ?? 'en';
};
