import { and, eq, gte, max, or, sql } from 'drizzle-orm';
import type { ValidationKey } from '#domain/i18n/validation.ts';
import { type Answers, answerProblems, consultResult, hasHealthQuestions } from '#domain/rules/consult.ts';
import { leadSources, maskName } from '#domain/rules/customer.ts';
import { seoulDayStartUtc as seoulDayStart, seoulToday } from '#domain/rules/seoul-time.ts';
import type { KioskConsultCreate, Survey } from '#domain/schemas/consult.ts';
import type { Db, Executor } from '../../db/client.ts';
import { consult, consultKiosk, gymAuth, gymMember, member, notification } from '../../db/schema/index.ts';
import { type Actor, systemActor } from '../../kernel/actor.ts';
import { addEvent, recordTabletConsents } from './consult.commands.ts';
import { toKioskConsult } from './consult.mappers.ts';
import { surveyById } from './consult.queries.ts';
import { badField, badFields, validationKeyOf } from './consult.refusals.ts';
import { KIOSK_TTL_MS, newToken, productsOnSale, sha256 } from './kiosk.queries.ts';

// The consulting tablet's writes (docs/rules.md#consulting): a staff member opens it, and walk-ins answer on it.

const LOCK_QUEUE = 7102;

export const openKiosk = async (db: Executor, gymId: number, actor: Actor) => {
  const token = newToken();
  const expiresAt = new Date(actor.now.getTime() + KIOSK_TTL_MS);
  await db
    .insert(consultKiosk)
    .values({ gymId, tokenHash: sha256(token), openedByMemberId: actor.memberId, expiresAt });
  return { token, expiresAt: expiresAt.toISOString() };
};

/** The answers checked against their survey version; the health consent when the survey asks health questions. */
const checkAnswers = (survey: Survey, input: KioskConsultCreate) => {
  const problems = answerProblems(survey.definition, input.answers);
  const errors: Record<string, ValidationKey> = Object.fromEntries(
    problems.map((p) => [p.path, validationKeyOf(p.message)]),
  );
  if (hasHealthQuestions(survey.definition) && !input.consents.health)
    errors['consents.health'] = 'consentRequired';
  if (Object.keys(errors).length > 0) throw badFields(errors);
};

/** The lead source the survey's source question was answered with, or a walk-in. */
const sourceOf = (survey: Survey, answers: Answers) => {
  const sourceAnswer = survey.definition.questions
    .filter((q) => q.role === 'source')
    .map((q) => answers[q.key])
    .find((v): v is string => typeof v === 'string');
  return leadSources.find((s) => s === sourceAnswer) ?? 'WALK_IN';
};

/**
 * What the facility knows of the walk-in, under the day's queue lock: the day's next queue number (the highest
 * plus one, not a count: a deleted consult never hands its number to the next walk-in), the customer with that
 * phone, and whether they consulted before.
 */
const walkInContext = async (tx: Db, gymId: number, phone: string, now: Date) => {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_QUEUE}, ${gymId})`);
  const dayStart = seoulDayStart(seoulToday(now));
  const [today] = await tx
    .select({ n: max(consult.queueNumber) })
    .from(consult)
    .where(and(eq(consult.gymId, gymId), gte(consult.createDate, dayStart)));
  const [customer] = await tx
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.ownerGymId, gymId), eq(member.phone, phone), sql`${member.erasedAt} is null`))
    .limit(1);
  const [earlier] = await tx
    .select({ id: consult.id })
    .from(consult)
    .where(and(eq(consult.gymId, gymId), eq(consult.phone, phone)))
    .limit(1);
  return {
    queueNumber: (today?.n ?? 0) + 1,
    customerId: customer?.id ?? null,
    revisit: earlier !== undefined,
  };
};

/**
 * A walk-in's answers, written in one transaction (docs/rules.md#consulting): checked against their survey
 * version, the health consent required when the survey asks health questions, the result computed from the
 * answers, a queue number for the day, and a notification to every staff member who reads consultations.
 */
export const createFromKiosk = async (tx: Db, gymId: number, input: KioskConsultCreate, now: Date) => {
  const survey = await surveyById(tx, gymId, input.surveyId);
  if (!survey) throw badField('surveyId', 'invalidValue');
  checkAnswers(survey, input);
  // Safe: checkAnswers (just above) refused any answer that does not fit the survey's questions.
  const answers = input.answers as Answers;
  const result = consultResult(survey.definition, answers, await productsOnSale(tx, gymId, now));
  const source = sourceOf(survey, answers);
  const walkIn = await walkInContext(tx, gymId, input.phone, now);
  const stamp = now.toISOString();
  const token = newToken();
  const [row] = await tx
    .insert(consult)
    .values({
      gymId,
      personKind: walkIn.customerId ? 'MEMBER' : 'NONMEMBER',
      channel: walkIn.revisit ? 'REVISIT' : 'WALK_IN',
      name: input.name,
      phone: input.phone,
      status: 'WAIT',
      stage: 'NEW',
      surveyId: survey.id,
      answers,
      consents: {
        personal: stamp,
        health: input.consents.health ? stamp : null,
        marketing: input.consents.marketing ? stamp : null,
        night: input.consents.night ? stamp : null,
      },
      result,
      goals: result.goals,
      seeDoctor: result.seeDoctor,
      source,
      customerId: walkIn.customerId,
      queueNumber: walkIn.queueNumber,
      statusToken: sha256(token),
      consultDate: seoulToday(now),
      createDate: now,
      modifiedDate: now,
    })
    .returning();
  // An insert answers its row.
  const made = row!;
  await addEvent(tx, made, 'CREATED', { stage: 'NEW', now });
  // A customer already on the books gets the tablet's consents now; a prospect's wait for their conversion.
  if (walkIn.customerId && made.consents)
    await recordTabletConsents(tx, systemActor(now), gymId, walkIn.customerId, made.consents, true);
  await notifyConsultReaders(tx, gymId, made.id, maskName(input.name), now);
  return toKioskConsult(made, token, result);
};

/** The bell of every staff member who reads consultations in this facility (docs/rules.md#notifications). */
const notifyConsultReaders = async (tx: Db, gymId: number, consultId: number, name: string, now: Date) => {
  const readers = await tx
    .select({ memberId: gymMember.memberId })
    .from(gymMember)
    .innerJoin(gymAuth, eq(gymAuth.id, gymMember.gymAuthId))
    .where(
      and(
        eq(gymMember.gymId, gymId),
        eq(gymMember.status, 'ACTIVE'),
        or(eq(gymAuth.consultUseYn, true), eq(gymAuth.representYn, true)),
      ),
    )
    .limit(100);
  if (readers.length === 0) return;
  await tx.insert(notification).values(
    readers.map(({ memberId }) => ({
      memberId,
      gymId,
      kind: 'CONSULT_WAITING' as const,
      reason: name,
      consultId,
      readYn: false,
      createDate: now,
    })),
  );
};
