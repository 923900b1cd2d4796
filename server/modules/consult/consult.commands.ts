import { and, eq, max, sql } from 'drizzle-orm';
import type { ConsultOutcome, LeadStage } from '#domain/enums.ts';
import type { SurveyDefinition } from '#domain/rules/consult.ts';
import type { ConsultFinish } from '#domain/schemas/consult.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { ConsultEventKind } from '../../db/schema/consult-event.ts';
import {
  type ConsentTimes,
  type ConsultRow,
  consult,
  consultEvent,
  consultSurvey,
  gymMember,
  member,
  notification,
} from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { createCustomer } from '../customer/customer.commands.ts';
import { recordConsents } from '../message-settings/message-consent.commands.ts';
import { toSurvey } from './consult.mappers.ts';
import { customerOfConsult } from './consult.queries.ts';
import { badField, refused } from './consult.refusals.ts';

// Consulting's staff writes (docs/rules.md#consulting): taking a prospect, the wrap-up, the pipeline's moves and
// follow-ups, the survey's next version. Each takes the caller's transaction, locks the consult it changes and
// leaves its timeline event (and, for the audited ones, its audit row) in it.

const LOCK_SURVEY = 7101;

/** Saving writes the next version; consults keep the one they were answered on. */
export const saveSurvey = async (tx: Db, gymId: number, definition: SurveyDefinition, actor: Actor) => {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SURVEY}, ${gymId})`);
  const [row] = await tx
    .select({ version: max(consultSurvey.version) })
    .from(consultSurvey)
    .where(eq(consultSurvey.gymId, gymId));
  const [saved] = await tx
    .insert(consultSurvey)
    .values({ gymId, version: (row?.version ?? 0) + 1, definition, createdByMemberId: actor.memberId })
    .returning();
  // An insert answers its row.
  const survey = toSurvey(saved!);
  await audited(tx, actor, {
    gymId,
    action: 'consult.survey',
    entity: 'consult-survey',
    entityId: survey.id,
    after: { version: survey.version, questions: survey.definition.questions.length },
  });
  return survey;
};

/** Locked for the change: two staff finishing the same consult go one after the other. */
const lockedConsult = async (tx: Db, id: number, gymId: number) => {
  const [row] = await tx
    .select()
    .from(consult)
    .where(and(eq(consult.id, id), eq(consult.gymId, gymId)))
    .for('update');
  if (!row) throw notFound();
  return row;
};

/** One line of the consult's timeline. */
export const addEvent = async (
  tx: Executor,
  row: { id: number; gymId: number },
  kind: ConsultEventKind,
  values: {
    stage?: LeadStage | null;
    dueDate?: string | null;
    note?: string | null;
    actorId?: number | null;
    now: Date;
  },
) =>
  tx.insert(consultEvent).values({
    gymId: row.gymId,
    consultId: row.id,
    kind,
    stage: values.stage ?? null,
    dueDate: values.dueDate ?? null,
    note: values.note ?? null,
    actorMemberId: values.actorId ?? null,
    createDate: values.now,
  });

/**
 * A consult that no longer waits (called, wrapped up, or set to another status by hand) is handled: its
 * CONSULT_WAITING notices are read for everyone, so the bell and HOME stop showing them (docs/rules.md#notifications).
 * Removing the consult removes its notices (the foreign key cascades).
 */
export const clearWaitingNotices = (tx: Executor, consultId: number) =>
  tx
    .update(notification)
    .set({ readYn: true })
    .where(
      and(
        eq(notification.consultId, consultId),
        eq(notification.kind, 'CONSULT_WAITING'),
        eq(notification.readYn, false),
      ),
    );

/** The consult before and after a change; an update answers its row. */
type Change = { before: ConsultRow; after: ConsultRow };
const changed = (before: ConsultRow, [after]: ConsultRow[]): Change => ({ before, after: after! });

/** A staff member takes a waiting prospect; the tablet then shows the result. */
export const callConsult = async (tx: Db, id: number, gymId: number, actor: Actor): Promise<Change> => {
  const row = await lockedConsult(tx, id, gymId);
  if (row.status !== 'WAIT') throw refused('consultNotWaiting');
  const stage: LeadStage = row.stage === 'NEW' ? 'CONSULTED' : row.stage;
  const updated = await tx
    .update(consult)
    .set({
      status: 'CONSULTING',
      stage,
      staffMemberId: row.staffMemberId ?? actor.memberId,
      modifiedDate: actor.now,
    })
    .where(eq(consult.id, id))
    .returning();
  if (stage !== row.stage)
    await addEvent(tx, row, 'STAGE', { stage, actorId: actor.memberId, now: actor.now });
  await clearWaitingNotices(tx, id);
  return changed(row, updated);
};

const stageOfOutcome = (outcome: ConsultOutcome, current: LeadStage): LeadStage =>
  outcome === 'REGISTERED'
    ? 'REGISTERED'
    : outcome === 'LOST'
      ? 'LOST'
      : current === 'TRIAL'
        ? 'TRIAL'
        : 'CONSULTED';

const assertStaff = async (db: Executor, gymId: number, memberId: number) => {
  const [link] = await db
    .select({ id: gymMember.id })
    .from(gymMember)
    .where(and(eq(gymMember.gymId, gymId), eq(gymMember.memberId, memberId), eq(gymMember.status, 'ACTIVE')))
    .limit(1);
  if (!link) throw badField('staffMemberId', 'invalidValue');
};

/** The wrap-up's customer and staff member, when it names them: the facility's own (400 otherwise). */
const assertFinishInput = async (tx: Db, gymId: number, input: ConsultFinish) => {
  if (input.customerId) {
    const [customer] = await tx
      .select({ id: member.id })
      .from(member)
      .where(
        and(eq(member.id, input.customerId), eq(member.ownerGymId, gymId), sql`${member.erasedAt} is null`),
      );
    if (!customer) throw badField('customerId', 'invalidValue');
  }
  if (input.staffMemberId) await assertStaff(tx, gymId, input.staffMemberId);
};

/** The consult's fields after the wrap-up. */
const finishedValues = (row: ConsultRow, input: ConsultFinish, actor: Actor) => ({
  status: 'COMPLETE' as const,
  outcome: input.outcome,
  stage: stageOfOutcome(input.outcome, row.stage),
  followUpDate: input.outcome === 'FOLLOW_UP' ? (input.followUpDate ?? null) : null,
  lostReason: input.outcome === 'LOST' ? (input.lostReason ?? null) : null,
  lostNote: input.outcome === 'LOST' ? (input.lostNote ?? null) : null,
  content: input.content === undefined ? row.content : input.content,
  staffMemberId: input.staffMemberId ?? row.staffMemberId ?? actor.memberId,
  customerId: input.outcome === 'REGISTERED' ? (input.customerId ?? null) : row.customerId,
  personKind: input.outcome === 'REGISTERED' ? ('MEMBER' as const) : row.personKind,
  closedAt: input.outcome !== 'FOLLOW_UP' ? actor.now : null,
  modifiedDate: actor.now,
});

/**
 * The wrap-up (docs/rules.md#consulting): registered (with the customer it became), follow-up (with a date) or
 * lost (with a reason). A consult registered or lost is closed: finishing it again answers 409.
 */
export const finishConsult = async (
  tx: Db,
  id: number,
  gymId: number,
  input: ConsultFinish,
  actor: Actor,
): Promise<Change> => {
  const row = await lockedConsult(tx, id, gymId);
  // Closed by its outcome or by a move on the board: either way it is reopened only by moving it back.
  if (
    row.outcome === 'REGISTERED' ||
    row.outcome === 'LOST' ||
    row.stage === 'REGISTERED' ||
    row.stage === 'LOST'
  )
    throw refused('consultClosed');
  await assertFinishInput(tx, gymId, input);
  const values = finishedValues(row, input, actor);
  const done = changed(row, await tx.update(consult).set(values).where(eq(consult.id, id)).returning());
  await addEvent(tx, row, 'OUTCOME', {
    stage: values.stage,
    dueDate: input.outcome === 'FOLLOW_UP' ? input.followUpDate : null,
    note: input.outcome === 'LOST' ? (input.lostNote ?? input.lostReason) : (input.content ?? null),
    actorId: actor.memberId,
    now: actor.now,
  });
  if (row.status === 'WAIT') await clearWaitingNotices(tx, id);
  await audited(tx, actor, {
    gymId: row.gymId,
    action: 'consult.finish',
    entity: 'consult',
    entityId: row.id,
    before: { outcome: done.before.outcome, stage: done.before.stage },
    after: { outcome: done.after.outcome, stage: done.after.stage, lostReason: done.after.lostReason },
  });
  return done;
};

/** A move in the pipeline (drag or menu); a move to registered or lost closes the lead, any other reopens it. */
export const moveStage = async (tx: Db, id: number, gymId: number, stage: LeadStage, actor: Actor) => {
  const row = await lockedConsult(tx, id, gymId);
  if (row.stage === stage) throw refused('consultSameStage');
  const closed = stage === 'REGISTERED' || stage === 'LOST';
  const moved = changed(
    row,
    await tx
      .update(consult)
      .set({ stage, closedAt: closed ? actor.now : null, modifiedDate: actor.now })
      .where(eq(consult.id, id))
      .returning(),
  );
  await addEvent(tx, row, 'STAGE', { stage, actorId: actor.memberId, now: actor.now });
  await audited(tx, actor, {
    gymId: row.gymId,
    action: 'consult.stage',
    entity: 'consult',
    entityId: row.id,
    before: { stage: moved.before.stage },
    after: { stage: moved.after.stage },
  });
  return moved;
};

export const addFollowUp = async (
  tx: Db,
  id: number,
  gymId: number,
  input: { dueDate: string; note?: string | null | undefined },
  actor: Actor,
): Promise<Change> => {
  const row = await lockedConsult(tx, id, gymId);
  if (row.stage === 'REGISTERED' || row.stage === 'LOST') throw refused('consultClosed');
  const updated = await tx
    .update(consult)
    .set({ followUpDate: input.dueDate, modifiedDate: actor.now })
    .where(eq(consult.id, id))
    .returning();
  await addEvent(tx, row, 'FOLLOW_UP', {
    dueDate: input.dueDate,
    note: input.note,
    actorId: actor.memberId,
    now: actor.now,
  });
  return changed(row, updated);
};

/**
 * The prospect's customer: the facility's customer with that phone, or a new one (lead source CONSULT) that
 * createCustomer audits in the actor's name.
 */
export const convertConsult = async (tx: Db, actor: Actor, row: ConsultRow) => {
  const found = await customerOfConsult(tx, row);
  if (found) return found;
  const created = await createCustomer(tx, actor, row.gymId, {
    name: row.name,
    phone: row.phone,
    gender: 'NONE',
    leadSource: 'CONSULT',
    memo: row.content,
  });
  // The tablet's answers become the new customer's consents, at the time the prospect gave them.
  if (row.consents) await recordTabletConsents(tx, actor, row.gymId, created.id, row.consents, false);
  return { customerId: created.id, created: true };
};

/**
 * The consulting tablet's marketing and night consents as the customer's (docs/rules.md#consents): source CONSULT,
 * at the time the tablet wrote them. The one marketing box covers SMS, KakaoTalk and e-mail. With `keepAgreed` (an
 * existing customer at the tablet) an unticked box refuses only a channel never asked, never withdrawing one.
 */
export const recordTabletConsents = (
  tx: Executor,
  actor: Actor,
  gymId: number,
  customerId: number,
  times: ConsentTimes,
  keepAgreed: boolean,
) => {
  const marketing = times.marketing !== null;
  return recordConsents(
    tx,
    actor,
    gymId,
    customerId,
    { SMS: marketing, KAKAO: marketing, EMAIL: marketing, NIGHT: times.night !== null },
    'CONSULT',
    { at: new Date(times.personal), keepAgreed },
  );
};
