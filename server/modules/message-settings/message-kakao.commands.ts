import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { unknownVariables } from '#domain/rules/message.ts';
import type {
  KakaoChannelConnect,
  KakaoTemplateCreate,
  KakaoTemplateUpdate,
  MessageReview,
} from '#domain/schemas/message-settings.ts';
import type { Executor } from '../../db/client.ts';
import { kakaoChannel, kakaoTemplate } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { assertReviewStep } from './message-sender.commands.ts';
import { assertTexts, refused } from './message-settings.refusals.ts';

// The Kakao channel and its 알림톡 templates (docs/rules.md#sender-numbers-and-templates). The channel is connected
// with its search id and the provider's profile key; a template is written (≤ 1,000 characters, the message
// variables only, a fallback SMS/LMS text EUC-KR can carry), reviewed by Kakao (the operator stands in for it in
// test mode), edited while not APPROVE and sent back to review after DENY or NEED.

/** Connects (or reconnects) the channel; the provider accepted the profile key, so it is connected at once. */
export const connectChannel = async (tx: Executor, actor: Actor, input: KakaoChannelConnect) => {
  const gymId = Number(input.gymId);
  const values = {
    searchId: input.searchId,
    profileKey: input.profileKey,
    status: 'APPROVE' as const,
    reviewNote: null,
    connectedAt: actor.now,
  };
  const [row] = await tx
    .insert(kakaoChannel)
    .values({ gymId, ...values, createDate: actor.now })
    .onConflictDoUpdate({ target: kakaoChannel.gymId, set: values })
    .returning();
  await audited(tx, actor, {
    gymId,
    action: 'kakao-channel.connect',
    entity: 'kakao-channel',
    entityId: gymId,
    after: { searchId: input.searchId },
  });
  return row!;
};

/** Disconnects the channel: the automatic messages go as SMS/LMS from then on. */
export const disconnectChannel = async (tx: Executor, actor: Actor, gymId: number) => {
  const [row] = await tx.delete(kakaoChannel).where(eq(kakaoChannel.gymId, gymId)).returning();
  if (row)
    await audited(tx, actor, {
      gymId,
      action: 'kakao-channel.disconnect',
      entity: 'kakao-channel',
      entityId: gymId,
      before: { searchId: row.searchId },
    });
};

/** The template's texts: known variables in both, and a fallback that goes as SMS/LMS (`analyzeMessage`). */
const checkTemplateTexts = (input: { content: string; fallbackText?: string | null | undefined }) => {
  const unknown = unknownVariables(input.content);
  if (unknown.length > 0)
    throw new AppError(
      'VALIDATION_FAILED',
      'VALIDATION_FAILED',
      { variables: unknown.join(', ') },
      { content: 'messageTextUnknownVariables' },
      { variables: unknown.join(', ') },
    );
  assertTexts({ fallbackText: input.fallbackText });
};

/** The provider's template code: unique per facility. */
const newCode = () => `FD${randomBytes(6).toString('hex').toUpperCase()}`;

export const createTemplate = async (tx: Executor, actor: Actor, input: KakaoTemplateCreate) => {
  const gymId = Number(input.gymId);
  checkTemplateTexts(input);
  const [row] = await tx
    .insert(kakaoTemplate)
    .values({
      gymId,
      code: newCode(),
      name: input.name,
      content: input.content,
      fallbackText: input.fallbackText || null,
      status: 'REQUEST',
      createDate: actor.now,
    })
    .returning();
  await audited(tx, actor, {
    gymId,
    action: 'kakao-template.create',
    entity: 'kakao-template',
    entityId: row!.id,
    after: { name: row!.name, status: row!.status },
  });
  return row!;
};

export const lockedTemplate = async (tx: Executor, gymId: number | null, id: number) => {
  const [row] = await tx
    .select()
    .from(kakaoTemplate)
    .where(and(eq(kakaoTemplate.id, id), gymId === null ? undefined : eq(kakaoTemplate.gymId, gymId)))
    .for('update');
  if (!row) throw notFound();
  return row;
};

/** Edits a template while not APPROVE (409 `messageTemplateApproved`); its review state stays. */
export const updateTemplate = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  id: number,
  input: KakaoTemplateUpdate,
) => {
  const row = await lockedTemplate(tx, gymId, id);
  if (row.status === 'APPROVE') throw refused('messageTemplateApproved');
  checkTemplateTexts(input);
  const [updated] = await tx
    .update(kakaoTemplate)
    .set({ name: input.name, content: input.content, fallbackText: input.fallbackText || null })
    .where(eq(kakaoTemplate.id, id))
    .returning();
  await audited(tx, actor, {
    gymId,
    action: 'kakao-template.update',
    entity: 'kakao-template',
    entityId: id,
    before: { name: row.name },
    after: { name: input.name },
  });
  return updated!;
};

/** DENY or NEED back to review (REQUEST), the reason cleared. */
export const submitTemplate = async (tx: Executor, actor: Actor, gymId: number, id: number) => {
  const row = await lockedTemplate(tx, gymId, id);
  assertReviewStep('facility', row.status, 'REQUEST');
  const [updated] = await tx
    .update(kakaoTemplate)
    .set({ status: 'REQUEST', reviewNote: null, reviewedAt: null })
    .where(eq(kakaoTemplate.id, id))
    .returning();
  await audited(tx, actor, {
    gymId,
    action: 'kakao-template.submit',
    entity: 'kakao-template',
    entityId: id,
    before: { status: row.status },
    after: { status: 'REQUEST' },
  });
  return updated!;
};

/** Kakao's decision, made by the operator in test mode: APPROVE, or DENY / NEED with the reason. */
export const reviewTemplate = async (tx: Executor, actor: Actor, id: number, review: MessageReview) => {
  const row = await lockedTemplate(tx, null, id);
  assertReviewStep('operator', row.status, review.status);
  const note = review.note?.trim() || null;
  const [updated] = await tx
    .update(kakaoTemplate)
    .set({ status: review.status, reviewNote: note, reviewedAt: actor.now })
    .where(eq(kakaoTemplate.id, id))
    .returning();
  await audited(tx, actor, {
    gymId: row.gymId,
    action: 'kakao-template.review',
    entity: 'kakao-template',
    entityId: id,
    before: { status: row.status },
    after: { status: review.status, note },
  });
  return updated!;
};
