import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { UploadType } from '#domain/enums.ts';
import type { FileKind } from '#domain/rules/files.ts';
import { gym } from './gym.ts';
import { member } from './member.ts';

/**
 * An uploaded file (docs/rules.md#files): stored behind the FileStorage under a random key, served only
 * through GET /web/file/{id}. `gymId` is set when a facility adopts the file (its verification documents).
 */
export const file = pgTable(
  'file',
  {
    /** 32 hex digits, random: the URL names it, so it must not be guessable. */
    id: text().primaryKey(),
    storageKey: text().notNull(),
    kind: text().$type<FileKind>().notNull(),
    size: integer().notNull(),
    originalName: text().notNull(),
    uploadType: text().$type<UploadType>().notNull(),
    ownerMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    gymId: integer().references(() => gym.id, { onDelete: 'set null' }),
    createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('file_owner_idx').on(t.ownerMemberId, t.createDate),
    index('file_gym_idx').on(t.gymId),
    check('file_kind_check', sql`${t.kind} in ('png', 'jpeg', 'pdf')`),
    check('file_upload_type_check', sql`${t.uploadType} in ('INBODY', 'TICKET', 'TRAINER', 'ETC')`),
  ],
);

export type FileRow = typeof file.$inferSelect;

/** Every read of a document (upload type ETC): who, when, which file, from where (issue 6, point 8). */
export const fileAccessLog = pgTable(
  'file_access_log',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    fileId: text()
      .notNull()
      .references(() => file.id, { onDelete: 'cascade' }),
    memberId: integer().references(() => member.id, { onDelete: 'set null' }),
    ip: text(),
    userAgent: text(),
    createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('file_access_log_file_idx').on(t.fileId, t.createDate)],
);
