import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  documentTypes,
  fileAccessLogRoute,
  fileRoute,
  uploadFileRoute,
  uploadFilesRoute,
} from '#domain/api/file.ts';
import { hasRight } from '#domain/permissions.ts';
import {
  DOCUMENT_KINDS,
  extensionOfKind,
  fileKinds,
  fileUrl,
  MAX_FILES_PER_UPLOAD,
  MAX_UPLOAD_MB,
} from '#domain/rules/files.ts';
import type { AppContext } from '../../context.ts';
import type { FileRow } from '../../db/schema/index.ts';
import { requireMember } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { errorResponses } from '../../http/responses.ts';
import { isSuperadmin, rightsOf } from '../../http/rights.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import {
  discardBody,
  multipartBodyCompiler,
  type ReceivedFile,
  receiveUpload,
  receiveUploads,
  uploadLimits,
} from '../../storage/upload.ts';
import { FILE_AREA, logFileAccess, recordFiles } from './file.commands.ts';
import { accessLogOf, findFile } from './file.queries.ts';

const uploadRules = (storage: FileStorage, field: string) => ({
  field,
  accepted: DOCUMENT_KINDS,
  storage,
  area: FILE_AREA,
});

const uploadDescription =
  `\`type\` is INBODY, TICKET, TRAINER or ETC (verification documents are ETC). Files are ${documentTypes}, at ` +
  `most ${MAX_UPLOAD_MB} MB each, checked by their content as well as their name: anything else answers 415, a ` +
  "larger file 413 while it streams, and nothing is stored. The answer lists each stored file's URL " +
  '(`/web/file/<id>`), in the order sent; only the uploader, SUPERADMIN and the facility that adopts the file ' +
  'may read it.';

/** The file ids are random: a malformed one is answered like a missing one. */
const FILE_ID = /^[0-9a-f]{32}$/;

/** The staff rights that reach a facility's non-document files (InBody sheets, tickets, trainer photos). */
const STAFF_READABLE = new Set(['INBODY', 'TICKET', 'TRAINER']);

/**
 * Who may read a stored file (issue 6, point 1): its uploader; SUPERADMIN; the representative of the facility
 * that adopted it; staff of that facility with memberUseYn, except for documents (ETC), which hold ID cards.
 */
const mayRead = async (request: FastifyRequest, ctx: AppContext, row: FileRow): Promise<boolean> => {
  const me = requireMember(request);
  if (row.ownerMemberId === me.id || isSuperadmin(request)) return true;
  if (row.gymId === null) return false;
  const rights = (await rightsOf(request, ctx.loadRights)).get(row.gymId);
  if (!rights) return false;
  if (rights.representYn) return true;
  return STAFF_READABLE.has(row.uploadType) && hasRight(rights, 'memberUseYn');
};

type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/** The uploads: one file or several, each recorded as the caller's until a facility adopts it. */
const registerUploadRoutes = (app: RouteApp, ctx: AppContext, storage: FileStorage) => {
  /** Records the stored files; a file no row points to is removed again. */
  const record = async (
    request: FastifyRequest,
    received: ReceivedFile[],
    uploadType: FileRow['uploadType'],
  ) => {
    const me = requireMember(request);
    try {
      const rows = await recordFiles(ctx.db, received, {
        uploadType,
        ownerMemberId: me.id,
        now: ctx.clock(),
      });
      return rows.map((row) => fileUrl(row.id));
    } catch (error) {
      await Promise.all(received.map((file) => storage.remove(file.key)));
      throw error;
    }
  };

  /** No session, no upload: refused before a byte of the body is stored. */
  const signedInOrDiscard = (request: FastifyRequest) => {
    try {
      requireMember(request);
    } catch (error) {
      discardBody(request);
      throw error;
    }
  };

  const uploadErrors = errorResponses(
    'VALIDATION_FAILED',
    'UNAUTHENTICATED',
    'PAYLOAD_TOO_LARGE',
    'UNSUPPORTED_MEDIA_TYPE',
  );

  app.post(
    uploadFileRoute.path,
    {
      schema: {
        tags: ['file'],
        summary: 'Upload one file (field `file`)',
        description: uploadDescription,
        consumes: ['multipart/form-data'],
        querystring: uploadFileRoute.query,
        body: uploadFileRoute.body,
        response: { 201: uploadFileRoute.response, ...uploadErrors },
      },
      validatorCompiler: multipartBodyCompiler,
    },
    async (request, reply) => {
      signedInOrDiscard(request);
      const received = await receiveUpload(request, uploadRules(storage, 'file'));
      const urls = await record(request, [received], request.query.type);
      return reply.status(201).send({ data: urls });
    },
  );

  app.post(
    uploadFilesRoute.path,
    {
      schema: {
        tags: ['file'],
        summary: `Upload up to ${MAX_FILES_PER_UPLOAD} files (repeated field \`files\`)`,
        description: `${uploadDescription} More than ${MAX_FILES_PER_UPLOAD} files answer 400. All or nothing.`,
        consumes: ['multipart/form-data'],
        querystring: uploadFilesRoute.query,
        body: uploadFilesRoute.body,
        response: { 201: uploadFilesRoute.response, ...uploadErrors },
      },
      validatorCompiler: multipartBodyCompiler,
    },
    async (request, reply) => {
      signedInOrDiscard(request);
      const received = await receiveUploads(request, uploadRules(storage, 'files'), MAX_FILES_PER_UPLOAD);
      const urls = await record(request, received, request.query.type);
      return reply.status(201).send({ data: urls });
    },
  );
};

/** A stored file, to those who may read it, and the access log of a document. */
const registerReadRoutes = (app: RouteApp, ctx: AppContext, storage: FileStorage) => {
  app.get(
    fileRoute.path,
    {
      schema: {
        tags: ['file'],
        summary:
          'A stored file: to its uploader, SUPERADMIN, the representative of the facility that adopted it, and ' +
          "that facility's staff with memberUseYn for INBODY, TICKET and TRAINER files",
        description:
          'Anyone else, and an unknown id, gets 404. Served with its own Content-Type, `X-Content-Type-Options: ' +
          'nosniff`, `Content-Disposition: inline; filename="document.<ext>"` and `Cache-Control: private, ' +
          "no-store`; same-origin pages may frame it (the operator's document viewer). Every read of a document " +
          '(type ETC) is written to its access log.',
        params: fileRoute.params,
        response: {
          200: {
            description: 'The file',
            content: Object.fromEntries(
              DOCUMENT_KINDS.map((kind) => [
                fileKinds[kind].mime,
                { schema: z.file().meta({ description: 'The file, as uploaded.' }) },
              ]),
            ),
          },
          ...errorResponses('UNAUTHENTICATED', 'NOT_FOUND'),
        },
      },
    },
    async (request, reply) => {
      const me = requireMember(request);
      const { id } = request.params;
      const row = FILE_ID.test(id) ? await findFile(ctx.db, id) : undefined;
      if (!row || !(await mayRead(request, ctx, row))) throw notFound();
      const opened = await storage.open(row.storageKey);
      if (!opened) throw notFound();
      // A HEAD (the viewer asking for the type) sends no content: only a read of the document itself is logged.
      if (row.uploadType === 'ETC' && request.method !== 'HEAD') {
        try {
          await logFileAccess(ctx.db, {
            fileId: row.id,
            memberId: me.id,
            ip: request.ip,
            userAgent: request.headers['user-agent'],
            now: ctx.clock(),
            gymId: row.gymId,
            requestId: request.id,
          });
        } catch (error) {
          // No record of the read, no read.
          opened.stream.destroy();
          throw error;
        }
      }
      return (
        // The reply as Fastify's own (a widening): the documented type is the file, what goes out is its stream.
        (reply as FastifyReply)
          .header('content-type', fileKinds[row.kind].mime)
          .header('content-length', String(opened.size))
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', `inline; filename="document.${extensionOfKind(row.kind)}"`)
          .header('cache-control', 'private, no-store')
          // The operator's console shows documents in an in-page viewer (an iframe for PDFs): same-origin framing
          // only, in place of the app-wide "frame-ancestors 'none'".
          .header('content-security-policy', "frame-ancestors 'self'")
          .header('x-frame-options', 'SAMEORIGIN')
          .send(opened.stream)
      );
    },
  );

  app.get(
    fileAccessLogRoute.path,
    {
      schema: {
        tags: ['file'],
        summary: 'Who read a file, newest first, at most 100 (SUPERADMIN only)',
        params: fileAccessLogRoute.params,
        response: {
          200: fileAccessLogRoute.response,
          ...errorResponses('UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'),
        },
      },
    },
    async (request, reply) => {
      requireMember(request);
      if (!isSuperadmin(request)) throw forbidden();
      const { id } = request.params;
      if (!FILE_ID.test(id) || !(await findFile(ctx.db, id))) throw notFound();
      const log = await accessLogOf(ctx.db, id);
      reply.header('x-total-count', String(log.total));
      return log;
    },
  );
};

export const fileRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; storage: FileStorage }> = async (
  app,
  { ctx, storage },
) => {
  // Only this plugin (and the photo's) parse multipart; every other route keeps refusing it.
  await app.register(multipart, { limits: uploadLimits, throwFileSizeLimit: false });
  registerUploadRoutes(app, ctx, storage);
  registerReadRoutes(app, ctx, storage);
};
