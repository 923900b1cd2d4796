import { z } from 'zod';
import {
  DOCUMENT_KINDS,
  fileKinds,
  kindLabels,
  MAX_FILES_PER_UPLOAD,
  MAX_UPLOAD_MB,
} from '../rules/files.ts';
import { listOf } from '../schemas/common.ts';
import { fileAccessSchema, uploadQuerySchema, uploadResultSchema } from '../schemas/file.ts';
import { defineRoute } from './define.ts';

export const documentTypes = kindLabels(DOCUMENT_KINDS);
const documentFile = () =>
  z
    .file()
    .mime(DOCUMENT_KINDS.map((kind) => fileKinds[kind].mime))
    .meta({ description: `${documentTypes}, at most ${MAX_UPLOAD_MB} MB; the content must match the name.` });

/**
 * `{id}` of a stored file: random hex, so it is a string (docs/rules.md#files). A malformed one is answered like a
 * missing one (404), so the schema only caps its length.
 */
export const fileIdParamsSchema = z.object({ id: z.string().max(64) });

/** `POST /web/file/upload?type=`: one file in the field `file`. */
export const uploadFileRoute = defineRoute({
  method: 'POST',
  path: '/file/upload',
  query: uploadQuerySchema,
  body: z.object({ file: documentFile() }).meta({ id: 'FileUpload' }),
  multipart: true,
  status: 201,
  response: uploadResultSchema,
});

/** `POST /web/files/upload?type=`: up to MAX_FILES_PER_UPLOAD files in the repeated field `files`, all or nothing. */
export const uploadFilesRoute = defineRoute({
  method: 'POST',
  path: '/files/upload',
  query: uploadQuerySchema,
  body: z
    .object({ files: z.array(documentFile()).min(1).max(MAX_FILES_PER_UPLOAD) })
    .meta({ id: 'FilesUpload' }),
  multipart: true,
  status: 201,
  response: uploadResultSchema,
});

/** `GET /web/file/{id}`: the stored file itself, to those who may read it. */
export const fileRoute = defineRoute({
  method: 'GET',
  path: '/file/:id',
  params: fileIdParamsSchema,
  status: 200,
  response: 'file',
});

/** `GET /web/file/{id}/access-log`: who read a file (SUPERADMIN only). */
export const fileAccessLogRoute = defineRoute({
  method: 'GET',
  path: '/file/:id/access-log',
  params: fileIdParamsSchema,
  status: 200,
  response: listOf(fileAccessSchema),
});
