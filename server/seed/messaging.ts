import { Readable } from 'node:stream';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  type AutoMessageKind,
  autoMessageKinds,
  DEFAULT_AUTO_TEXTS,
  DEFAULT_OPT_OUT_NUMBER,
} from '#domain/rules/message.ts';
import { seoulInstant } from '#domain/rules/schedule.ts';
import { addDays, seoulToday } from '#domain/rules/seoul-time.ts';
import type { Db } from '../db/client.ts';
import {
  customerConsent,
  customerConsentEvent,
  file,
  member,
  messagePlatform,
  messageRecipient,
} from '../db/schema/index.ts';
import type { Actor } from '../kernel/actor.ts';
import { FILE_AREA, newFileId } from '../modules/file/file.commands.ts';
import {
  cancelSend,
  createSend,
  GROUP_MESSAGE_TOPIC,
  type SendCreateInput,
  testSend,
} from '../modules/message/message.commands.ts';
import { creditBalance } from '../modules/message/message.content.ts';
import { createGroupMessageHandler } from '../modules/message/message.dispatch.ts';
import { applyDeliveryReports, applyOptOut } from '../modules/message/message.reports.ts';
import { updateAutoSetting } from '../modules/message-settings/message-auto.settings.ts';
import {
  connectChannel,
  createTemplate,
  reviewTemplate,
} from '../modules/message-settings/message-kakao.commands.ts';
import { topUpCredits } from '../modules/message-settings/message-platform.commands.ts';
import { createSender, reviewSender } from '../modules/message-settings/message-sender.commands.ts';
import { markSent } from '../modules/outbox/outbox.commands.ts';
import {
  createTestGroupProvider,
  type DeliveryReport,
  type GroupMessage,
} from '../providers/message/group-message.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { textPdf } from './demo-files.ts';

// The demo facility's messaging (README's demo table; docs/rules.md#messaging): the MESSAGE add-on is approved in
// seed.ts; here 강남점 gets its sender numbers (one approved, one sent back for a missing document), a connected
// Kakao channel with three approved 알림톡 templates and a denied one, its customers' marketing and night consents
// (and four 080 opt-outs), its credits, a month of sends and its automatic messages switched on. The sends are
// built by the sends module's own commands as of the day they were made (recipients, exclusions, rendered texts,
// one charge each, the outbox rows) and delivered through the dispatcher's handler with the test provider, each at
// its time, then the provider's delivery reports applied, so every count, charge and refund is the product's own.
// Consents are written set-based (two INSERT … SELECT), as an import would.

type People = { owner: number; desk: number };

/** Who does it, when (the commands write `now` as the time it happened). */
const at = (memberId: number | null, now: Date): Actor => ({ memberId, requestId: null, now });

/** The instant `days` before today at Seoul `time`. */
const dayAt = (today: string, days: number, time: string) => seoulInstant(addDays(today, -days), time);

export const DEMO_SENDER_APPROVED = '025550123';
export const DEMO_SENDER_REVIEW = '01046463131';
/** Why the operator sent the trainer's mobile back (the settings page shows it). */
export const DEMO_SENDER_NOTE =
  '통신서비스 이용증명원의 명의(박코치)와 재직증명서의 이름이 다릅니다. 같은 사람의 서류로 다시 올려 주세요.';
export const DEMO_TEMPLATE_DENIAL =
  '할인·이벤트 등 광고성 내용은 알림톡으로 보낼 수 없습니다. 정보성 내용으로 고치거나 문자(광고)로 보내 주세요.';

const storePdf = async (tx: Db, storage: FileStorage, owner: number, gymId: number, name: string) => {
  const stored = await storage.save(FILE_AREA, 'pdf', Readable.from([textPdf(`${name} (demo)`)]));
  const id = newFileId();
  await tx.insert(file).values({
    id,
    storageKey: stored.key,
    kind: 'pdf',
    size: stored.size,
    originalName: `${name}.pdf`,
    uploadType: 'ETC',
    ownerMemberId: owner,
    gymId,
  });
  return id;
};

/**
 * The facility's own number, registered 46 days ago and approved the next day; a trainer's mobile registered 3
 * days ago (with the employment certificate) and sent back for a certificate in another name.
 */
const seedSenders = async (tx: Db, storage: FileStorage, gymId: number, people: People, today: string) => {
  const owner = (days: number, time: string) => at(people.owner, dayAt(today, days, time));
  const operator = (days: number, time: string) => at(null, dayAt(today, days, time));
  const proof = await storePdf(tx, storage, people.owner, gymId, 'Telecom service certificate 02-555-0123');
  const own = await createSender(tx, owner(46, '11:20'), {
    gymId,
    phone: DEMO_SENDER_APPROVED,
    label: '대표번호',
    owner: 'GYM',
    proofFile: proof,
  });
  await reviewSender(tx, operator(45, '15:10'), own.id, { status: 'APPROVE' });
  const mobile = await createSender(tx, owner(3, '18:05'), {
    gymId,
    phone: DEMO_SENDER_REVIEW,
    label: '박코치 휴대폰',
    owner: 'EMPLOYEE',
    proofFile: await storePdf(tx, storage, people.owner, gymId, 'Telecom service certificate 010'),
    extraFile: await storePdf(tx, storage, people.owner, gymId, 'Employment certificate'),
  });
  await reviewSender(tx, operator(2, '14:30'), mobile.id, { status: 'NEED', note: DEMO_SENDER_NOTE });
  return own.id;
};

const TEMPLATES = [
  {
    key: 'PASS_END',
    name: '이용권 종료 안내',
    content:
      '[#{시설명}] #{이름}님, #{이용권} 이용권이 #{종료일}에 종료됩니다.\n재등록 문의는 데스크로 연락 주세요.',
    fallbackText: '[#{시설명}] #{이름}님, 이용권이 #{종료일}에 종료됩니다.',
    status: 'APPROVE' as const,
  },
  {
    key: 'UNPAID',
    name: '미수금 안내',
    content:
      '[#{시설명}] #{이름}님, 미수금 #{미수금}원이 있습니다.\n방문하실 때 데스크에서 확인 부탁드립니다.',
    fallbackText: '[#{시설명}] #{이름}님, 미수금 #{미수금}원이 있습니다.',
    status: 'APPROVE' as const,
  },
  {
    key: 'NOTICE',
    name: '시설 이용 안내',
    content:
      '[#{시설명}] #{이름}님, 이번 주 토요일 오후 2시부터 6시까지 샤워실 보수 공사가 있습니다.\n이용에 참고 부탁드립니다.',
    fallbackText: '[#{시설명}] 토요일 14~18시 샤워실 공사가 있습니다. 이용에 참고 부탁드립니다.',
    status: 'APPROVE' as const,
  },
  {
    key: 'EVENT',
    name: '재등록 이벤트',
    content: '[#{시설명}] #{이름}님, 이번 달 재등록 시 10% 할인! 데스크에 문의해 주세요.',
    fallbackText: null,
    status: 'DENY' as const,
  },
];

/** The channel, connected 44 days ago, and its templates reviewed by Kakao a day after each was submitted. */
const seedKakao = async (tx: Db, gymId: number, people: People, today: string) => {
  await connectChannel(tx, at(people.owner, dayAt(today, 44, '10:40')), {
    gymId,
    searchId: '@핏데스크강남',
    profileKey: 'KA01PF2411180000FITDESKGANGNAM',
  });
  const ids: Record<string, number> = {};
  for (const [i, t] of TEMPLATES.entries()) {
    const row = await createTemplate(tx, at(people.owner, dayAt(today, 43 - i * 3, '11:00')), {
      gymId,
      name: t.name,
      content: t.content,
      ...(t.fallbackText ? { fallbackText: t.fallbackText } : {}),
    });
    await reviewTemplate(
      tx,
      at(null, dayAt(today, 42 - i * 3, '16:00')),
      row.id,
      t.status === 'DENY' ? { status: 'DENY', note: DEMO_TEMPLATE_DENIAL } : { status: 'APPROVE' },
    );
    ids[t.key] = row.id;
  }
  return ids;
};

/**
 * Consents as given when each customer registered (set-based): SMS marketing 70% (KAKAO 60%, EMAIL 30%), night
 * consent 20%, the rest declined at the desk or never asked; the source by turns the desk, the consulting tablet
 * and the customer import. `n` numbers the facility's customers in order of id.
 */
const seedConsents = async (tx: Db, gymId: number, now: Date) => {
  const channels = sql`(values ('SMS', 7), ('KAKAO', 6), ('EMAIL', 3), ('NIGHT', 2)) as ch(channel, share)`;
  const people = sql`(
      select id, row_number() over (order by id) as n,
        least(coalesce((registered_on + time '10:30') at time zone 'Asia/Seoul', create_date), ${now}::timestamptz) as at
      from ${member} where owner_gym_id = ${gymId} and erased_at is null
    ) p`;
  // n % 10 below the share: agreed; otherwise declined (asked at the desk) unless n % 10 = 9 (never asked).
  const rows = sql`select ${gymId}::int as gym_id, p.id as member_id, ch.channel, (p.n % 10) < ch.share as agreed,
      case when (p.n % 10) >= ch.share then 'DESK' else (array['DESK', 'CONSULT', 'IMPORT'])[1 + (p.n % 3)::int] end as source,
      p.at
    from ${people} cross join ${channels}
    where p.n % 10 <> 9`;
  await tx.execute(sql`insert into ${customerConsent} (gym_id, member_id, channel, agreed, source, at, confirmed_at)
    select gym_id, member_id, channel, agreed, source, at, at from (${rows}) r`);
  await tx.execute(sql`insert into ${customerConsentEvent} (gym_id, member_id, channel, agreed, source, at)
    select gym_id, member_id, channel, agreed, source, at from (${rows}) r order by at, member_id, channel`);
};

/** Four customers who had agreed call the 080 number over a few days (the provider's callback). */
const seedOptOuts = async (tx: Db, gymId: number, today: string) => {
  const agreed = await tx
    .select({ phone: member.phone })
    .from(customerConsent)
    .innerJoin(member, eq(member.id, customerConsent.memberId))
    .where(
      and(
        eq(customerConsent.gymId, gymId),
        eq(customerConsent.channel, 'SMS'),
        eq(customerConsent.agreed, true),
        lte(customerConsent.at, dayAt(today, 30, '00:00')),
      ),
    )
    .orderBy(asc(member.id));
  const [platform] = await tx.select().from(messagePlatform).where(eq(messagePlatform.id, 1));
  const optOutNumber = (platform?.optOutNumber ?? DEFAULT_OPT_OUT_NUMBER).replace(/\D/g, '');
  const picked = agreed.filter((_, i) => i % 17 === 5).slice(0, 4);
  for (const [i, { phone }] of picked.entries()) {
    if (!phone) continue;
    const at = dayAt(today, 24 - i, `1${i}:4${i}`);
    await applyOptOut(tx, { phone, at: at.toISOString(), optOutNumber }, at);
  }
};

/** The operator's top-up (until platform billing), on the day the transfer was confirmed. */
const topUp = (tx: Db, gymId: number, amount: number, when: Date, note: string) =>
  topUpCredits(tx, at(null, when), { gymId, amount, note });

/** How the demo's carrier answers: some phones have no KakaoTalk, a few numbers are out of service. */
const carrierRefusal = (message: GroupMessage): string | undefined => {
  const tail = Number(message.to.slice(-2));
  if (message.kind === 'ALIMTALK' && tail % 7 === 3) return '카카오톡 미사용자 (3018)';
  if (message.kind !== 'ALIMTALK' && tail % 21 === 3) return '수신번호 결번 (3008)';
  return undefined;
};

/** Phones whose handset reports a failure after the carrier took the message. */
const handsetOff = (address: string | null) => Number((address ?? '').slice(-2)) % 23 === 11;

/**
 * Delivers a send's queued recipients one by one, as the dispatcher does (the handler, then the outbox row SENT),
 * a third of a second apart from `at`; then the delivery reports, a few seconds after each was sent.
 */
const deliver = async (tx: Db, sendId: number, at: Date, failures: boolean) => {
  let clock = at;
  const provider = createTestGroupProvider({ failWhen: failures ? carrierRefusal : () => undefined });
  const handler = createGroupMessageHandler({ provider, clock: () => clock, maxAttempts: 5 });
  const queued = await tx
    .select({ id: messageRecipient.id, outboxId: messageRecipient.outboxId })
    .from(messageRecipient)
    .where(and(eq(messageRecipient.sendId, sendId), eq(messageRecipient.state, 'QUEUED')))
    .orderBy(asc(messageRecipient.id));
  for (const [i, r] of queued.entries()) {
    if (r.outboxId === null) continue;
    clock = new Date(at.getTime() + i * 330);
    await handler(tx, { id: r.outboxId, payload: { recipientId: r.id }, attempt: 1 });
    await markSent(tx, r.outboxId, GROUP_MESSAGE_TOPIC, clock);
  }
  const sent = await tx
    .select({
      providerMessageId: messageRecipient.providerMessageId,
      address: messageRecipient.address,
      state: messageRecipient.state,
      sentAt: messageRecipient.sentAt,
    })
    .from(messageRecipient)
    .where(and(eq(messageRecipient.sendId, sendId), inArray(messageRecipient.state, ['SENT', 'FALLBACK'])))
    .orderBy(asc(messageRecipient.id));
  const reports = sent.flatMap((r, i): DeliveryReport[] => {
    if (!r.providerMessageId || !r.sentAt) return [];
    const reportedAt = new Date(r.sentAt.getTime() + 2_000 + (i % 7) * 900).toISOString();
    if (failures && r.state === 'SENT' && handsetOff(r.address))
      return [
        {
          providerMessageId: r.providerMessageId,
          status: 'FAILED',
          reason: '단말기 전원 꺼짐 (3015)',
          at: reportedAt,
        },
      ];
    return [
      {
        providerMessageId: r.providerMessageId,
        status: 'DELIVERED',
        at: reportedAt,
        ...(r.state === 'FALLBACK' ? { fellBack: true } : {}),
      },
    ];
  });
  await applyDeliveryReports(tx, reports);
};

const EXPIRY_TEXT =
  '[#{시설명}] #{이름}님, #{이용권} 이용권이 #{종료일}에 종료됩니다. 이번 주 안에 재등록하시면 기존 가격 그대로 연장해 드립니다.';
const PROMOTION_TEXT =
  '오늘 밤 12시까지만! PT 10회를 등록하시면 1회를 더 드립니다.\n#{이름}님, 데스크나 전화로 문의해 주세요.';
const CLOSING_TEXT =
  '[#{시설명}] #{이름}님, 내일은 설비 점검으로 오전 6시부터 9시까지 헬스장 이용이 어렵습니다. 양해 부탁드립니다.';

type Sends = {
  expiry: number;
  test: number;
  promotion: number;
  notice: number;
  cancelled: number;
  scheduled: number;
};

/** A month of sends, each built and delivered as of its own day; the top-ups around them. */
const seedSends = async (
  tx: Db,
  gymId: number,
  people: People,
  ids: { sender: number; templates: Record<string, number> },
  today: string,
): Promise<Sends> => {
  const base = { gymId, senderId: ids.sender } satisfies Partial<SendCreateInput>;
  await topUp(tx, gymId, 30_000, dayAt(today, 45, '15:30'), '첫 충전 (계좌 입금 확인)');

  // 20 days ago: the owner tries the expiry notice on their own phone, then sends it to those ending within a month.
  const expiryContent = { ...base, channel: 'SMS' as const, advertising: false, content: EXPIRY_TEXT };
  const test = await testSend(tx, at(people.owner, dayAt(today, 20, '10:02')), expiryContent, undefined);
  await deliver(tx, test, dayAt(today, 20, '10:02'), false);
  const expiry = await createSend(tx, at(people.owner, dayAt(today, 20, '10:05')), {
    ...expiryContent,
    subject: '이용권 종료 안내',
    audience: { type: 'segment', segment: 'expiring', days: 30 },
  });
  await deliver(tx, expiry, dayAt(today, 20, '10:05'), false);

  // 12 days ago at 21:20: a night promotion to everyone, without those who have no night consent.
  const promotionAt = dayAt(today, 12, '21:20');
  const promotion = await createSend(tx, at(people.owner, promotionAt), {
    ...base,
    channel: 'SMS',
    advertising: true,
    subject: '오늘 밤 PT 특가',
    content: PROMOTION_TEXT,
    nightChoice: 'EXCLUDE',
    audience: { type: 'segment', segment: 'all', days: 7 },
  });
  await deliver(tx, promotion, promotionAt, false);

  // 9 days ago: a notice scheduled for the next morning with the wrong day, cancelled twenty minutes later.
  const cancelled = await createSend(tx, at(people.desk, dayAt(today, 9, '15:00')), {
    ...base,
    channel: 'SMS',
    advertising: false,
    content: CLOSING_TEXT,
    scheduledAt: dayAt(today, 8, '10:00').toISOString(),
    audience: { type: 'segment', segment: 'active', days: 7 },
  });
  await cancelSend(tx, at(people.desk, dayAt(today, 9, '15:20')), gymId, cancelled);

  // 5 days ago: an 알림톡 notice to the active customers; some have no KakaoTalk (SMS instead), a few fail.
  const noticeAt = dayAt(today, 5, '11:00');
  const notice = await createSend(tx, at(people.desk, noticeAt), {
    ...base,
    channel: 'KAKAO',
    advertising: false,
    templateId: ids.templates.NOTICE!,
    content: TEMPLATES[2]!.content,
    audience: { type: 'segment', segment: 'active', days: 7 },
  });
  await deliver(tx, notice, noticeAt, true);

  // 3 days ago the operator tops up to about 200,000 won; yesterday the closing notice is scheduled for next week.
  const balance = await creditBalance(tx, gymId);
  const amount = Math.max(100_000, Math.ceil((200_000 - balance) / 10_000) * 10_000);
  await topUp(tx, gymId, amount, dayAt(today, 3, '14:00'), '계좌 입금 확인');
  const scheduled = await createSend(tx, at(people.desk, dayAt(today, 1, '16:40')), {
    ...base,
    channel: 'SMS',
    advertising: false,
    content: CLOSING_TEXT,
    scheduledAt: dayAt(today, -7, '10:00').toISOString(),
    audience: { type: 'segment', segment: 'active', days: 7 },
  });
  return { expiry, test, promotion, notice, cancelled, scheduled };
};

/** Which automatic messages are on, with their 알림톡 template where one fits and their numbers. */
const AUTO: Partial<
  Record<AutoMessageKind, { hour: number; template?: string; params?: Record<string, number> }>
> = {
  PASS_END_7: { hour: 10, template: 'PASS_END' },
  PASS_END_1: { hour: 10, template: 'PASS_END' },
  SESSIONS_LOW: { hour: 11 },
  UNPAID: { hour: 11, template: 'UNPAID', params: { afterDays: 3, everyDays: 7, maxTimes: 3 } },
  BOOKING_REMINDER: { hour: 10, params: { hoursBefore: 3 } },
  BOOKING_CANCELLED: { hour: 10 },
  WAITLIST_PROMOTED: { hour: 10 },
  BIRTHDAY: { hour: 10 },
};

/** The representative switches the automatic messages on (and the others off) 40 days ago. */
const seedAutoMessages = async (
  tx: Db,
  gymId: number,
  people: People,
  templates: Record<string, number>,
  when: Date,
) => {
  for (const kind of autoMessageKinds) {
    const on = AUTO[kind];
    await updateAutoSetting(tx, at(people.owner, when), gymId, kind, {
      gymId,
      enabled: on !== undefined,
      text: DEFAULT_AUTO_TEXTS[kind].ko,
      ...(on?.template ? { templateId: templates[on.template] } : {}),
      sendHour: on?.hour ?? 10,
      params: on?.params ?? (kind === 'NO_VISIT' ? { days: 14 } : {}),
    });
  }
};

/** The demo facility's messaging, as of `now` (run after the customers, passes and money are in). */
export const seedMessaging = async (
  tx: Db,
  storage: FileStorage,
  gymId: number,
  people: People,
  now: Date,
) => {
  const today = seoulToday(now);
  const sender = await seedSenders(tx, storage, gymId, people, today);
  const templates = await seedKakao(tx, gymId, people, today);
  await seedConsents(tx, gymId, now);
  await seedOptOuts(tx, gymId, today);
  await seedAutoMessages(tx, gymId, people, templates, dayAt(today, 40, '17:00'));
  return seedSends(tx, gymId, people, { sender, templates }, today);
};
