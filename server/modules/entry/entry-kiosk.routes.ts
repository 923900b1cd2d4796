import type { FastifyRequest } from 'fastify';
import {
  ENTRY_KIOSK_HEADER,
  entryKioskBalanceRoute,
  entryKioskCheckRoute,
  entryKioskExitRoute,
  entryKioskInfoRoute,
  entryKioskOverrideRoute,
} from '#domain/api/entry.ts';
import { hasRight } from '#domain/permissions.ts';
import type { AppContext } from '../../context.ts';
import { createTtlCache } from '../../http/auth-cache.ts';
import { AppError, rateLimited } from '../../http/errors.ts';
import type { ModuleApp } from '../../http/module.ts';
import { errorResponses } from '../../http/responses.ts';
import { assertGymWritable } from '../../resources/engine.ts';
import { staffSignIn } from '../auth/staff-sign-in.ts';
import { kioskCheck, overrideEntry } from './check-in.commands.ts';
import { closeEntryKiosk } from './entry.commands.ts';
import { type EntryKiosk, entryKioskInfo, entryKioskOf, entryRights, kioskBalance } from './entry.queries.ts';
import { refused } from './entry.refusals.ts';

// The check-in kiosk (docs/rules.md#check-in): its calls take only the `x-entry-token` header, checked before
// their input: no session, no customer list, no customer record. A staff member at the kiosk signs in with their
// password for an override, an unpaid balance or closing it.

const tags = ['entry'];
const reads = errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND');
const kioskAnswers = errorResponses(
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
);

/** The kiosk's failed attempts (nobody found) allowed in the window before it answers 429. */
export const KIOSK_FAILURES_MAX = 10;
export const KIOSK_FAILURE_WINDOW_MS = 5 * 60_000;

/**
 * The token is checked in onRequest, before the input is validated: a call without a good token learns nothing,
 * not even what its input should look like (401 first, as a session route does).
 */
const kioskAccess = (ctx: AppContext) => {
  const kiosks = new WeakMap<FastifyRequest, EntryKiosk & { gymClosed: boolean }>();
  const kiosk = {
    config: { entryToken: true },
    onRequest: async (request: FastifyRequest) => {
      const header = request.headers[ENTRY_KIOSK_HEADER];
      // The token, the ENTER add-on and whether the facility is closed, in one statement.
      const found = await entryKioskOf(ctx.db, typeof header === 'string' ? header : undefined, ctx.clock());
      kiosks.set(request, found);
    },
  };
  const kioskOf = (request: FastifyRequest) => {
    const found = kiosks.get(request);
    if (!found) throw new Error('a kiosk route without its onRequest check');
    return found;
  };
  return { kiosk, kioskOf };
};

type KioskAccess = ReturnType<typeof kioskAccess>;

/**
 * The failed attempts (nobody found, or a chooser of several) of each kiosk, in this process's memory: a guess at
 * card numbers or at last-4 digits is slowed to 10 tries in 5 minutes per kiosk, after which every attempt of that
 * kiosk answers 429 until the oldest failure leaves the window. Another process keeps its own count, and a restart
 * forgets it: the limit slows guessing at one kiosk, it is not an account lock (docs/rules.md#check-in).
 */
const kioskFailures = (ctx: AppContext) => {
  const failures = createTtlCache<number[]>({ ttlMs: KIOSK_FAILURE_WINDOW_MS, clock: ctx.clock });
  const recentFailures = (kioskId: number, now: number) =>
    (failures.get(kioskId) ?? []).filter((at) => at > now - KIOSK_FAILURE_WINDOW_MS);
  return { failures, recentFailures };
};

export const registerKioskRoutes = (app: ModuleApp, ctx: AppContext) => {
  const access = kioskAccess(ctx);
  registerKioskCheckRoutes(app, ctx, access);
  registerKioskStaffRoutes(app, ctx, access);
};

/** The customer's side: the welcome page and a check-in attempt. */
const registerKioskCheckRoutes = (app: ModuleApp, ctx: AppContext, { kiosk, kioskOf }: KioskAccess) => {
  const { failures, recentFailures } = kioskFailures(ctx);

  app.get(
    entryKioskInfoRoute.path,
    {
      ...kiosk,
      schema: {
        tags,
        summary: "The kiosk: the facility's name and whether an unpaid balance blocks entry",
        response: { 200: entryKioskInfoRoute.response, ...reads },
      },
    },
    async (request) => ({ data: await entryKioskInfo(ctx.db, kioskOf(request).gymId) }),
  );

  app.post(
    entryKioskCheckRoute.path,
    {
      ...kiosk,
      schema: {
        tags,
        summary: 'The kiosk: a check-in attempt by QR, card or the last 4 digits of the phone',
        description:
          'UNKNOWN (nobody found) and CHOOSE (several customers end with these digits) write nothing. After 10 ' +
          'UNKNOWN or CHOOSE answers in 5 minutes the kiosk answers 429 until the oldest leaves the window.',
        body: entryKioskCheckRoute.body,
        response: { 200: entryKioskCheckRoute.response, ...kioskAnswers },
      },
    },
    async (request) => {
      const found = kioskOf(request);
      const now = ctx.clock();
      const recent = recentFailures(found.id, now.getTime());
      if (recent.length >= KIOSK_FAILURES_MAX)
        throw rateLimited(
          Math.max(1, Math.ceil((recent[0]! + KIOSK_FAILURE_WINDOW_MS - now.getTime()) / 1000)),
        );
      // assertGymWritable's answer, from the status read with the token.
      if (found.gymClosed) throw refused('facilityClosed');
      const data = await kioskCheck(
        ctx.db,
        { memberId: null, requestId: request.id, now },
        found,
        request.body,
      );
      // An attempt that found nobody (UNKNOWN) or several (CHOOSE: a chooser of masked names and photos is what a
      // guesser collects) is counted after its answer is known, against the count as it is then; past the limit its
      // answer is withheld. Parallel guesses therefore learn at most 10 answers, while check-ins that find their
      // customer are never slowed by each other (UNKNOWN and CHOOSE write nothing, so withholding loses nothing).
      if (data.outcome === 'UNKNOWN' || data.outcome === 'CHOOSE') {
        // The time it is counted at, not the time it came in: a request that came in earlier but finished later
        // must still see the failures counted meanwhile.
        const at = ctx.clock().getTime();
        const counted = [...recentFailures(found.id, at), at];
        failures.set(found.id, counted, failures.generation);
        if (counted.length > KIOSK_FAILURES_MAX)
          throw rateLimited(Math.max(1, Math.ceil((counted[0]! + KIOSK_FAILURE_WINDOW_MS - at) / 1000)));
      }
      return { data };
    },
  );
};

/** The staff's side: an override, an unpaid balance, closing the kiosk, each with a staff member's password. */
const registerKioskStaffRoutes = (app: ModuleApp, ctx: AppContext, { kiosk, kioskOf }: KioskAccess) => {
  /** A staff member's sign-in at the kiosk, with their rights in its facility. */
  const staffAt = (request: FastifyRequest, gymId: number, userId: string, password: string) =>
    staffSignIn(ctx, request, gymId, userId, password);

  app.post(
    entryKioskOverrideRoute.path,
    {
      ...kiosk,
      schema: {
        tags,
        summary: 'The kiosk: a staff member lets a refused customer in, with their password and a note',
        description:
          'The staff member needs memberSettingYn in the facility (403 `entryOverrideForbidden`); the refusal must ' +
          'be of the last 10 minutes and not overridden yet (409 `entryNotOverridable`).',
        body: entryKioskOverrideRoute.body,
        response: { 200: entryKioskOverrideRoute.response, ...kioskAnswers },
      },
    },
    async (request) => {
      const found = kioskOf(request);
      const { entryId, userId, password, note } = request.body;
      const who = await staffAt(request, found.gymId, userId, password);
      if (!who.rights || !hasRight(who.rights, entryRights.change))
        throw new AppError('FORBIDDEN', 'entryOverrideForbidden');
      await assertGymWritable(ctx, found.gymId);
      const data = await ctx.db.transaction((tx) =>
        overrideEntry(
          tx,
          { memberId: who.memberId, requestId: request.id, now: ctx.clock() },
          { gymId: found.gymId, entryId, note, kioskId: found.id },
        ),
      );
      return { data };
    },
  );

  app.post(
    entryKioskBalanceRoute.path,
    {
      ...kiosk,
      schema: {
        tags,
        summary: "The kiosk's staff side: what an unpaid refusal is owed and the sales it comes from",
        description:
          'The customer side of the kiosk never shows the amount. A staff member with memberUseYn in the facility ' +
          'signs in (403 `entryBalanceForbidden`); the refusal must be for an unpaid balance and of the last 10 ' +
          'minutes (409 `entryNotOverridable`).',
        body: entryKioskBalanceRoute.body,
        response: { 200: entryKioskBalanceRoute.response, ...kioskAnswers },
      },
    },
    async (request) => {
      const found = kioskOf(request);
      const { entryId, userId, password } = request.body;
      const who = await staffAt(request, found.gymId, userId, password);
      if (!who.rights || !hasRight(who.rights, entryRights.read))
        throw new AppError('FORBIDDEN', 'entryBalanceForbidden');
      return { data: await kioskBalance(ctx.db, { gymId: found.gymId, entryId, now: ctx.clock() }) };
    },
  );

  app.post(
    entryKioskExitRoute.path,
    {
      ...kiosk,
      schema: {
        tags,
        summary: "The kiosk: a staff member's password closes it; its token reaches nothing after",
        body: entryKioskExitRoute.body,
        response: { 204: entryKioskExitRoute.response, ...kioskAnswers },
      },
    },
    async (request, reply) => {
      const found = kioskOf(request);
      const who = await staffAt(request, found.gymId, request.body.userId, request.body.password);
      if (!who.rights || !hasRight(who.rights, entryRights.read))
        throw new AppError('FORBIDDEN', 'entryExitForbidden');
      await closeEntryKiosk(ctx.db, found.id, ctx.clock());
      return reply.code(204).send(null);
    },
  );
};
