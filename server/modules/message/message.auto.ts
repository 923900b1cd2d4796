import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import {
  bookingNoticeKey,
  type EventNoticeKind,
  sendEventNotices,
} from '../message-settings/message-auto.events.ts';
import {
  type AutoRunContext,
  type AutoSendRequest,
  autoSenderOf,
  runAutoMessages,
} from '../message-settings/message-auto.run.ts';
import { runConsentRenewals } from '../message-settings/message-consent.renewal.ts';
import { scheduleOf, writeSend } from './message.commands.ts';
import { type ContentInput, type PreparedContent, prepareContent } from './message.content.ts';

// The automatic messages' sends (docs/rules.md#automatic-messages): message-settings finds the causes, claims
// them once and asks for one send per kind; this builds it through the same path as a composed send (the content
// checked and framed, the audience's consent and night rules, the rendering, one charge and one outbox row per
// recipient), with origin AUTO. At night an advertising one is deferred to 08:00, never refused.

export type AutoLog = {
  info: (o: object, m: string) => void;
  error: (o: object, m: string) => void;
};

/** Why an automatic send was not built (not an error: the run goes on). */
export type AutoSkip = 'NO_RECIPIENTS' | 'NO_SENDER' | 'CREDITS_SHORT';

const skipOf = (error: unknown): AutoSkip | null => {
  if (!(error instanceof AppError)) return null;
  if (error.messageKey === 'messageCreditsShort') return 'CREDITS_SHORT';
  const fields = error.fieldErrors as Record<string, unknown>;
  if (fields.audience === 'messageNoRecipients') return 'NO_RECIPIENTS';
  if (fields.senderId === 'messageSenderNotApproved' || fields.templateId === 'messageTemplateNotApproved')
    return 'NO_SENDER';
  return null;
};

/** Its approved 알림톡 template when the request names one, else SMS/LMS from the first approved number. */
const preparedFor = async (tx: Executor, request: AutoSendRequest): Promise<PreparedContent> => {
  const senderId = request.senderId ?? (await autoSenderOf(tx, request.gymId));
  const base: ContentInput = {
    gymId: request.gymId,
    channel: 'SMS',
    content: request.content,
    advertising: request.advertising,
    senderId: senderId ?? undefined,
  };
  if (request.channel === 'KAKAO' && request.templateId !== null && !request.advertising) {
    try {
      return await prepareContent(tx, { ...base, channel: 'KAKAO', templateId: request.templateId }, null);
    } catch (error) {
      // The template or channel lost its approval since: the text goes as SMS/LMS when a number is approved.
      if (skipOf(error) !== 'NO_SENDER' || senderId === null) throw error;
    }
  }
  return prepareContent(tx, base, null);
};

/**
 * One AUTO send for message-settings' run (its `AutoSender`), in the run's transaction: its id, or null when
 * nobody may receive it, no sender is approved or the credits are short (said in a log line).
 */
export const createAutoSend = async (
  tx: Executor,
  actor: Actor,
  request: AutoSendRequest,
  log?: AutoLog,
): Promise<number | null> => {
  try {
    const prepared = await preparedFor(tx, request);
    return await writeSend(tx, actor, request.gymId, {
      prepared,
      audience: { type: 'customers', memberIds: request.memberIds },
      audienceJson: { type: 'customers', memberIds: request.memberIds },
      ...scheduleOf({ nightChoice: 'DEFER' }, request.advertising, actor.now),
      origin: 'AUTO',
      autoKind: request.autoKind,
    });
  } catch (error) {
    const skip = skipOf(error);
    // Short credits are a refusal, not "nobody to reach": rethrown, the run rolls its claimed causes back, and the
    // next run after a top-up sends them (docs/rules.md#automatic-messages).
    if (skip === null || skip === 'CREDITS_SHORT') throw error;
    log?.info(
      { gymId: request.gymId, autoKind: request.autoKind, customers: request.memberIds.length, skip },
      `automatic message not sent: ${skip}`,
    );
    return null;
  }
};

/**
 * The booking notices as automatic messages (docs/rules.md#automatic-messages), for the schedule's events: one AUTO
 * send of `kind` for the reservations not told yet, in the schedule's transaction. Answers the reservations told
 * (now or by an earlier event); the schedule sends its own notice to the others, so nobody gets two, and with the
 * kind switched off (an empty answer) everything is as it was.
 */
export const sendBookingNotices = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  kind: EventNoticeKind,
  reservations: { reservationId: number; memberId: number }[],
): Promise<Set<number>> => {
  const causes = reservations.map((r) => ({
    memberId: r.memberId,
    key: bookingNoticeKey(kind, r.reservationId),
  }));
  const told = await sendEventNotices(
    tx,
    actor,
    (sp, a, request) => createAutoSend(sp, a, request),
    gymId,
    kind,
    causes,
  );
  return new Set(
    reservations.filter((r) => told.has(bookingNoticeKey(kind, r.reservationId))).map((r) => r.reservationId),
  );
};

/**
 * One minute's run of the automatic messages and the 2-year consent notices at `now` (the injected clock): the
 * sends it created. Each cause is claimed once, so running it again the same hour sends nothing.
 */
export const runAutomaticMessages = async (
  options: { db: Db; log?: AutoLog },
  now: Date,
): Promise<number[]> => {
  const ctx: AutoRunContext = {
    db: options.db,
    sendAuto: (tx, actor, request) => createAutoSend(tx, actor, request, options.log),
    ...(options.log ? { log: options.log } : {}),
  };
  const sends = await runAutoMessages(ctx, now);
  sends.push(...(await runConsentRenewals(ctx, now)));
  return sends;
};
