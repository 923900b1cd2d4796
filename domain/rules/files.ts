// Upload rules shared by the server (which checks content too) and the web app (which checks before sending).
// docs/rules.md#files: documents are png, jpg, jpeg or pdf, at most 20 MB each; a profile photo is an image.

export const MAX_UPLOAD_MB = 20;
/** 20 MiB: what "20 MB" means for every upload, in the browser and on the server. */
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;

/** Every kind of file the app accepts anywhere: its MIME type, the file-name extensions that name it, a label. */
export const fileKinds = {
  png: { mime: 'image/png', extensions: ['png'], label: 'PNG' },
  jpeg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'], label: 'JPEG' },
  webp: { mime: 'image/webp', extensions: ['webp'], label: 'WebP' },
  pdf: { mime: 'application/pdf', extensions: ['pdf'], label: 'PDF' },
} as const;
export type FileKind = keyof typeof fileKinds;

/** A profile photo (POST /web/member/image/{memberId}). */
export const IMAGE_KINDS = ['png', 'jpeg', 'webp'] as const satisfies readonly FileKind[];
/** Verification and other documents (POST /web/file/upload, /web/files/upload). */
export const DOCUMENT_KINDS = ['png', 'jpeg', 'pdf'] as const satisfies readonly FileKind[];

/** The lower-case extension of a file name ("Photo.JPG" → "jpg"), or "" when it has none. */
export const extensionOf = (fileName: string): string => {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
};

/** The accepted kind that a file's name claims, by its extension. */
export const kindOfName = (fileName: string, accepted: readonly FileKind[]): FileKind | undefined => {
  const extension = extensionOf(fileName);
  return accepted.find((kind) => (fileKinds[kind].extensions as readonly string[]).includes(extension));
};

/** The accepted kind of a MIME type (as a content sniffer reports it). */
export const kindOfMime = (mime: string, accepted: readonly FileKind[]): FileKind | undefined =>
  accepted.find((kind) => fileKinds[kind].mime === mime.toLowerCase());

/** The extension a stored file of this kind gets. */
export const extensionOfKind = (kind: FileKind): string => fileKinds[kind].extensions[0];

/** For an `<input type="file" accept>`: ".png,.jpg,.jpeg,image/png,image/jpeg". */
export const acceptAttribute = (accepted: readonly FileKind[]): string =>
  [
    ...accepted.flatMap((kind) => fileKinds[kind].extensions.map((extension) => `.${extension}`)),
    ...accepted.map((kind) => fileKinds[kind].mime),
  ].join(',');

/** "PNG, JPEG, WebP": the kinds as people name them, for messages. */
export const kindLabels = (accepted: readonly FileKind[]): string =>
  accepted.map((kind) => fileKinds[kind].label).join(', ');

export type UploadRefusal = 'type' | 'size';

/**
 * Why a file would be refused before any byte is sent: its name is not an accepted kind, or it is too large.
 * The server checks the same, and the content as well.
 */
export const uploadRefusal = (
  file: { name: string; size: number },
  accepted: readonly FileKind[],
): UploadRefusal | undefined => {
  if (!kindOfName(file.name, accepted)) return 'type';
  if (file.size > MAX_UPLOAD_BYTES) return 'size';
  return undefined;
};

/** At most this many files in one `POST /web/files/upload`. */
export const MAX_FILES_PER_UPLOAD = 10;

/** Longest original file name kept (after cleaning). */
export const ORIGINAL_NAME_MAX = 200;

/**
 * The name a file was uploaded under, safe to keep and show: no folders, no control or invisible formatting
 * characters (a right-to-left override can disguise "gpj.exe"), trimmed, at most 200 characters.
 */
export const sanitizeFileName = (fileName: string): string => {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .trim();
  return [...clean].slice(0, ORIGINAL_NAME_MAX).join('') || 'file';
};

/** Where an uploaded file is served: `/web/file/<32 hex>`. */
export const FILE_URL_PREFIX = '/web/file/';
const FILE_URL = /^\/web\/file\/([0-9a-f]{32})$/;

export const fileUrl = (id: string): string => `${FILE_URL_PREFIX}${id}`;

/** The id behind a stored file's URL, or undefined for anything else. */
export const fileIdOfUrl = (url: string): string | undefined => FILE_URL.exec(url)?.[1];
