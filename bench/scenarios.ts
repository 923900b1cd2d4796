// Benchmark scenarios: each gets a ready server and a signed-in session, and names one request to load.
// Later issues add their hot paths here (lists, searches, uploads).

export type BenchContext = {
  baseUrl: string;
  cookie: string;
  memberId: number;
  /** A facility of the signed-in owner with `staffCount` ACTIVE staff. */
  gymId: number;
  staffCount: number;
  /** The members set (`BENCH_ONLY=members`): customers with 2 or 3 passes, for the pass-list request. */
  customerIds?: number[];
};

export type Scenario = {
  name: string;
  /** What the request looks like; autocannon repeats it. */
  request: (ctx: BenchContext) => {
    method?: 'GET' | 'POST' | 'PUT';
    path: string;
    headers?: Record<string, string>;
    body?: string;
    /** When given, the requests go round these paths (one per request) instead of repeating `path`. */
    paths?: string[];
  };
  /**
   * p99 latency budgets in ms at 50 connections on the 2-core machine; a run over one is flagged.
   * PGlite is one in-process connection, so its p99 is mostly queueing behind the other 49 requests.
   */
  p99BudgetMs: { pglite: number; postgres: number };
};

export const scenarios: Scenario[] = [
  {
    name: 'GET /web/member/validate (live session)',
    request: ({ cookie }) => ({ path: '/web/member/validate', headers: { cookie } }),
    p99BudgetMs: { pglite: 300, postgres: 100 },
  },
  {
    name: 'GET /web/member/{id} (own record)',
    request: ({ cookie, memberId }) => ({ path: `/web/member/${memberId}`, headers: { cookie } }),
    p99BudgetMs: { pglite: 300, postgres: 100 },
  },
  {
    name: 'GET /web/gym-member/worker/list/{gymId} (50 of 60 staff)',
    request: ({ cookie, gymId }) => ({
      path: `/web/gym-member/worker/list/${gymId}?_start=0&_end=50`,
      headers: { cookie },
    }),
    p99BudgetMs: { pglite: 600, postgres: 100 },
  },
  {
    name: 'GET /web/gym-auth/list?gymId= (permission sets)',
    request: ({ cookie, gymId }) => ({ path: `/web/gym-auth/list?gymId=${gymId}`, headers: { cookie } }),
    p99BudgetMs: { pglite: 400, postgres: 100 },
  },
  {
    name: 'GET /web/health',
    request: () => ({ path: '/web/health' }),
    p99BudgetMs: { pglite: 150, postgres: 50 },
  },
];

/**
 * The staff list request sent to the bare baseline (bench/baseline.ts): Fastify and the driver running the same SQL
 * as the app, so the engine's cost is a ratio against it.
 */
export const baselineScenario: Scenario = {
  name: 'baseline: bare Fastify + driver, staff list SQL (50 of 60)',
  request: ({ cookie, gymId }) => ({
    path: `/web/gym-member/worker/list/${gymId}?_start=0&_end=50`,
    headers: { cookie },
  }),
  p99BudgetMs: { pglite: 600, postgres: 100 },
};

/**
 * The members set (`BENCH_ONLY=members`, bench/members-setup.ts): one facility with 100,000 customers and 150,000
 * passes. Run against the app and against the bare baseline, which answers the same paths with the same SQL.
 * Targets on PostgreSQL: p95 ≤ 50 ms and at least half the bare handler's req/s.
 */
export const memberScenarios: Scenario[] = [
  {
    name: 'GET /web/member/total-list?q=김 by pass end (20 of 100k)',
    request: ({ cookie, gymId }) => ({
      path: `/web/member/total-list?gymId=${gymId}&q=${encodeURIComponent('김')}&_sort=passEndDate&_order=asc&_start=0&_end=20`,
      headers: { cookie },
    }),
    p99BudgetMs: { pglite: 600, postgres: 100 },
  },
  {
    name: 'GET /web/member/will-inactive-list?days=7 (20 of 100k)',
    request: ({ cookie, gymId }) => ({
      path: `/web/member/will-inactive-list?gymId=${gymId}&days=7&_start=0&_end=20`,
      headers: { cookie },
    }),
    p99BudgetMs: { pglite: 600, postgres: 100 },
  },
  {
    name: 'GET /web/member/ticket-issue-list/{id} (2-3 passes, 500 customers in turn)',
    request: ({ cookie, gymId, customerIds = [] }) => ({
      path: `/web/member/ticket-issue-list/${customerIds[0]}?gymId=${gymId}`,
      paths: customerIds.map((id) => `/web/member/ticket-issue-list/${id}?gymId=${gymId}`),
      headers: { cookie },
    }),
    p99BudgetMs: { pglite: 600, postgres: 100 },
  },
];
