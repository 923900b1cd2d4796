import { and, eq, isNull, sql } from 'drizzle-orm';
import { fileIdOfUrl } from '#domain/rules/files.ts';
import type { MessageReviewState } from '#domain/schemas/message.ts';
import type {
  MessageReview,
  MessageSenderCreate,
  MessageSenderResubmit,
  SenderOwner,
} from '#domain/schemas/message-settings.ts';
import type { Executor } from '../../db/client.ts';
import { file, messageSend, messageSender } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { badField, illegalReview, refused } from './message-settings.refusals.ts';

// Sender numbers (docs/rules.md#sender-numbers-and-templates): registered with their proof documents (REQUEST),
// reviewed by the operator (APPROVE, DENY or NEED with a note), sent again with new documents after DENY or NEED.
// Only an APPROVE number sends (the sends module checks). Every write leaves its audit row in the same transaction.

/** The review's state machine: the operator decides a REQUEST; the facility sends a DENY or NEED back to review. */
export const reviewSteps = {
  operator: { REQUEST: ['APPROVE', 'DENY', 'NEED'] },
  facility: { DENY: ['REQUEST'], NEED: ['REQUEST'] },
} as const satisfies Record<
  'operator' | 'facility',
  Partial<Record<MessageReviewState, readonly MessageReviewState[]>>
>;

/** 409 `illegalTransition` naming both states unless `who` may move the review from `from` to `to`. */
export const assertReviewStep = (
  who: keyof typeof reviewSteps,
  from: MessageReviewState,
  to: MessageReviewState,
) => {
  const allowed: readonly MessageReviewState[] | undefined = (
    reviewSteps[who] as Partial<Record<MessageReviewState, readonly MessageReviewState[]>>
  )[from];
  if (!allowed?.includes(to)) throw illegalReview(from, to);
};

/**
 * A document a sender names: an uploaded file of type ETC that the caller uploaded and no facility has taken yet,
 * or one this facility holds (a file of another facility is 400 `documentNotUploaded` on the field). The facility
 * adopts it, so its representative and the operator may read it.
 */
const usableDocument = async (
  tx: Executor,
  gymId: number,
  callerId: number | null,
  field: string,
  value: string,
) => {
  const id = fileIdOfUrl(value) ?? value;
  if (!/^[0-9a-f]{32}$/.test(id)) throw badField(field, 'documentNotUploaded');
  const [row] = await tx
    .select({
      id: file.id,
      ownerMemberId: file.ownerMemberId,
      gymId: file.gymId,
      uploadType: file.uploadType,
    })
    .from(file)
    .where(eq(file.id, id))
    .for('update');
  const usable =
    row?.uploadType === 'ETC' &&
    (row.gymId === gymId || (row.gymId === null && callerId !== null && row.ownerMemberId === callerId));
  if (!row || !usable) throw badField(field, 'documentNotUploaded');
  if (row.gymId === null)
    await tx
      .update(file)
      .set({ gymId })
      .where(and(eq(file.id, id), isNull(file.gymId)));
  return row.id;
};

/** Both documents of a number, checked before anything is written. */
const documentsOf = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  owner: SenderOwner,
  input: { proofFile: string; extraFile?: string | undefined },
) => {
  const proofFileId = await usableDocument(tx, gymId, actor.memberId, 'proofFile', input.proofFile);
  if (owner !== 'GYM' && !input.extraFile) throw badField('extraFile', 'required');
  const extraFileId =
    owner !== 'GYM' && input.extraFile
      ? await usableDocument(tx, gymId, actor.memberId, 'extraFile', input.extraFile)
      : null;
  return { proofFileId, extraFileId };
};

export const lockedSender = async (tx: Executor, gymId: number | null, id: number) => {
  const [row] = await tx
    .select()
    .from(messageSender)
    .where(and(eq(messageSender.id, id), gymId === null ? undefined : eq(messageSender.gymId, gymId)))
    .for('update');
  if (!row) throw notFound();
  return row;
};

/** Registers a number for review (REQUEST); 409 `messageSenderTaken` when the facility already has it. */
export const createSender = async (
  tx: Executor,
  actor: Actor,
  input: MessageSenderCreate & { phone: string },
) => {
  const gymId = Number(input.gymId);
  const owner = input.owner ?? 'GYM';
  const documents = await documentsOf(tx, actor, gymId, owner, input);
  const [row] = await tx
    .insert(messageSender)
    .values({
      gymId,
      phone: input.phone,
      label: input.label || null,
      owner,
      ...documents,
      status: 'REQUEST',
      createdByMemberId: actor.memberId,
      createDate: actor.now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw refused('messageSenderTaken');
  await audited(tx, actor, {
    gymId,
    action: 'message-sender.create',
    entity: 'message-sender',
    entityId: row.id,
    after: { phone: row.phone, owner, status: row.status },
  });
  return row;
};

/** After DENY or NEED: new documents, back to REQUEST, the old note cleared. */
export const resubmitSender = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  id: number,
  input: MessageSenderResubmit,
) => {
  const row = await lockedSender(tx, gymId, id);
  assertReviewStep('facility', row.status, 'REQUEST');
  const documents = await documentsOf(tx, actor, gymId, row.owner, input);
  const [updated] = await tx
    .update(messageSender)
    .set({
      ...documents,
      label: input.label === undefined ? row.label : input.label || null,
      status: 'REQUEST',
      reviewNote: null,
      reviewedAt: null,
    })
    .where(eq(messageSender.id, id))
    .returning();
  await audited(tx, actor, {
    gymId,
    action: 'message-sender.resubmit',
    entity: 'message-sender',
    entityId: id,
    before: { status: row.status, reviewNote: row.reviewNote },
    after: { status: 'REQUEST' },
  });
  return updated!;
};

/** Whether a scheduled (WAIT) send uses the number. */
export const senderInUse = async (tx: Executor, id: number): Promise<boolean> => {
  const [used] = await tx
    .select({ id: messageSend.id })
    .from(messageSend)
    .where(and(eq(messageSend.senderId, id), eq(messageSend.state, 'WAIT')))
    .limit(1);
  return used !== undefined;
};

/**
 * Removes a number: 409 `messageSenderInUse` while a scheduled send uses it. A number that has sent keeps its row
 * for the history of its sends: it is withdrawn (DENY, noted) instead.
 */
export const deleteSender = async (tx: Executor, actor: Actor, gymId: number, id: number) => {
  const row = await lockedSender(tx, gymId, id);
  if (await senderInUse(tx, id)) throw refused('messageSenderInUse');
  const [sent] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(messageSend)
    .where(eq(messageSend.senderId, id));
  if ((sent?.n ?? 0) > 0)
    await tx
      .update(messageSender)
      .set({ status: 'DENY', reviewNote: 'withdrawn by the facility', reviewedAt: actor.now })
      .where(eq(messageSender.id, id));
  else await tx.delete(messageSender).where(eq(messageSender.id, id));
  await audited(tx, actor, {
    gymId,
    action: 'message-sender.delete',
    entity: 'message-sender',
    entityId: id,
    before: { phone: row.phone, status: row.status },
  });
};

/** The operator's decision on a REQUEST: APPROVE, or DENY / NEED with the note (docs/rules.md#state-machines). */
export const reviewSender = async (tx: Executor, actor: Actor, id: number, review: MessageReview) => {
  const row = await lockedSender(tx, null, id);
  assertReviewStep('operator', row.status, review.status);
  const note = review.note?.trim() || null;
  const [updated] = await tx
    .update(messageSender)
    .set({ status: review.status, reviewNote: note, reviewedAt: actor.now })
    .where(eq(messageSender.id, id))
    .returning();
  await audited(tx, actor, {
    gymId: row.gymId,
    action: 'message-sender.review',
    entity: 'message-sender',
    entityId: id,
    before: { status: row.status },
    after: { status: review.status, note },
  });
  return updated!;
};
