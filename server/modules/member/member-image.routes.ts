import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { imageTypes, memberImageRoute, uploadMemberImageRoute } from '#domain/api/member-image.ts';
import { extensionOfKind, fileKinds, IMAGE_KINDS, MAX_UPLOAD_MB } from '#domain/rules/files.ts';
import type { AppContext } from '../../context.ts';
import { requireMember } from '../../http/auth.ts';
import { assertCustomerReach } from '../../http/customer-reach.ts';
import { notFound } from '../../http/errors.ts';
import { errorResponses } from '../../http/responses.ts';
import { assertGymRight } from '../../http/rights.ts';
import { assertGymWritable } from '../../resources/engine.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { discardBody, multipartBodyCompiler, receiveUpload, uploadLimits } from '../../storage/upload.ts';
import { toMember } from './member.repository.ts';
import {
  MEMBER_IMAGE_AREA,
  memberImageKey,
  memberImageUrl,
  replaceMemberImage,
} from './member-image.service.ts';
import { mayReadPerson } from './person-access.ts';

const photoSchema = z.file().meta({ description: 'The photo, as it was uploaded.' });

type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/** Setting a photo: the member's own, or a customer's by its facility's staff. */
const registerUploadRoute = (app: RouteApp, ctx: AppContext, storage: FileStorage) => {
  /**
   * The photo is the member's own; a customer's is set by its facility's staff with memberSettingYn
   * (docs/rules.md#customers); a SUPERADMIN may set anyone's. Anyone else is told the member is not there.
   */
  const assertMaySet = async (request: FastifyRequest, memberId: number) => {
    const me = requireMember(request);
    if (memberId === me.id) return;
    const target = await ctx.members.findById(memberId);
    if (target?.ownerGymId && !target.erasedAt && me.authCode !== 'SUPERADMIN') {
      await assertGymRight(request, ctx.loadRights, target.ownerGymId, 'memberSettingYn');
      await assertCustomerReach(ctx, request, target.ownerGymId, memberId);
      await assertGymWritable(ctx, target.ownerGymId);
      return;
    }
    if (me.authCode !== 'SUPERADMIN' || !target) throw notFound();
  };

  app.post(
    uploadMemberImageRoute.path,
    {
      schema: {
        tags: ['member'],
        summary: 'Upload a profile photo (your own; any member for a SUPERADMIN)',
        description:
          `A \`multipart/form-data\` form with the file in the field \`image\`: ${imageTypes}, at most ` +
          `${MAX_UPLOAD_MB} MB. The content is checked, not only the name: anything else answers 415, a larger ` +
          "file 413 while it streams, and nothing is stored. The previous photo is removed. Someone else's " +
          'member id answers 404.',
        consumes: ['multipart/form-data'],
        params: uploadMemberImageRoute.params,
        body: uploadMemberImageRoute.body,
        response: {
          200: uploadMemberImageRoute.response,
          ...errorResponses(
            'VALIDATION_FAILED',
            'UNAUTHENTICATED',
            'FORBIDDEN',
            'CONFLICT',
            'NOT_FOUND',
            'PAYLOAD_TOO_LARGE',
            'UNSUPPORTED_MEDIA_TYPE',
          ),
        },
      },
      // The body schema above documents the form; the stream is read by the handler, never buffered for validation.
      validatorCompiler: multipartBodyCompiler,
    },
    async (request) => {
      const { memberId } = request.params;
      try {
        await assertMaySet(request, memberId);
      } catch (error) {
        discardBody(request);
        throw error;
      }
      const file = await receiveUpload(request, {
        field: 'image',
        accepted: IMAGE_KINDS,
        storage,
        area: MEMBER_IMAGE_AREA,
      });
      // A file that no member points to is removed again, whatever went wrong.
      const replaced = await replaceMemberImage(
        ctx.db,
        memberId,
        memberImageUrl(memberId, file.key),
        ctx.clock(),
      ).catch(async (error: unknown) => {
        await storage.remove(file.key);
        throw error;
      });
      if (!replaced) {
        await storage.remove(file.key);
        throw notFound();
      }
      const previousKey = memberImageKey(memberId, replaced.previous);
      if (previousKey && previousKey !== file.key) {
        // The new photo is in place; a leftover old file is only wasted space.
        await storage.remove(previousKey).catch((error: unknown) => {
          request.log.warn({ err: error, key: previousKey }, 'could not remove a replaced profile photo');
        });
      }
      return { data: toMember(replaced.row) };
    },
  );
};

/** Reading a photo, for whoever may read the person. */
const registerReadRoute = (app: RouteApp, ctx: AppContext, storage: FileStorage) => {
  app.get(
    memberImageRoute.path,
    {
      schema: {
        tags: ['member'],
        summary: 'A profile photo, for whoever may read the person (docs/rules.md#reading-a-person)',
        description:
          'Served with its own Content-Type, `X-Content-Type-Options: nosniff`, `Content-Disposition: inline` and ' +
          '`Cache-Control: private`. `v` is the version that `member.image` carries; a new upload changes it. ' +
          'A member without a photo, or one the caller may not read, answers 404.',
        params: memberImageRoute.params,
        querystring: memberImageRoute.query,
        response: {
          200: {
            description: 'The photo',
            content: Object.fromEntries(
              IMAGE_KINDS.map((kind) => [fileKinds[kind].mime, { schema: photoSchema }]),
            ),
          },
          ...errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'NOT_FOUND'),
        },
      },
    },
    async (request, reply) => {
      const me = requireMember(request);
      const { memberId } = request.params;
      if (!(await mayReadPerson(request, ctx, memberId))) throw notFound();
      const row = memberId === me.id ? me : await ctx.members.findById(memberId);
      const key = row ? memberImageKey(memberId, row.image) : undefined;
      const file = key ? await storage.open(key) : undefined;
      const kind = key ? IMAGE_KINDS.find((k) => key.endsWith(`.${extensionOfKind(k)}`)) : undefined;
      if (!file || !kind) {
        file?.stream.destroy();
        throw notFound();
      }
      return (
        // The reply as Fastify's own (a widening): the documented type is the file, what goes out is its stream.
        (reply as FastifyReply)
          .header('content-type', fileKinds[kind].mime)
          .header('content-length', String(file.size))
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', `inline; filename="profile.${extensionOfKind(kind)}"`)
          .header('cache-control', 'private, max-age=86400')
          .send(file.stream)
      );
    },
  );
};

export const memberImageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; storage: FileStorage }> = async (
  app,
  { ctx, storage },
) => {
  // Only this plugin parses multipart; every other route keeps refusing it.
  await app.register(multipart, { limits: uploadLimits, throwFileSizeLimit: false });
  registerUploadRoute(app, ctx, storage);
  registerReadRoute(app, ctx, storage);
};
