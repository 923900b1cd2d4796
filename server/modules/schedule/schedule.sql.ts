import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { lesson, member, reservation, ticketIssue, ticketUsage } from '../../db/schema/index.ts';

// The schedule's statements where Drizzle's builder is not enough (docs/rules.md#schedule): filtered counts, the
// names of a PT lesson's customers, a pass's sessions used, the waitlist's positions. Each is a function, so every
// statement gets its own fragment.

/** The trainer's member row beside a lesson's customers. */
export const trainerName = alias(member, 'trainer_member');

/** Who acted on a reservation, in its history. */
export const actorName = alias(member, 'actor_member');

/** A lesson's bookings that hold a place (in a statement grouped by lesson). */
export const bookedCount = () =>
  sql<number>`count(*) filter (where ${reservation.status} in ('COMPLETE', 'DELAY'))`.mapWith(Number);

/** A lesson's waitlist (in a statement grouped by lesson). */
export const waitingCount = () =>
  sql<number>`count(*) filter (where ${reservation.status} = 'WAITING')`.mapWith(Number);

/** A PT lesson's booked customers, in booking order (in a statement grouped by lesson). */
export const customerNames = () => sql<string>`string_agg(${member.name}, ', ' order by ${reservation.id})`;

/** Leaves the lessons being edited out of the trainer's clashes. */
export const lessonIdNotIn = (ids: readonly number[]): SQL | undefined =>
  ids.length > 0 ? sql`${lesson.id} not in ${ids}` : undefined;

/** The sessions the reservation's pass has used: a sub-select per roster row. */
export const sessionsUsedOfPass = () =>
  sql<number>`(select coalesce(sum(u.sessions), 0) from ticket_usage u where u.ticket_issue_id = ${reservation.ticketIssueId})`.mapWith(
    Number,
  );

/** The sessions used, summed over the usage rows selected. */
export const sessionsUsed = () => sql<number>`coalesce(sum(${ticketUsage.sessions}), 0)`.mapWith(Number);

/** The passes ending first first; one without an end last. */
export const endingFirst = () => sql`${ticketIssue.endDate} asc nulls last`;

/** Each waiting reservation's place in its lesson's line (1 = next). */
export const waitPosition = () =>
  sql<number>`row_number() over (partition by ${reservation.lessonId} order by ${reservation.id})`
    .mapWith(Number)
    .as('position');
