import { z } from 'zod';
import { uploadTypes } from '../enums.ts';
import { isoDateTime } from './common.ts';

/** `?type=` of the upload calls (docs/rules.md#files). */
export const uploadQuerySchema = z.strictObject({ type: z.enum(uploadTypes, 'invalidValue') });

/** The stored files' URLs (`/web/file/<id>`), in the order they were sent. */
export const uploadResultSchema = z
  .object({ data: z.array(z.string()).meta({ example: ['/web/file/3f2a…'] }) })
  .meta({ id: 'UploadResult' });

/** One read of a document (issue 6, point 8): who, when, from where. */
export const fileAccessSchema = z
  .object({
    memberId: z.number().int().nullable(),
    userId: z.string().nullable(),
    name: z.string().nullable(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    createDate: isoDateTime,
  })
  .meta({ id: 'FileAccess' });
export type FileAccess = z.infer<typeof fileAccessSchema>;
