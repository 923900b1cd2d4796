import { count, desc, eq, inArray } from 'drizzle-orm';
import { fileIdOfUrl } from '#domain/rules/files.ts';
import { GYM_DOCUMENT_FIELDS } from '#domain/rules/gym-verification.ts';
import type { Db } from '../../db/client.ts';
import { type FileRow, file, fileAccessLog, member } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';

// Uploaded files' reads (docs/rules.md#files): a file, its access log, and the check of a facility's documents.

export const findFile = async (db: Db, id: string): Promise<FileRow | undefined> => {
  const [row] = await db.select().from(file).where(eq(file.id, id)).limit(1);
  return row;
};

export const ACCESS_LOG_LIMIT = 100;

/** The latest reads of a file, newest first, at most 100; the total counts every read. */
export const accessLogOf = async (db: Db, fileId: string) => {
  const rows = await db
    .select({
      memberId: fileAccessLog.memberId,
      userId: member.userId,
      name: member.name,
      ip: fileAccessLog.ip,
      userAgent: fileAccessLog.userAgent,
      createDate: fileAccessLog.createDate,
    })
    .from(fileAccessLog)
    .leftJoin(member, eq(member.id, fileAccessLog.memberId))
    .where(eq(fileAccessLog.fileId, fileId))
    .orderBy(desc(fileAccessLog.createDate), desc(fileAccessLog.id))
    .limit(ACCESS_LOG_LIMIT);
  const total =
    rows.length < ACCESS_LOG_LIMIT
      ? rows.length
      : Number(
          (await db.select({ n: count() }).from(fileAccessLog).where(eq(fileAccessLog.fileId, fileId)))[0]
            ?.n ?? 0,
        );
  return {
    data: rows.map((r) => ({
      ...r,
      userId: r.userId ?? null,
      name: r.name ?? null,
      createDate: r.createDate.toISOString(),
    })),
    total,
  };
};

/**
 * Checks the document fields a facility is about to save (issue 6, point 1): each new value must be the URL of a
 * document (upload type ETC) that the caller uploaded and no facility has adopted yet, or one this facility
 * already holds. A value equal to the stored one is no change and passes. Returns the file ids to adopt.
 */
export const checkGymDocuments = async (
  tx: Db,
  args: {
    callerId: number;
    gymId: number | undefined;
    values: Record<string, unknown>;
    stored?: Record<string, unknown>;
  },
): Promise<string[]> => {
  const wanted = new Map<string, string | undefined>();
  for (const field of GYM_DOCUMENT_FIELDS) {
    const value = args.values[field];
    if (value === undefined || value === null || value === '') continue;
    if (args.stored && args.stored[field] === value) continue;
    wanted.set(field, fileIdOfUrl(String(value)));
  }
  if (wanted.size === 0) return [];
  const ids = [...new Set([...wanted.values()].filter((id): id is string => id !== undefined))];
  const rows = ids.length
    ? await tx
        .select({
          id: file.id,
          ownerMemberId: file.ownerMemberId,
          gymId: file.gymId,
          uploadType: file.uploadType,
        })
        .from(file)
        .where(inArray(file.id, ids))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const usable = (id: string | undefined) => {
    const row = id ? byId.get(id) : undefined;
    if (row?.uploadType !== 'ETC') return false;
    if (args.gymId !== undefined && row.gymId === args.gymId) return true;
    return row.gymId === null && row.ownerMemberId === args.callerId;
  };
  const refused = [...wanted.entries()].filter(([, id]) => !usable(id)).map(([field]) => field);
  if (refused.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      'VALIDATION_FAILED',
      {},
      Object.fromEntries(refused.map((field) => [field, 'documentNotUploaded'])),
    );
  }
  return ids;
};
