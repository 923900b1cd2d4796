import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  entryExportRoute,
  entryKioskOpenRoute,
  entryListRoute,
  entrySettingsGetRoute,
  entrySettingsPutRoute,
  entryStatsRoute,
  manualEntryRoute,
  membershipQrReissueRoute,
  membershipQrRoute,
  membershipQrSendRoute,
} from '#domain/api/entry.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { AppContext } from '../../context.ts';
import { assertCustomerReach } from '../../http/customer-reach.ts';
import { requestLanguage } from '../../http/language.ts';
import { type ModuleApp, type ModuleKit, moduleKit } from '../../http/module.ts';
import { checkInMember } from './check-in.commands.ts';
import {
  exportEntries,
  openEntryKiosk,
  reissueMembershipQr,
  saveEntrySettings,
  sendMembershipQr,
} from './entry.commands.ts';
import {
  assertEnterAddOn,
  entryRights,
  entrySettingsOf,
  entryStats,
  listEntries,
  membershipQrOf,
} from './entry.queries.ts';
import { registerKioskRoutes } from './entry-kiosk.routes.ts';
import { membershipQrSecret } from './membership-qr.ts';

// Check-in (docs/rules.md#check-in): every call needs the facility's ENTER add-on in APPROVE (403
// `enterAddOnRequired`). Staff read with memberUseYn and change with memberSettingYn (manual check-in, opening the
// kiosk, the QR's reissue and text); the rules are read by any staff member and changed by the representative.
// The kiosk's calls take only the `x-entry-token` header, checked before their input: no session, no customer
// list, no customer record (entry-kiosk.routes.ts).

const tags = ['entry'];

export const entryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The right in the facility (404 for another's, 403 without it), then the add-on; a change needs it open.
  const kit = moduleKit(ctx, { ...entryRights, addOn: (_ctx, gymId) => assertEnterAddOn(ctx.db, gymId) });
  // The rules hold the lockers' too (docs/rules.md#check-in). Every staff member reads them, the representative
  // changes them, and the ENTER or the LOCKER add-on opens them.
  const settingsKit = moduleKit(ctx, {
    read: 'staff',
    change: 'represent',
    addOn: (_ctx, gymId) => assertEnterAddOn(ctx.db, gymId, ['ENTER', 'LOCKER']),
  });
  registerStaffRoutes(app, ctx, kit);
  registerEntryLogRoutes(app, ctx, kit);
  registerSettingsRoutes(app, ctx, settingsKit);
  registerQrRoutes(app, ctx, kit);
  registerKioskRoutes(app, ctx);
};

/** Opening the kiosk and a manual check-in. */
const registerStaffRoutes = (app: ModuleApp, ctx: AppContext, { right, guard, actor, writes }: ModuleKit) => {
  app.post(
    entryKioskOpenRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary: "Start the check-in kiosk on this device: the kiosk's token (16 hours)",
        params: entryKioskOpenRoute.params,
        response: { 201: entryKioskOpenRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.params.gymId);
      return reply.code(201).send({ data: await openEntryKiosk(ctx.db, gymId, actor(request)) });
    },
  );

  app.post(
    manualEntryRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary: 'Check a customer in by hand (MANUAL); a refusal may be let through with a note',
        params: manualEntryRoute.params,
        body: manualEntryRoute.body,
        response: { 200: manualEntryRoute.response, ...writes },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.params.gymId);
      await assertCustomerReach(ctx, request, gymId, request.body.memberId);
      const data = await ctx.db.transaction((tx) =>
        checkInMember(tx, actor(request), {
          gymId,
          memberId: request.body.memberId,
          method: 'MANUAL',
          overrideNote: request.body.overrideNote,
        }),
      );
      return { data };
    },
  );
};

/** The entry log: its list, its figures and its CSV. */
const registerEntryLogRoutes = (
  app: ModuleApp,
  ctx: AppContext,
  { right, guard, actor, reads }: ModuleKit,
) => {
  app.get(
    entryListRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: 'The entry log, newest first, phones masked (at most 366 days, default the last 7)',
        params: entryListRoute.params,
        querystring: entryListRoute.query,
        response: { 200: entryListRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.params.gymId);
      const page = await listEntries(ctx.db, gymId, request.query, ctx.clock());
      reply.header('x-total-count', String(page.total));
      if (page.capped) reply.header('x-total-count-capped', 'true');
      return { data: page.data, total: page.total };
    },
  );

  app.get(
    entryStatsRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: "Today's visits, the range's results and its visits by hour (Asia/Seoul)",
        params: entryStatsRoute.params,
        querystring: entryStatsRoute.query,
        response: { 200: entryStatsRoute.response, ...reads },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.params.gymId);
      return { data: await entryStats(ctx.db, gymId, request.query, ctx.clock()) };
    },
  );

  app.get(
    entryExportRoute.path,
    {
      ...right('read'),
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
      const gymId = await guard(request, request.params.gymId);
      const csv = await ctx.db.transaction((tx) =>
        exportEntries(tx, actor(request), gymId, request.query, requestLanguage(request)),
      );
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="entries-${seoulToday(ctx.clock())}.csv"`);
      return csv;
    },
  );
};

/** The facility's check-in and locker rules. */
const registerSettingsRoutes = (
  app: ModuleApp,
  ctx: AppContext,
  { right, guard, actor, reads, writes }: ModuleKit,
) => {
  app.get(
    entrySettingsGetRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: "The facility's check-in and locker rules (any staff member)",
        params: entrySettingsGetRoute.params,
        response: { 200: entrySettingsGetRoute.response, ...reads },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.params.gymId);
      return { data: await entrySettingsOf(ctx.db, gymId) };
    },
  );

  app.put(
    entrySettingsPutRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary: 'Change the check-in and locker rules (the representative)',
        params: entrySettingsPutRoute.params,
        body: entrySettingsPutRoute.body,
        response: { 200: entrySettingsPutRoute.response, ...writes },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.params.gymId);
      const data = await ctx.db.transaction((tx) =>
        saveEntrySettings(tx, actor(request), gymId, request.body),
      );
      return { data };
    },
  );
};

/** The customer's membership QR: read, reissued, texted. */
const registerQrRoutes = (
  app: ModuleApp,
  ctx: AppContext,
  { right, guard, actor, reads, writes }: ModuleKit,
) => {
  app.get(
    membershipQrRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: "The customer's membership QR code (for the printed card)",
        params: membershipQrRoute.params,
        querystring: membershipQrRoute.query,
        response: { 200: membershipQrRoute.response, ...reads },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.query.gymId);
      await assertCustomerReach(ctx, request, gymId, request.params.id);
      const secret = await membershipQrSecret(ctx.db);
      return { data: await membershipQrOf(ctx.db, secret, gymId, request.params.id) };
    },
  );

  app.post(
    membershipQrReissueRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary: 'A new membership QR code: every earlier code of the customer is revoked (audited)',
        params: membershipQrReissueRoute.params,
        querystring: membershipQrReissueRoute.query,
        response: { 200: membershipQrReissueRoute.response, ...writes },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.query.gymId);
      await assertCustomerReach(ctx, request, gymId, request.params.id);
      const secret = await membershipQrSecret(ctx.db);
      const data = await ctx.db.transaction((tx) =>
        reissueMembershipQr(tx, actor(request), secret, gymId, request.params.id),
      );
      return { data };
    },
  );

  app.post(
    membershipQrSendRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary: "Text the membership QR code to the customer's phone (through the outbox)",
        params: membershipQrSendRoute.params,
        body: membershipQrSendRoute.body,
        response: { 204: membershipQrSendRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.body.gymId);
      await assertCustomerReach(ctx, request, gymId, request.params.id);
      const secret = await membershipQrSecret(ctx.db);
      await ctx.db.transaction((tx) =>
        sendMembershipQr(tx, actor(request), secret, gymId, request.params.id),
      );
      return reply.code(204).send(null);
    },
  );
};
