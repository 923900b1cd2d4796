import type { Consult, ConsultDetail, Survey } from '#domain/schemas/consult.ts';
import type { ConsultRow, consultEvent, consultSurvey } from '../../db/schema/index.ts';

// Consulting's rows as the API returns them.

export const toSurvey = (row: typeof consultSurvey.$inferSelect): Survey => ({
  id: row.id,
  gymId: row.gymId,
  version: row.version,
  definition: row.definition,
  createDate: row.createDate.toISOString(),
});

export const toConsult = (row: ConsultRow): Consult => ({
  id: row.id,
  gymId: row.gymId,
  personKind: row.personKind,
  channel: row.channel,
  name: row.name,
  phone: row.phone,
  content: row.content,
  status: row.status,
  stage: row.stage,
  outcome: row.outcome,
  lostReason: row.lostReason,
  lostNote: row.lostNote,
  followUpDate: row.followUpDate,
  goals: row.goals,
  source: row.source,
  staffMemberId: row.staffMemberId,
  customerId: row.customerId,
  queueNumber: row.queueNumber,
  seeDoctor: row.seeDoctor,
  consultDate: row.consultDate,
  createDate: row.createDate.toISOString(),
  modifiedDate: row.modifiedDate.toISOString(),
});

/** One line of a consult's timeline, with the name of who acted. */
export const toConsultEvent = ({
  event,
  actorName,
}: {
  event: typeof consultEvent.$inferSelect;
  actorName: string | null;
}): ConsultDetail['events'][number] => ({
  id: event.id,
  kind: event.kind,
  stage: event.stage,
  dueDate: event.dueDate,
  note: event.note,
  actorName,
  createDate: event.createDate.toISOString(),
});

/** What the tablet shows of the consult it wrote: its queue number and its result. */
export const toKioskConsult = (
  row: Pick<ConsultRow, 'id' | 'status' | 'queueNumber' | 'name'>,
  token: string,
  result: NonNullable<ConsultRow['result']>,
) => ({
  id: row.id,
  token,
  status: row.status,
  queueNumber: row.queueNumber ?? 0,
  name: row.name,
  result,
});
