// The bare baseline of the check-in set (`BENCH_ONLY=checkin`, bench/checkin.ts): Fastify and a driver, no engine,
// no zod, no Drizzle. It answers `POST /web/entry/kiosk/check` (method CARD) with the core of a kiosk check-in,
// the statements of bench/checkin-sql.ts sent as prepared statements (named on `pg`; PGlite has no names):
//   1. the kiosk of the token, with the ENTER add-on check folded in (the app sends these as two statements);
//   then in one transaction:
//   2. the facility's customer with the card, locked (`for update`) so that two taps of one customer queue;
//   3. their allowed entry of the last 60 seconds: a double tap is answered again and nothing is written;
//   4. their passes with the sessions used, the holds and today's ENTRY use (the app's `passesOf`);
//   5. the entry log row, and 6. the usage ledger's ENTRY row when the entry uses a session.
// The decision is the app's own pure `decideCheckIn` (domain/rules/entry.ts), with the default rules (an unpaid
// balance does not block). Left out, against the app: the facility's rules, the pass's row lock and its re-read,
// the customer's last visit and the refresh of the customer's list summary, the facility's writable check, and the
// answer's pass end date on a repeat. The customer's row lock already serialises the entries of one customer,
// and so of their passes, in this bench.
//   BASELINE_DATABASE_URL=postgres://…  or  BASELINE_PGLITE_DIR=<DATA_DIR>/db   node --import tsx bench/checkin-baseline.ts

import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import Fastify from 'fastify';
import pg from 'pg';
import {
  type CheckInPass,
  DOUBLE_TAP_SECONDS,
  decideCheckIn,
  maskName,
  RENEW_SOON_DAYS,
} from '#domain/rules/entry.ts';
import { daysLeft, type HoldSpan, sessionsLeft } from '#domain/rules/passes.ts';
import { addDays, seoulDayStartUtc, seoulToday } from '#domain/rules/seoul-time.ts';
import {
  CUSTOMER_BY_CARD_SQL,
  INSERT_ENTRY_SQL,
  INSERT_USAGE_SQL,
  KIOSK_SQL,
  PASSES_SQL,
  RECENT_ENTRY_SQL,
} from './checkin-sql.ts';

type Row = Record<string, unknown>;
type Query = (name: string, text: string, values: unknown[]) => Promise<Row[]>;
type Database = { query: Query; transaction: <T>(work: (query: Query) => Promise<T>) => Promise<T> };

const open = async (): Promise<Database> => {
  const url = process.env.BASELINE_DATABASE_URL;
  if (url) {
    // The app's pool size (server/db/client.ts).
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return {
      query: async (name, text, values) => (await pool.query({ name, text, values })).rows,
      transaction: async (work) => {
        const client = await pool.connect();
        try {
          await client.query('begin');
          const result = await work(
            async (name, text, values) => (await client.query({ name, text, values })).rows,
          );
          await client.query('commit');
          return result;
        } catch (error) {
          await client.query('rollback').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      },
    };
  }
  const dir = process.env.BASELINE_PGLITE_DIR;
  if (!dir) throw new Error('set BASELINE_DATABASE_URL or BASELINE_PGLITE_DIR');
  const client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  return {
    query: async (_name, text, values) => (await client.query<Row>(text, values)).rows,
    transaction: (work) =>
      client.transaction((tx) =>
        work(async (_name, text, values) => (await tx.query<Row>(text, values)).rows),
      ),
  };
};

const db = await open();
const app = Fastify({ logger: false });

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

const emptyAnswer = {
  outcome: 'UNKNOWN',
  entryId: null,
  name: null,
  photoUrl: null,
  passName: null,
  reason: null,
  reasonDate: null,
  unpaidAmount: null,
  sessionUsed: false,
  sessionsLeft: null,
  daysLeft: null,
  endDate: null,
  renewSoon: false,
  repeat: false,
  choices: [] as { choice: number; maskedName: string; photoUrl: string | null }[],
};

app.get('/web/health', async () => {
  await db.query('ck_health', 'select 1', []);
  return { data: { status: 'ok' } };
});

app.post<{ Body: { method?: unknown; code?: unknown } }>('/web/entry/kiosk/check', async (request, reply) => {
  const token = request.headers['x-entry-token'];
  if (typeof token !== 'string') return reply.status(401).send({ error: 'UNAUTHENTICATED' });
  const now = new Date();
  const [kiosk] = await db.query('ck_kiosk', KIOSK_SQL, [sha256(token), now]);
  if (!kiosk) return reply.status(401).send({ error: 'UNAUTHENTICATED' });
  const { method, code } = request.body ?? {};
  if (method !== 'CARD' || typeof code !== 'string' || !code.trim())
    return reply.status(400).send({ error: 'VALIDATION_FAILED' });
  const gymId = Number(kiosk.gym_id);
  const kioskId = Number(kiosk.id);

  const data = await db.transaction(async (query) => {
    const found = await query('ck_card', CUSTOMER_BY_CARD_SQL, [gymId, code.trim()]);
    if (found.length === 0) return emptyAnswer;
    if (found.length > 1)
      return {
        ...emptyAnswer,
        outcome: 'CHOOSE',
        choices: found.map((f) => ({
          choice: Number(f.id),
          maskedName: maskName(String(f.name)),
          photoUrl: text(f.image),
        })),
      };
    const customer = found[0]!;
    const memberId = Number(customer.id);
    const who = { name: maskName(String(customer.name)), photoUrl: text(customer.image) };

    const [recent] = await query('ck_recent', RECENT_ENTRY_SQL, [
      memberId,
      new Date(now.getTime() - DOUBLE_TAP_SECONDS * 1000),
      now,
    ]);
    if (recent)
      return {
        ...emptyAnswer,
        ...who,
        outcome: 'ALLOWED',
        entryId: Number(recent.id),
        passName: text(recent.pass_name),
        sessionUsed: recent.session_used === true,
        sessionsLeft: num(recent.sessions_left),
        daysLeft: num(recent.days_left),
        repeat: true,
      };

    const today = seoulToday(now);
    const rows = await query('ck_passes', PASSES_SQL, [
      gymId,
      memberId,
      seoulDayStartUtc(today),
      seoulDayStartUtc(addDays(today, 1)),
    ]);
    const passes: CheckInPass[] = rows.map((r) => ({
      id: Number(r.id),
      name: String(r.ticket_name),
      status: r.status as CheckInPass['status'],
      startDate: String(r.start_date),
      endDate: text(r.end_date),
      sessionCount: num(r.session_count),
      sessionsUsed: Number(r.sessions_used),
      holds: (typeof r.holds === 'string' ? JSON.parse(r.holds) : r.holds) as HoldSpan[],
      entryUsesSession: r.entry_uses_session === true,
      dayBased: r.period_amount !== null,
      sessionUsedToday: r.session_used_today === true,
    }));
    const unpaidAmount = Number(customer.unpaid_amount);
    const decision = decideCheckIn({ passes, today, blockUnpaid: false, unpaidAmount });
    const chosen = decision.passId === null ? null : (passes.find((p) => p.id === decision.passId) ?? null);
    const left = decision.allowed
      ? decision.sessionsLeft
      : chosen
        ? sessionsLeft(chosen.sessionCount, chosen.sessionsUsed)
        : null;
    const days = decision.allowed ? decision.daysLeft : chosen ? daysLeft(chosen.endDate, today) : null;
    const usesSession = decision.allowed && decision.usesSession;
    const [entry] = await query('ck_entry', INSERT_ENTRY_SQL, [
      gymId,
      memberId,
      decision.allowed ? 'ALLOWED' : 'REFUSED',
      decision.allowed ? null : decision.reason,
      decision.allowed ? null : decision.date,
      decision.passId,
      decision.passName,
      usesSession,
      left,
      days,
      kioskId,
      now,
    ]);
    const entryId = Number(entry!.id);
    if (usesSession)
      await query('ck_usage', INSERT_USAGE_SQL, [gymId, decision.passId, memberId, entryId, now]);
    const endDate = chosen?.endDate ?? null;
    return {
      ...emptyAnswer,
      ...who,
      outcome: decision.allowed ? 'ALLOWED' : 'REFUSED',
      entryId,
      passName: decision.passName,
      reason: decision.allowed ? null : decision.reason,
      reasonDate: decision.allowed ? null : decision.date,
      unpaidAmount: decision.allowed ? null : decision.unpaidAmount,
      sessionUsed: usesSession,
      sessionsLeft: left,
      daysLeft: days,
      endDate,
      renewSoon: decision.allowed && endDate !== null && endDate <= addDays(today, RENEW_SOON_DAYS - 1),
    };
  });
  return { data };
});

const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`baseline running at ${address}/`);
