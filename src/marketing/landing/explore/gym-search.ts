// GET /web/gym/search?q=: the public search of ACTIVE facilities (docs/architecture.md#api-contract). fetch,
// not axios: the landing stays light.

export type PublicGym = { id: number; name: string; address: string | null };
export type GymSearchResult = { gyms: PublicGym[]; total: number };

export type SearchFailure = {
  /** The API's error code (docs/architecture.md#api-contract), or NETWORK / TIMEOUT when no answer came. */
  code: string;
  statusCode: number;
  /** Seconds to wait, from Retry-After on 429. */
  retryAfter?: number;
};

export class GymSearchError extends Error {
  readonly failure: SearchFailure;
  constructor(failure: SearchFailure, message: string) {
    super(message);
    this.name = 'GymSearchError';
    this.failure = failure;
  }
}

/** Every call gives up after 10 seconds (docs/rules.md#limits-and-constants). */
export const SEARCH_TIMEOUT_MS = 10_000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const toGym = (value: unknown): PublicGym | null => {
  if (!isRecord(value) || typeof value.id !== 'number' || typeof value.name !== 'string') return null;
  return {
    id: value.id,
    name: value.name,
    address: typeof value.address === 'string' ? value.address : null,
  };
};

const codeForStatus = (status: number): string =>
  status === 429
    ? 'RATE_LIMITED'
    : status === 400
      ? 'VALIDATION_FAILED'
      : status >= 500
        ? 'INTERNAL'
        : 'UNKNOWN';

export type SearchOptions = {
  language: string;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
};

export const searchGyms = async (
  query: string,
  { language, signal, fetchImpl = fetch }: SearchOptions,
): Promise<GymSearchResult> => {
  const timeout = AbortSignal.timeout(SEARCH_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetchImpl(`/web/gym/search?q=${encodeURIComponent(query)}`, {
      headers: { Accept: 'application/json', 'Accept-Language': language },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    const code = timeout.aborted ? 'TIMEOUT' : 'NETWORK';
    throw new GymSearchError({ code, statusCode: 0 }, code);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const failure: SearchFailure = {
      code: isRecord(body) && typeof body.code === 'string' ? body.code : codeForStatus(response.status),
      statusCode: response.status,
    };
    const retryAfter = Number(response.headers.get('retry-after'));
    if (Number.isFinite(retryAfter) && retryAfter > 0) failure.retryAfter = Math.ceil(retryAfter);
    const message = isRecord(body) && typeof body.message === 'string' ? body.message : failure.code;
    throw new GymSearchError(failure, message);
  }
  const list = isRecord(body) && Array.isArray(body.data) ? body.data : [];
  const gyms = list.map(toGym).filter((gym): gym is PublicGym => gym !== null);
  const total = isRecord(body) && typeof body.total === 'number' ? body.total : gyms.length;
  return { gyms, total };
};
