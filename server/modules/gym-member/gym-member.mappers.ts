import type { InferSelectModel } from 'drizzle-orm';
import type { gymMember } from '../../db/schema/index.ts';
import { maskName, maskPhone } from '../../kernel/mask.ts';
import type { MemberSummary } from '../gym-auth/gym-auth.queries.ts';

// A facility link as the API returns it (docs/rules.md#permissions).

export type GymMemberRow = InferSelectModel<typeof gymMember>;

/** Whether a link is an invitation still waiting for the invited person. */
export const isPendingInvite = (row: Pick<GymMemberRow, 'invitedAt' | 'status'>) =>
  row.invitedAt !== null && row.status === 'WAIT';

/** Until they accept, the facility sees an invited person's name and phone masked. */
export const maskedSummary = (summary: MemberSummary): MemberSummary => ({
  ...summary,
  name: maskName(summary.name),
  phone: maskPhone(summary.phone),
});

/** PostgreSQL's JSON text of a UTC timestamp: seconds, up to six fraction digits, `+00:00`. */
const UTC_JSON_TIME = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00:00$/;

/**
 * A timestamp from JSON as the API writes it (`Date#toISOString`: UTC, milliseconds, truncated as Drizzle's own
 * mapping truncates). The UTC text is rewritten without parsing a date (it was 4% of a list's CPU); another offset
 * (a server with its own TimeZone) goes through `Date`.
 */
export const isoFromJson = (text: string): string => {
  const utc = UTC_JSON_TIME.exec(text);
  if (!utc) return new Date(text).toISOString();
  return `${utc[1]}.${(utc[2] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
};
