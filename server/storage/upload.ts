import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import {
  extensionOfKind,
  type FileKind,
  kindLabels,
  kindOfMime,
  kindOfName,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_MB,
} from '#domain/rules/files.ts';
import { AppError, validatorCompiler } from '../http/errors.ts';
import type { FileStorage, StoredFile } from './file-storage.ts';

// Uploads stream from the multipart parser through a content check into the storage: the body is never held
// in memory whole, and a refused or oversized file leaves nothing behind. Routes that use these register
// @fastify/multipart in their own plugin (see server/modules/member/member-image.routes.ts).

/**
 * The API's validation for params and query; a multipart body is left to the handler, which streams it (the
 * route's body schema only documents the form).
 */
// Safe (the cast below): the route definition Fastify hands every compiler; the zod provider only types it apart.
export const multipartBodyCompiler: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body'
    ? () => ({ value: undefined })
    : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);

/** Busboy's limits for one request; `fileSize` is what turns an oversized file into a 413 while it streams. */
export const uploadLimits = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 1,
  fields: 8,
  parts: 9,
  fieldSize: 1024,
} as const;

/** file-type reads at most this much to recognise a kind (its own `minimumBytes`). */
const SNIFF_BYTES = 4100;

export type UploadRules = {
  /** The form field that carries the file. */
  field: string;
  accepted: readonly FileKind[];
  storage: FileStorage;
  /** The storage area ("member-image", "document"). */
  area: string;
};

/** A stored file, its kind (proved by its content) and the name the client sent (unchecked: clean it to keep it). */
export type ReceivedFile = StoredFile & { kind: FileKind; fileName: string };

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', 'fileTooLarge', { max: MAX_UPLOAD_MB });
const wrongKind = (accepted: readonly FileKind[]) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', 'fileTypeNotAllowed', { types: kindLabels(accepted) });
const missing = (field: string) =>
  new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, { [field]: 'required' });

/** The accepted kind that the bytes themselves show (an animated PNG is a PNG). */
export const sniffKind = async (
  head: Uint8Array,
  accepted: readonly FileKind[],
): Promise<FileKind | undefined> => {
  const found = await fileTypeFromBuffer(head);
  if (!found) return undefined;
  return kindOfMime(found.mime === 'image/apng' ? 'image/png' : found.mime, accepted);
};

/** Passes the bytes through once their head proves the kind the name claims; fails on a truncated (too large) file. */
async function* checkedContent(part: MultipartFile, claimed: FileKind, accepted: readonly FileKind[]) {
  const verify = async (head: Buffer) => {
    if ((await sniffKind(head, accepted)) !== claimed) throw wrongKind(accepted);
  };
  let head = Buffer.alloc(0);
  let verified = false;
  // Safe: busboy's file stream has no encoding, so it yields Buffers.
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    if (verified) {
      yield chunk;
      continue;
    }
    head = Buffer.concat([head, chunk]);
    if (head.length >= SNIFF_BYTES) {
      await verify(head);
      verified = true;
      yield head;
    }
  }
  // Busboy stops at `fileSize` and marks the stream truncated; the partial file is then thrown away.
  if (part.file.truncated) throw tooLarge();
  if (!verified) {
    await verify(head);
    yield head;
  }
}

/** Stores one file part after checking its name and its content against the accepted kinds. */
export const storePart = async (part: MultipartFile, rules: UploadRules): Promise<ReceivedFile> => {
  const claimed = kindOfName(part.filename, rules.accepted);
  if (!claimed) throw wrongKind(rules.accepted);
  const stored = await rules.storage.save(
    rules.area,
    extensionOfKind(claimed),
    checkedContent(part, claimed, rules.accepted),
  );
  return { ...stored, kind: claimed, fileName: part.filename };
};

/**
 * Stops reading a request whose upload was refused (or never started), so the connection is left clean: the
 * rest of the body is read and dropped, not parsed or stored.
 */
export const discardBody = (request: FastifyRequest) => {
  request.raw.unpipe();
  request.raw.resume();
};

/** The one file of a `multipart/form-data` request, in `rules.field`, checked and stored. */
export const receiveUpload = async (request: FastifyRequest, rules: UploadRules): Promise<ReceivedFile> => {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  try {
    const part = await request.file({ limits: uploadLimits, throwFileSizeLimit: false });
    if (!part || part.fieldname !== rules.field) throw missing(rules.field);
    return await storePart(part, rules);
  } catch (error) {
    discardBody(request);
    throw error;
  }
};

/**
 * Every file of a `multipart/form-data` request, all in `rules.field` (a repeated field), at most `max` of them,
 * each checked and stored in the order sent. All or nothing: when one is refused, those already stored are removed.
 */
export const receiveUploads = async (
  request: FastifyRequest,
  rules: UploadRules,
  max: number,
): Promise<ReceivedFile[]> => {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const received: ReceivedFile[] = [];
  try {
    const parts = request.files({
      limits: { ...uploadLimits, files: max, parts: max + uploadLimits.fields },
      throwFileSizeLimit: false,
    });
    for await (const part of parts) {
      if (part.fieldname !== rules.field) throw missing(rules.field);
      received.push(await storePart(part, rules));
    }
    if (received.length === 0) throw missing(rules.field);
    return received;
  } catch (error) {
    discardBody(request);
    await Promise.all(received.map((file) => rules.storage.remove(file.key)));
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
      throw new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, { [rules.field]: 'tooManyFiles' });
    }
    throw error;
  }
};
