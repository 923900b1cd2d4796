import { and, count, desc, eq, sql } from 'drizzle-orm';
import { DEFAULT_SURVEY, hasHealthQuestions, withoutHealthAnswers } from '#domain/rules/consult.ts';
import { normalizeMobile } from '#domain/rules/customer.ts';
import type { ConsultDetail, Survey } from '#domain/schemas/consult.ts';
import type { Executor } from '../../db/client.ts';
import { type ConsultRow, consult, consultEvent, consultSurvey, member } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { hasApprovedAddOn } from '../sub-service/sub-service.service.ts';
import { toConsult, toConsultEvent, toSurvey } from './consult.mappers.ts';
import { addOnRequired, badField } from './consult.refusals.ts';

// Consulting's reads (docs/rules.md#consulting): a consult and its timeline, the waiting badge, the survey's
// versions and the prospect's customer. Routes check rights; everything here assumes the caller may read.

/** Every consulting call needs the facility's CONSULT add-on in APPROVE (docs/rules.md#add-ons). */
export const assertConsultAddOn = async (db: Executor, gymId: number) => {
  if (!(await hasApprovedAddOn(db, gymId, ['CONSULT']))) throw addOnRequired();
};

/** The facility's active survey: its highest version; the default template becomes version 1 on first use. */
export const activeSurvey = async (db: Executor, gymId: number): Promise<Survey> => {
  const latest = async () =>
    (
      await db
        .select()
        .from(consultSurvey)
        .where(eq(consultSurvey.gymId, gymId))
        .orderBy(desc(consultSurvey.version))
        .limit(1)
    )[0];
  const found = await latest();
  if (found) return toSurvey(found);
  await db
    .insert(consultSurvey)
    .values({ gymId, version: 1, definition: DEFAULT_SURVEY })
    .onConflictDoNothing();
  const made = await latest();
  if (!made) throw new Error('The default survey could not be stored');
  return toSurvey(made);
};

export const surveyById = async (db: Executor, gymId: number, id: number) => {
  const [row] = await db
    .select()
    .from(consultSurvey)
    .where(and(eq(consultSurvey.id, id), eq(consultSurvey.gymId, gymId)));
  return row ? toSurvey(row) : null;
};

export const consultRow = async (db: Executor, id: number) => {
  const [row] = await db.select().from(consult).where(eq(consult.id, id));
  if (!row) throw notFound();
  return row;
};

export const waitingCount = async (db: Executor, gymId: number) => {
  const [row] = await db
    .select({ n: count() })
    .from(consult)
    .where(and(eq(consult.gymId, gymId), eq(consult.status, 'WAIT')));
  return row?.n ?? 0;
};

/** One consult for staff: the health answers only with the member flags and a recorded health consent. */
export const consultDetail = async (
  db: Executor,
  row: ConsultRow,
  options: { mayReadHealth: boolean },
): Promise<ConsultDetail> => {
  const survey = row.surveyId ? await surveyById(db, row.gymId, row.surveyId) : null;
  const showHealth = options.mayReadHealth && row.consents?.health != null;
  const answers = survey && !showHealth ? withoutHealthAnswers(survey.definition, row.answers) : row.answers;
  const hidden = survey !== null && !showHealth && hasHealthQuestions(survey.definition);
  const events = await db
    .select({ event: consultEvent, actorName: member.name })
    .from(consultEvent)
    .leftJoin(member, eq(member.id, consultEvent.actorMemberId))
    .where(eq(consultEvent.consultId, row.id))
    .orderBy(desc(consultEvent.id))
    .limit(100);
  const [staff] = row.staffMemberId
    ? await db.select({ name: member.name }).from(member).where(eq(member.id, row.staffMemberId))
    : [];
  return {
    consult: toConsult(row),
    survey,
    answers,
    healthHidden: hidden,
    consents: row.consents,
    result: row.result,
    staffName: staff?.name ?? null,
    events: events.map(toConsultEvent),
  };
};

/** The prospect's customer: the facility's customer with that phone, or null when there is none yet. */
export const customerOfConsult = async (db: Executor, row: ConsultRow) => {
  const phone = normalizeMobile(row.phone);
  if (!phone) throw badField('phone', 'mobileFormat');
  const [existing] = await db
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.ownerGymId, row.gymId), eq(member.phone, phone), sql`${member.erasedAt} is null`))
    .limit(1);
  if (existing) return { customerId: existing.id, created: false };
  return null;
};
