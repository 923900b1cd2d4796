import { createHash, timingSafeEqual } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BACKUP_STREAM_TYPE,
  type BackupStreamLine,
  backupOverviewRoute,
  backupPaths,
  backupStartRoute,
  backupStreamLineSchema,
} from '#domain/api/backup.ts';
import type { AppContext } from '../../context.ts';
import { requireMember } from '../../http/auth.ts';
import { forbidden, unauthenticated } from '../../http/errors.ts';
import { errorResponses } from '../../http/responses.ts';
import { isSuperadmin } from '../../http/rights.ts';
import { listBackups } from '../../ops/backup.ts';
import type { BackupRunner } from './backup.runner.ts';
import { nextBackupRun } from './backup.schedule.ts';

const tags = ['backup'];

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares two tokens in constant time: their digests have one length whatever the input. */
const sameToken = (expected: string, given: string) => timingSafeEqual(digest(expected), digest(given));

const bearerOf = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer +(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
};

type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

const requireOperator = (request: FastifyRequest) => {
  const member = requireMember(request);
  if (!isSuperadmin(request)) throw forbidden();
  return member;
};

/** The operator console's overview and its "back up now". */
const registerConsoleRoutes = (app: RouteApp, ctx: AppContext, backups: BackupRunner) => {
  const { config } = ctx;

  app.get(
    backupOverviewRoute.path,
    {
      schema: {
        tags,
        summary: 'The backup files, the backup running in this process and the schedule (SUPERADMIN only)',
        description:
          "Files are listed newest first from BACKUP_DIR. `state` is this server process's: what runs now and how " +
          "the last backup it took ended. Files are never served: a backup holds every facility's data.",
        response: {
          200: backupOverviewRoute.response,
          ...errorResponses('UNAUTHENTICATED', 'FORBIDDEN'),
        },
      },
    },
    async (request, reply) => {
      requireOperator(request);
      const files = await listBackups(config.backup.dir);
      const nextRun = nextBackupRun(config.backup.cron, ctx.clock());
      reply.header('cache-control', 'no-store');
      return {
        data: {
          folder: config.backup.dir,
          keep: config.backup.keep,
          files: files.map(({ name, bytes, createdAt }) => ({ name, bytes, createdAt })),
          state: backups.state(),
          schedule: {
            cron: config.backup.cron ?? null,
            timezone: 'Asia/Seoul' as const,
            nextRun: nextRun?.toISOString() ?? null,
          },
        },
      };
    },
  );

  app.post(
    backupStartRoute.path,
    {
      schema: {
        tags,
        summary: 'Starts a backup now (SUPERADMIN only); answers at once, poll GET for its progress',
        description: '409 `backupRunning` while a backup runs in this process. The start is audited.',
        response: {
          202: backupStartRoute.response,
          ...errorResponses('UNAUTHENTICATED', 'FORBIDDEN', 'CONFLICT'),
        },
      },
    },
    async (request, reply) => {
      const member = requireOperator(request);
      const { state } = await backups.start({
        trigger: 'console',
        actor: { memberId: member.id, userId: member.userId ?? `#${member.id}` },
        requestId: request.id,
      });
      return reply.code(202).send({ data: state });
    },
  );
};

/** The control channel of `npm run backup`: the server's control token, the progress streamed. */
const registerChannelRoute = (app: RouteApp, backups: BackupRunner) => {
  app.post(
    backupPaths.channel,
    {
      config: { controlToken: true },
      // The token is checked before anything else: a call without it learns nothing (401 first).
      onRequest: async (request) => {
        const expected = backups.controlToken();
        const given = bearerOf(request);
        if (!expected || !given || !sameToken(expected, given)) throw unauthenticated('controlTokenInvalid');
      },
      schema: {
        tags,
        summary: "Takes a backup for `npm run backup` (the server's control token); streams its progress",
        description:
          'For the command line on the same machine: the bearer token is in `$DATA_DIR/server.json` (mode 0600, ' +
          'new at every start). No session and no body. The answer is NDJSON: one line per progress event as it ' +
          'happens, then `{"result":{"file","name","bytes"}}` or `{"error":"…"}`. 409 `backupRunning` while a ' +
          'backup runs in this process.',
        response: {
          200: {
            description: 'One JSON object per line',
            content: { [BACKUP_STREAM_TYPE]: { schema: backupStreamLineSchema } },
          },
          ...errorResponses('UNAUTHENTICATED', 'CONFLICT'),
        },
      },
    },
    async (request, reply) => {
      const stream = new PassThrough();
      // A caller that hangs up ends the stream, not the backup.
      stream.on('error', () => {});
      const write = (line: BackupStreamLine, end = false) => {
        if (stream.destroyed || stream.writableEnded) return;
        const text = `${JSON.stringify(line)}\n`;
        if (end) stream.end(text);
        else stream.write(text);
      };
      const { ended } = await backups.start({ trigger: 'cli', requestId: request.id, onProgress: write });
      void ended.then((end) =>
        write(
          end.result
            ? { result: { file: end.result.file, name: end.result.name, bytes: end.result.bytes } }
            : { error: end.error },
          true,
        ),
      );
      reply.header('cache-control', 'no-store');
      // A stream is sent as it is, past the serializer: the schema documents its lines.
      // The reply as Fastify's own (a widening): its lines are not the one object the schema's type names.
      return (reply as FastifyReply).code(200).type(BACKUP_STREAM_TYPE).send(stream);
    },
  );
};

/**
 * Backups from the operator console (SUPERADMIN) and through the control channel that `npm run backup` uses while a
 * server holds the embedded database (docs/operations.md#backup). Both go through this process's one runner.
 */
export const backupRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; backups: BackupRunner }> = async (
  app,
  { ctx, backups },
) => {
  registerConsoleRoutes(app, ctx, backups);
  registerChannelRoute(app, backups);
};
