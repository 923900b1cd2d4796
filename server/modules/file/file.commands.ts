import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { UploadType } from '#domain/enums.ts';
import { sanitizeFileName } from '#domain/rules/files.ts';
import type { Db } from '../../db/client.ts';
import { type FileRow, file, fileAccessLog } from '../../db/schema/index.ts';
import { audited } from '../../kernel/audit.ts';
import type { ReceivedFile } from '../../storage/upload.ts';

// Uploaded files' writes (docs/rules.md#files): recording uploads, a document's read in its access log (audited),
// a facility adopting files.

/** The storage area of uploaded files (documents, InBody sheets, tickets, trainer photos). */
export const FILE_AREA = 'file';

/** 128 random bits as 32 hex digits: a file's URL is its only name, so it must not be guessable. */
export const newFileId = () => randomBytes(16).toString('hex');

export const recordFiles = async (
  db: Db,
  received: readonly ReceivedFile[],
  meta: { uploadType: UploadType; ownerMemberId: number; now: Date },
): Promise<FileRow[]> => {
  if (received.length === 0) return [];
  return db
    .insert(file)
    .values(
      received.map((r) => ({
        id: newFileId(),
        storageKey: r.key,
        kind: r.kind,
        size: r.size,
        originalName: sanitizeFileName(r.fileName),
        uploadType: meta.uploadType,
        ownerMemberId: meta.ownerMemberId,
        gymId: null,
        createDate: meta.now,
      })),
    )
    .returning();
};

/** A read of a document: its access log, and the facility's audit chain (docs/rules.md#audit), together. */
export const logFileAccess = async (
  db: Db,
  entry: {
    fileId: string;
    memberId: number;
    ip: string;
    userAgent: string | undefined;
    now: Date;
    gymId: number | null;
    requestId: string;
  },
) =>
  db.transaction(async (tx) => {
    await tx.insert(fileAccessLog).values({
      fileId: entry.fileId,
      memberId: entry.memberId,
      ip: entry.ip.slice(0, 100),
      userAgent: entry.userAgent?.slice(0, 500) ?? null,
      createDate: entry.now,
    });
    await audited(
      tx,
      { memberId: entry.memberId, requestId: entry.requestId, now: entry.now },
      { gymId: entry.gymId, action: 'file.read', entity: 'file', entityId: entry.fileId },
    );
  });

/** The facility takes the files over: its representative may read them from now on. */
export const adoptFiles = async (tx: Db, gymId: number, ids: readonly string[]) => {
  if (ids.length === 0) return;
  await tx
    .update(file)
    .set({ gymId })
    .where(and(inArray(file.id, [...ids]), or(isNull(file.gymId), eq(file.gymId, gymId))));
};
