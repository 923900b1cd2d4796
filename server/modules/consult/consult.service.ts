import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, gte, inArray, lt, max, or, sql } from 'drizzle-orm';
import type { ConsultOutcome, LeadStage } from '#domain/enums.ts';
import {
  type Answers,
  answerProblems,
  consultResult,
  DEFAULT_SURVEY,
  hasHealthQuestions,
  type ProductForFit,
  type SurveyDefinition,
  withoutHealthAnswers,
} from '#domain/rules/consult.ts';
import { leadSources, maskName, normalizeMobile } from '#domain/rules/customer.ts';
import { isSellable } from '#domain/rules/passes.ts';
import { seoulDayStartUtc as seoulDayStart, seoulToday } from '#domain/rules/seoul-time.ts';
import type {
  Consult,
  ConsultDetail,
  ConsultFinish,
  KioskConsultCreate,
  Pipeline,
  Survey,
} from '#domain/schemas/consult.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { ConsultEventKind } from '../../db/schema/consult-event.ts';
import {
  type ConsultRow,
  consult,
  consultEvent,
  consultKiosk,
  consultSurvey,
  gym,
  gymAuth,
  gymMember,
  gymSubService,
  member,
  notification,
  subService,
  ticket,
} from '../../db/schema/index.ts';
import { AppError, conflict, notFound, unauthenticated } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { hasApprovedAddOn } from '../sub-service/sub-service.service.ts';

// Consulting (docs/rules.md#consulting): the tablet's writes, the staff's wrap-up, the survey's versions and the
// lead pipeline. Routes check rights; everything here assumes the caller may act in the facility.

/** How long a tablet's token lasts: one working day. */
export const KIOSK_TTL_MS = 16 * 3_600_000;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const newToken = () => randomBytes(24).toString('base64url');

/** Every consulting call needs the facility's CONSULT add-on in APPROVE (docs/rules.md#add-ons). */
export const assertConsultAddOn = async (db: Executor, gymId: number) => {
  if (!(await hasApprovedAddOn(db, gymId, ['CONSULT'])))
    throw new AppError('FORBIDDEN', 'consultAddOnRequired');
};

/** The facilities among these whose CONSULT add-on is APPROVE (the generic list's scope). */
export const consultingGyms = async (db: Executor, gymIds: number[]): Promise<number[]> => {
  if (gymIds.length === 0) return [];
  const rows = await db
    .select({ gymId: gymSubService.gymId })
    .from(gymSubService)
    .innerJoin(subService, eq(subService.id, gymSubService.subServiceId))
    .where(
      and(
        inArray(gymSubService.gymId, gymIds),
        eq(subService.gymSubServiceType, 'CONSULT'),
        eq(gymSubService.gymSubServiceStatus, 'APPROVE'),
      ),
    );
  return rows.map((r) => r.gymId);
};

// ---- Surveys ----

const toSurvey = (row: typeof consultSurvey.$inferSelect): Survey => ({
  id: row.id,
  gymId: row.gymId,
  version: row.version,
  definition: row.definition,
  createDate: row.createDate.toISOString(),
});

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
  return toSurvey(saved!);
};

const surveyById = async (db: Executor, gymId: number, id: number) => {
  const [row] = await db
    .select()
    .from(consultSurvey)
    .where(and(eq(consultSurvey.id, id), eq(consultSurvey.gymId, gymId)));
  return row ? toSurvey(row) : null;
};

// ---- The tablet ----

const LOCK_SURVEY = 7101;
const LOCK_QUEUE = 7102;

export const openKiosk = async (db: Executor, gymId: number, actor: Actor) => {
  const token = newToken();
  const expiresAt = new Date(actor.now.getTime() + KIOSK_TTL_MS);
  await db
    .insert(consultKiosk)
    .values({ gymId, tokenHash: sha256(token), openedByMemberId: actor.memberId, expiresAt });
  return { token, expiresAt: expiresAt.toISOString() };
};

/** A token's form: what `newToken` makes, with room to spare. */
export const TOKEN_FORM = /^[A-Za-z0-9_-]{20,64}$/;

/**
 * The tablet a token opens, with its staff window, or 401: a missing, unknown, expired or closed token reaches
 * nothing (docs/rules.md#consulting).
 */
export const kioskOf = async (db: Executor, token: string | undefined, now: Date) => {
  if (!token || !TOKEN_FORM.test(token)) throw unauthenticated('kioskTokenInvalid');
  const [row] = await db
    .select()
    .from(consultKiosk)
    .where(eq(consultKiosk.tokenHash, sha256(token)));
  if (!row || row.closedAt !== null || row.expiresAt.getTime() <= now.getTime())
    throw unauthenticated('kioskTokenInvalid');
  return row;
};

/** The facility a tablet token opens, or 401 (`kioskOf`). */
export const kioskGymOf = async (db: Executor, token: string | undefined, now: Date): Promise<number> =>
  (await kioskOf(db, token, now)).gymId;

/** The products on sale today, as the result screen prices them. */
export const productsOnSale = async (db: Executor, gymId: number, now: Date): Promise<ProductForFit[]> => {
  const rows = await db
    .select({
      id: ticket.id,
      name: ticket.name,
      salePrice: ticket.salePrice,
      periodAmount: ticket.periodAmount,
      periodUnit: ticket.periodUnit,
      sessionCount: ticket.sessionCount,
      saleState: ticket.saleState,
      saleStartDate: ticket.saleStartDate,
      saleEndDate: ticket.saleEndDate,
    })
    .from(ticket)
    .where(and(eq(ticket.gymId, gymId), eq(ticket.saleState, 'ACTIVE')))
    .orderBy(ticket.salePrice)
    .limit(50);
  const today = seoulToday(now);
  return rows
    .filter((r) => isSellable(r, today))
    .map(({ saleState: _s, saleStartDate: _a, saleEndDate: _b, ...p }) => p);
};

export const kioskInfo = async (db: Executor, gymId: number, now: Date) => {
  const [row] = await db.select({ name: gym.name }).from(gym).where(eq(gym.id, gymId));
  if (!row) throw notFound();
  return {
    gymId,
    gymName: row.name,
    survey: await activeSurvey(db, gymId),
    products: await productsOnSale(db, gymId, now),
  };
};

const refusedFields = (errors: Record<string, string>) =>
  new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, errors as never);

/**
 * A walk-in's answers, written in one transaction (docs/rules.md#consulting): checked against their survey
 * version, the health consent required when the survey asks health questions, the result computed from the
 * answers, a queue number for the day, and a notification to every staff member who reads consultations.
 */
export const createFromKiosk = async (tx: Db, gymId: number, input: KioskConsultCreate, now: Date) => {
  const survey = await surveyById(tx, gymId, input.surveyId);
  if (!survey) throw refusedFields({ surveyId: 'invalidValue' });
  const problems = answerProblems(survey.definition, input.answers);
  const errors: Record<string, string> = Object.fromEntries(problems.map((p) => [p.path, p.message]));
  if (hasHealthQuestions(survey.definition) && !input.consents.health)
    errors['consents.health'] = 'consentRequired';
  if (Object.keys(errors).length > 0) throw refusedFields(errors);

  const answers = input.answers as Answers;
  const result = consultResult(survey.definition, answers, await productsOnSale(tx, gymId, now));
  const sourceAnswer = survey.definition.questions
    .filter((q) => q.role === 'source')
    .map((q) => answers[q.key])
    .find((v): v is string => typeof v === 'string');
  const source = leadSources.find((s) => s === sourceAnswer) ?? 'WALK_IN';

  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_QUEUE}, ${gymId})`);
  const dayStart = seoulDayStart(seoulToday(now));
  // The day's highest number, not a count: a deleted consult never hands its number to the next walk-in.
  const [today] = await tx
    .select({ n: max(consult.queueNumber) })
    .from(consult)
    .where(and(eq(consult.gymId, gymId), gte(consult.createDate, dayStart)));
  const [customer] = await tx
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.ownerGymId, gymId), eq(member.phone, input.phone), sql`${member.erasedAt} is null`))
    .limit(1);
  const [earlier] = await tx
    .select({ id: consult.id })
    .from(consult)
    .where(and(eq(consult.gymId, gymId), eq(consult.phone, input.phone)))
    .limit(1);

  const stamp = now.toISOString();
  const token = newToken();
  const [row] = await tx
    .insert(consult)
    .values({
      gymId,
      personKind: customer ? 'MEMBER' : 'NONMEMBER',
      channel: earlier ? 'REVISIT' : 'WALK_IN',
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
      customerId: customer?.id ?? null,
      queueNumber: (today?.n ?? 0) + 1,
      statusToken: sha256(token),
      consultDate: seoulToday(now),
      createDate: now,
      modifiedDate: now,
    })
    .returning();
  await addEvent(tx, row!, 'CREATED', { stage: 'NEW', now });
  await notifyConsultReaders(tx, gymId, row!.id, maskName(input.name), now);
  return {
    id: row!.id,
    token,
    status: row!.status,
    queueNumber: row!.queueNumber ?? 0,
    name: row!.name,
    result,
  };
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

/** The tablet reads back only the consult it wrote, by its token. */
export const kioskStatus = async (db: Executor, gymId: number, token: string) => {
  const [row] = await db
    .select()
    .from(consult)
    .where(and(eq(consult.statusToken, sha256(token)), eq(consult.gymId, gymId)));
  if (!row?.result) throw notFound();
  return {
    id: row.id,
    token,
    status: row.status,
    queueNumber: row.queueNumber ?? 0,
    name: row.name,
    result: row.result,
  };
};

// ---- Staff ----

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

export const consultRow = async (db: Executor, id: number) => {
  const [row] = await db.select().from(consult).where(eq(consult.id, id));
  if (!row) throw notFound();
  return row;
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

const addEvent = async (
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
    events: events.map(({ event, actorName }) => ({
      id: event.id,
      kind: event.kind,
      stage: event.stage,
      dueDate: event.dueDate,
      note: event.note,
      actorName,
      createDate: event.createDate.toISOString(),
    })),
  };
};

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

/** A staff member takes a waiting prospect; the tablet then shows the result. */
export const callConsult = async (tx: Db, id: number, gymId: number, actor: Actor) => {
  const row = await lockedConsult(tx, id, gymId);
  if (row.status !== 'WAIT') throw conflict('consultNotWaiting');
  const stage: LeadStage = row.stage === 'NEW' ? 'CONSULTED' : row.stage;
  const [updated] = await tx
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
  return { before: row, after: updated! };
};

const stageOfOutcome = (outcome: ConsultOutcome, current: LeadStage): LeadStage =>
  outcome === 'REGISTERED'
    ? 'REGISTERED'
    : outcome === 'LOST'
      ? 'LOST'
      : current === 'TRIAL'
        ? 'TRIAL'
        : 'CONSULTED';

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
) => {
  const row = await lockedConsult(tx, id, gymId);
  // Closed by its outcome or by a move on the board: either way it is reopened only by moving it back.
  if (
    row.outcome === 'REGISTERED' ||
    row.outcome === 'LOST' ||
    row.stage === 'REGISTERED' ||
    row.stage === 'LOST'
  )
    throw conflict('consultClosed');
  if (input.customerId) {
    const [customer] = await tx
      .select({ id: member.id })
      .from(member)
      .where(
        and(eq(member.id, input.customerId), eq(member.ownerGymId, gymId), sql`${member.erasedAt} is null`),
      );
    if (!customer) throw refusedFields({ customerId: 'invalidValue' });
  }
  if (input.staffMemberId) await assertStaff(tx, gymId, input.staffMemberId);
  const stage = stageOfOutcome(input.outcome, row.stage);
  const closed = input.outcome !== 'FOLLOW_UP';
  const [updated] = await tx
    .update(consult)
    .set({
      status: 'COMPLETE',
      outcome: input.outcome,
      stage,
      followUpDate: input.outcome === 'FOLLOW_UP' ? (input.followUpDate ?? null) : null,
      lostReason: input.outcome === 'LOST' ? (input.lostReason ?? null) : null,
      lostNote: input.outcome === 'LOST' ? (input.lostNote ?? null) : null,
      content: input.content === undefined ? row.content : input.content,
      staffMemberId: input.staffMemberId ?? row.staffMemberId ?? actor.memberId,
      customerId: input.outcome === 'REGISTERED' ? (input.customerId ?? null) : row.customerId,
      personKind: input.outcome === 'REGISTERED' ? 'MEMBER' : row.personKind,
      closedAt: closed ? actor.now : null,
      modifiedDate: actor.now,
    })
    .where(eq(consult.id, id))
    .returning();
  await addEvent(tx, row, 'OUTCOME', {
    stage,
    dueDate: input.outcome === 'FOLLOW_UP' ? input.followUpDate : null,
    note: input.outcome === 'LOST' ? (input.lostNote ?? input.lostReason) : (input.content ?? null),
    actorId: actor.memberId,
    now: actor.now,
  });
  if (row.status === 'WAIT') await clearWaitingNotices(tx, id);
  return { before: row, after: updated! };
};

const assertStaff = async (db: Executor, gymId: number, memberId: number) => {
  const [link] = await db
    .select({ id: gymMember.id })
    .from(gymMember)
    .where(and(eq(gymMember.gymId, gymId), eq(gymMember.memberId, memberId), eq(gymMember.status, 'ACTIVE')))
    .limit(1);
  if (!link) throw refusedFields({ staffMemberId: 'invalidValue' });
};

/** A move in the pipeline (drag or menu); a move to registered or lost closes the lead, any other reopens it. */
export const moveStage = async (tx: Db, id: number, gymId: number, stage: LeadStage, actor: Actor) => {
  const row = await lockedConsult(tx, id, gymId);
  if (row.stage === stage) throw conflict('consultSameStage');
  const closed = stage === 'REGISTERED' || stage === 'LOST';
  const [updated] = await tx
    .update(consult)
    .set({ stage, closedAt: closed ? actor.now : null, modifiedDate: actor.now })
    .where(eq(consult.id, id))
    .returning();
  await addEvent(tx, row, 'STAGE', { stage, actorId: actor.memberId, now: actor.now });
  return { before: row, after: updated! };
};

export const addFollowUp = async (
  tx: Db,
  id: number,
  gymId: number,
  input: { dueDate: string; note?: string | null | undefined },
  actor: Actor,
) => {
  const row = await lockedConsult(tx, id, gymId);
  if (row.stage === 'REGISTERED' || row.stage === 'LOST') throw conflict('consultClosed');
  const [updated] = await tx
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
  return { before: row, after: updated! };
};

/** The prospect's customer: the facility's customer with that phone, or a new one (lead source CONSULT). */
export const customerOfConsult = async (tx: Db, row: ConsultRow) => {
  const phone = normalizeMobile(row.phone);
  if (!phone) throw refusedFields({ phone: 'mobileFormat' });
  const [existing] = await tx
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.ownerGymId, row.gymId), eq(member.phone, phone), sql`${member.erasedAt} is null`))
    .limit(1);
  if (existing) return { customerId: existing.id, created: false };
  return null;
};

// ---- The pipeline ----

const monthBounds = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { start: seoulDayStart(`${month}-01`), end: seoulDayStart(`${next}-01`) };
};

/** Cards on the board at most: the open leads and this month's closed ones. */
export const PIPELINE_CARDS = 300;

export const pipeline = async (db: Executor, gymId: number, month: string, now: Date): Promise<Pipeline> => {
  const { start, end } = monthBounds(month);
  const inMonth = and(gte(consult.createDate, start), lt(consult.createDate, end));
  const rows = await db
    .select()
    .from(consult)
    .where(
      and(
        eq(consult.gymId, gymId),
        or(
          inArray(consult.stage, ['NEW', 'CONSULTED', 'TRIAL']),
          and(gte(consult.closedAt, start), lt(consult.closedAt, end)),
          inMonth,
        ),
      ),
    )
    .orderBy(sql`${consult.followUpDate} asc nulls last`, desc(consult.id))
    .limit(PIPELINE_CARDS);
  const monthRows = await db
    .select({
      day: sql<string>`to_char(${consult.createDate} at time zone 'Asia/Seoul', 'YYYY-MM-DD')`,
      source: consult.source,
      staffMemberId: consult.staffMemberId,
      staffName: member.name,
      stage: consult.stage,
      lostReason: consult.lostReason,
    })
    .from(consult)
    .leftJoin(member, eq(member.id, consult.staffMemberId))
    .where(and(eq(consult.gymId, gymId), inMonth))
    .limit(5000);
  const consults = monthRows.length;
  const registrations = monthRows.filter((r) => r.stage === 'REGISTERED').length;
  const group = <K extends string | number | null>(key: (r: (typeof monthRows)[number]) => K) => {
    const map = new Map<K, { consults: number; registrations: number; name: string | null }>();
    for (const r of monthRows) {
      const k = key(r);
      const entry = map.get(k) ?? { consults: 0, registrations: 0, name: r.staffName };
      entry.consults++;
      if (r.stage === 'REGISTERED') entry.registrations++;
      map.set(k, entry);
    }
    return [...map.entries()].sort((a, b) => b[1].consults - a[1].consults);
  };
  const lost = new Map<string, number>();
  for (const r of monthRows)
    if (r.stage === 'LOST') lost.set(r.lostReason ?? 'OTHER', (lost.get(r.lostReason ?? 'OTHER') ?? 0) + 1);
  const today = seoulToday(now);
  const open = (r: ConsultRow) => r.stage === 'NEW' || r.stage === 'CONSULTED' || r.stage === 'TRIAL';
  return {
    month,
    cards: rows.map(toConsult),
    dueToday: rows
      .filter((r) => open(r) && r.followUpDate !== null && r.followUpDate <= today)
      .map((r) => r.id),
    figures: {
      consults,
      registrations,
      conversionRate: consults === 0 ? 0 : Math.round((registrations / consults) * 1000) / 10,
      bySource: group((r) => r.source ?? 'OTHER').map(([source, v]) => ({
        source: String(source),
        consults: v.consults,
        registrations: v.registrations,
      })),
      byStaff: group((r) => r.staffMemberId).map(([staffMemberId, v]) => ({
        staffMemberId,
        staffName: v.name,
        consults: v.consults,
        registrations: v.registrations,
      })),
      lostReasons: [...lost.entries()]
        .map(([reason, n]) => ({ reason, count: n }))
        .sort((a, b) => b.count - a.count),
      byDay: group((r) => r.day)
        .map(([date, v]) => ({ date: String(date), consults: v.consults, registrations: v.registrations }))
        .sort((a, b) => a.date.localeCompare(b.date)),
    },
  };
};
