import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ENTRY_KIOSK_HEADER,
  entryExportRoute,
  entryKioskBalanceRoute,
  entryKioskCheckRoute,
  entryKioskExitRoute,
  entryKioskInfoRoute,
  entryKioskOpenRoute,
  entryKioskOverrideRoute,
  entryListRoute,
  entrySettingsGetRoute,
  entrySettingsPutRoute,
  entryStatsRoute,
  manualEntryRoute,
  membershipQrReissueRoute,
  membershipQrRoute,
  membershipQrSendRoute,
} from '#domain/api/entry.ts';
import type { SubServiceType } from '#domain/enums.ts';
import { type GymRight, hasRight } from '#domain/permissions.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { AppContext } from '../../context.ts';
import { requireMember } from '../../http/auth.ts';
import { createTtlCache } from '../../http/auth-cache.ts';
import { assertCustomerReach } from '../../http/customer-reach.ts';
import { AppError, rateLimited } from '../../http/errors.ts';
import { requestLanguage } from '../../http/language.ts';
import { errorResponses } from '../../http/responses.ts';
import { assertGymRight } from '../../http/rights.ts';
import type { Actor } from '../../kernel/actor.ts';
import { assertGymWritable } from '../../resources/engine.ts';
import { staffSignIn } from '../auth/staff-sign-in.ts';
import {
  assertEnterAddOn,
  checkInMember,
  closeEntryKiosk,
  type EntryKiosk,
  entryKioskInfo,
  entryKioskOf,
  entrySettingsOf,
  entryStats,
  exportEntries,
  kioskBalance,
  kioskCheck,
  listEntries,
  membershipQrOf,
  membershipQrSecret,
  openEntryKiosk,
  overrideEntry,
  reissueMembershipQr,
  saveEntrySettings,
  sendMembershipQr,
} from './entry.service.ts';

// Check-in (docs/rules.md#check-in): every call needs the facility's ENTER add-on in APPROVE (403
// `enterAddOnRequired`). Staff read with memberUseYn and change with memberSettingYn (manual check-in, opening the
// kiosk, the QR's reissue and text); the rules are read by any staff member and changed by the representative.
// The kiosk's calls take only the `x-entry-token` header, checked before their input: no session, no customer
// list, no customer record.

const READ: GymRight = 'memberUseYn';
const WRITE: GymRight = 'memberSettingYn';
const reads = errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND');
const writes = errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT');
const kioskAnswers = errorResponses(
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
);
const tags = ['entry'];

/** The kiosk's failed attempts (nobody found) allowed in the window before it answers 429. */
export const KIOSK_FAILURES_MAX = 10;
export const KIOSK_FAILURE_WINDOW_MS = 5 * 60_000;

export const entryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const actorOf = (request: FastifyRequest): Actor => ({
    memberId: request.member?.id ?? null,
    requestId: request.id,
    now: ctx.clock(),
  });

  /** The right in the facility (404 for another's, 403 without it), then the add-on; a change needs it open. */
  const guard = async (
    request: FastifyRequest,
    gymId: number,
    right: GymRight,
    addOns: readonly SubServiceType[] = ['ENTER'],
  ) => {
    requireMember(request);
    await assertGymRight(request, ctx.loadRights, gymId, right);
    await assertEnterAddOn(ctx.db, gymId, addOns);
    if (request.method !== 'GET') await assertGymWritable(ctx, gymId);
    return gymId;
  };

  // ---- Staff

  app.post(
    entryKioskOpenRoute.path,
    {
      schema: {
        tags,
        summary: "Start the check-in kiosk on this device: the kiosk's token (16 hours)",
        params: entryKioskOpenRoute.params,
        response: { 201: entryKioskOpenRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.params.gymId, WRITE);
      return reply.code(201).send({ data: await openEntryKiosk(ctx.db, gymId, actorOf(request)) });
    },
  );

  app.post(
    manualEntryRoute.path,
    {
      schema: {
        tags,
        summary: 'Check a customer in by hand (MANUAL); a refusal may be let through with a note',
        params: manualEntryRoute.params,
        body: manualEntryRoute.body,
        response: { 200: manualEntryRoute.response, ...writes },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.params.gymId, WRITE);
      await assertCustomerReach(ctx, request, gymId, request.body.memberId);
      const data = await ctx.db.transaction((tx) =>
        checkInMember(tx, actorOf(request), {
          gymId,
          memberId: request.body.memberId,
          method: 'MANUAL',
          overrideNote: request.body.overrideNote,
        }),
      );
      return { data };
    },
  );

  app.get(
    entryListRoute.path,
    {
      schema: {
        tags,
        summary: 'The entry log, newest first, phones masked (at most 366 days, default the last 7)',
        params: entryListRoute.params,
        querystring: entryListRoute.query,
        response: { 200: entryListRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.params.gymId, READ);
      const page = await listEntries(ctx.db, gymId, request.query, ctx.clock());
      reply.header('x-total-count', String(page.total));
      if (page.capped) reply.header('x-total-count-capped', 'true');
      return { data: page.data, total: page.total };
    },
  );

  app.get(
    entryStatsRoute.path,
    {
      schema: {
        tags,
        summary: "Today's visits, the range's results and its visits by hour (Asia/Seoul)",
        params: entryStatsRoute.params,
        querystring: entryStatsRoute.query,
        response: { 200: entryStatsRoute.response, ...reads },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.params.gymId, READ);
      return { data: await entryStats(ctx.db, gymId, request.query, ctx.clock()) };
    },
  );

  app.get(
    entryExportRoute.path,
    {
      schema: {
        tags,
        summary: 'The entry log as a CSV, whole phone numbers (written to the audit log)',
        params: entryExportRoute.params,
        querystring: entryExportRoute.query,
        produces: ['text/csv'],
        response: { 200: entryExportRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.params.gymId, READ);
      const csv = await ctx.db.transaction((tx) =>
        exportEntries(tx, actorOf(request), gymId, request.query, requestLanguage(request)),
      );
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="entries-${seoulToday(ctx.clock())}.csv"`);
      return csv;
    },
  );

  // The rules hold the lockers' too (docs/rules.md#check-in): the ENTER or the LOCKER add-on opens them.
  const settingsAddOns: SubServiceType[] = ['ENTER', 'LOCKER'];

  app.get(
    entrySettingsGetRoute.path,
    {
      schema: {
        tags,
        summary: "The facility's check-in and locker rules (any staff member)",
        params: entrySettingsGetRoute.params,
        response: { 200: entrySettingsGetRoute.response, ...reads },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.params.gymId, 'staff', settingsAddOns);
      return { data: await entrySettingsOf(ctx.db, gymId) };
    },
  );

  app.put(
    entrySettingsPutRoute.path,
    {
      schema: {
        tags,
        summary: 'Change the check-in and locker rules (the representative)',
        params: entrySettingsPutRoute.params,
        body: entrySettingsPutRoute.body,
        response: { 200: entrySettingsPutRoute.response, ...writes },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.params.gymId, 'represent', settingsAddOns);
      const data = await ctx.db.transaction((tx) =>
        saveEntrySettings(tx, actorOf(request), gymId, request.body),
      );
      return { data };
    },
  );

  app.get(
    membershipQrRoute.path,
    {
      schema: {
        tags,
        summary: "The customer's membership QR code (for the printed card)",
        params: membershipQrRoute.params,
        querystring: membershipQrRoute.query,
        response: { 200: membershipQrRoute.response, ...reads },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.query.gymId, READ);
      await assertCustomerReach(ctx, request, gymId, request.params.id);
      const secret = await membershipQrSecret(ctx.db);
      return { data: await membershipQrOf(ctx.db, secret, gymId, request.params.id) };
    },
  );

  app.post(
    membershipQrReissueRoute.path,
    {
      schema: {
        tags,
        summary: 'A new membership QR code: every earlier code of the customer is revoked (audited)',
        params: membershipQrReissueRoute.params,
        querystring: membershipQrReissueRoute.query,
        response: { 200: membershipQrReissueRoute.response, ...writes },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.query.gymId, WRITE);
      await assertCustomerReach(ctx, request, gymId, request.params.id);
      const secret = await membershipQrSecret(ctx.db);
      const data = await ctx.db.transaction((tx) =>
        reissueMembershipQr(tx, actorOf(request), secret, gymId, request.params.id),
      );
      return { data };
    },
  );

  app.post(
    membershipQrSendRoute.path,
    {
      schema: {
        tags,
        summary: "Text the membership QR code to the customer's phone (through the outbox)",
        params: membershipQrSendRoute.params,
        body: membershipQrSendRoute.body,
        response: { 204: membershipQrSendRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.body.gymId, WRITE);
      await assertCustomerReach(ctx, request, gymId, request.params.id);
      const secret = await membershipQrSecret(ctx.db);
      await ctx.db.transaction((tx) =>
        sendMembershipQr(tx, actorOf(request), secret, gymId, request.params.id),
      );
      return reply.code(204).send(null);
    },
  );

  // ---- The kiosk: the token only

  // The token is checked in onRequest, before the input is validated: a call without a good token learns nothing,
  // not even what its input should look like (401 first, as a session route does).
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

  // The failed attempts (nobody found, or a chooser of several) of each kiosk, in this process's memory: a guess at card numbers or at
  // last-4 digits is slowed to 10 tries in 5 minutes per kiosk, after which every attempt of that kiosk answers
  // 429 until the oldest failure leaves the window. Another process keeps its own count, and a restart forgets
  // it: the limit slows guessing at one kiosk, it is not an account lock (docs/rules.md#check-in).
  const failures = createTtlCache<number[]>({ ttlMs: KIOSK_FAILURE_WINDOW_MS, clock: ctx.clock });
  const recentFailures = (kioskId: number, now: number) =>
    (failures.get(kioskId) ?? []).filter((at) => at > now - KIOSK_FAILURE_WINDOW_MS);

  /** A staff member's sign-in at the kiosk, with their rights in its facility. */
  const staffAt = (request: FastifyRequest, gymId: number, userId: string, password: string) =>
    staffSignIn(ctx, request, gymId, userId, password);

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
      if (found.gymClosed) throw new AppError('CONFLICT', 'facilityClosed');
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
      if (!who.rights || !hasRight(who.rights, WRITE))
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
      if (!who.rights || !hasRight(who.rights, READ))
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
      if (!who.rights || !hasRight(who.rights, READ)) throw new AppError('FORBIDDEN', 'entryExitForbidden');
      await closeEntryKiosk(ctx.db, found.id, ctx.clock());
      return reply.code(204).send(null);
    },
  );
};
