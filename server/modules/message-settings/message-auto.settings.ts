import { and, eq } from 'drizzle-orm';
import {
  type AutoMessageKind,
  autoMessageIsAdvertising,
  autoMessageKinds,
  DEFAULT_AUTO_TEXTS,
} from '#domain/rules/message.ts';
import {
  type AutoMessageParams,
  type AutoMessageSetting,
  type AutoMessageUpdate,
  DEFAULT_AUTO_PARAMS,
  DEFAULT_AUTO_SEND_HOUR,
  eventDrivenAutoKinds,
} from '#domain/schemas/message-settings.ts';
import type { Executor } from '../../db/client.ts';
import { kakaoTemplate, type MessageAutoRow, messageAuto } from '../../db/schema/index.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { assertTexts, badField } from './message-settings.refusals.ts';

// The automatic messages' settings (docs/rules.md#automatic-messages): per facility and kind, on or off, the text
// (DEFAULT_AUTO_TEXTS until saved), an approved 알림톡 template used while the channel is connected, the Seoul send
// hour and the kind's numbers. A kind never saved reads as its defaults, switched off.

/** The numbers a kind takes (the others are dropped), over its defaults. */
export const paramsOf = (kind: AutoMessageKind, saved: unknown): AutoMessageParams => {
  const defaults = DEFAULT_AUTO_PARAMS[kind] ?? {};
  const given = (saved && typeof saved === 'object' ? saved : {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(defaults).map(([key, value]) => [
      key,
      typeof given[key] === 'number' ? given[key] : value,
    ]),
  ) as AutoMessageParams;
};

const isEventDriven = (kind: AutoMessageKind) => (eventDrivenAutoKinds as readonly string[]).includes(kind);

/** A kind's settings as they apply: the saved row, or the defaults. */
export const settingOf = (
  kind: AutoMessageKind,
  row: MessageAutoRow | undefined,
  templateName: string | null = null,
): AutoMessageSetting => ({
  kind,
  enabled: row?.enabled ?? false,
  text: row?.text ?? DEFAULT_AUTO_TEXTS[kind].ko,
  templateId: row?.templateId ?? null,
  templateName: row?.templateId ? templateName : null,
  sendHour: row?.sendHour ?? DEFAULT_AUTO_SEND_HOUR,
  params: paramsOf(kind, row?.params),
  advertising: autoMessageIsAdvertising[kind],
  eventDriven: isEventDriven(kind),
  saved: row !== undefined,
});

/** All 12 kinds, in `autoMessageKinds` order. */
export const listAutoSettings = async (db: Executor, gymId: number): Promise<AutoMessageSetting[]> => {
  const rows = await db
    .select({ a: messageAuto, templateName: kakaoTemplate.name })
    .from(messageAuto)
    .leftJoin(kakaoTemplate, eq(kakaoTemplate.id, messageAuto.templateId))
    .where(eq(messageAuto.gymId, gymId));
  const byKind = new Map(rows.map((r) => [r.a.kind, r]));
  return autoMessageKinds.map((kind) => {
    const found = byKind.get(kind);
    return settingOf(kind, found?.a, found?.templateName ?? null);
  });
};

const approvedTemplateName = async (tx: Executor, gymId: number, id: number) => {
  const [row] = await tx
    .select({ name: kakaoTemplate.name })
    .from(kakaoTemplate)
    .where(
      and(eq(kakaoTemplate.id, id), eq(kakaoTemplate.gymId, gymId), eq(kakaoTemplate.status, 'APPROVE')),
    );
  if (!row) throw badField('templateId', 'messageTemplateNotUsable');
  return row.name;
};

/** Saves one kind; the text is checked like any SMS/LMS text (variables, EUC-KR, size). */
export const updateAutoSetting = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  kind: AutoMessageKind,
  input: AutoMessageUpdate,
): Promise<AutoMessageSetting> => {
  assertTexts({ text: input.text });
  const templateId = input.templateId ? Number(input.templateId) : null;
  const templateName = templateId ? await approvedTemplateName(tx, gymId, templateId) : null;
  const values = {
    enabled: input.enabled,
    text: input.text,
    templateId,
    sendHour: input.sendHour,
    params: paramsOf(kind, input.params ?? {}),
    modifiedDate: actor.now,
  };
  const [before] = await tx
    .select()
    .from(messageAuto)
    .where(and(eq(messageAuto.gymId, gymId), eq(messageAuto.kind, kind)))
    .for('update');
  const [row] = await tx
    .insert(messageAuto)
    .values({ gymId, kind, ...values })
    .onConflictDoUpdate({ target: [messageAuto.gymId, messageAuto.kind], set: values })
    .returning();
  await audited(tx, actor, {
    gymId,
    action: 'message-auto.update',
    entity: 'message-auto',
    entityId: kind,
    before: before
      ? { enabled: before.enabled, sendHour: before.sendHour, templateId: before.templateId }
      : null,
    after: { enabled: values.enabled, sendHour: values.sendHour, templateId, params: values.params },
  });
  return settingOf(kind, row, templateName);
};
