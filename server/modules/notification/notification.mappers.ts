import type { z } from 'zod';
import type { notificationSchema } from '#domain/schemas/notification.ts';

// A notification as the API returns it (docs/rules.md#notifications).

export const toRecord = (
  row: { createDate: Date } & Omit<z.infer<typeof notificationSchema>, 'createDate'>,
) => ({
  ...row,
  createDate: row.createDate.toISOString(),
});
