import { and, eq, inArray } from 'drizzle-orm';
import type { ConsultOutcome, LeadStage, LostReason } from '#domain/enums.ts';
import type { Answers } from '#domain/rules/consult.ts';
import { maskName } from '#domain/rules/customer.ts';
import { addDays, seoulDayStartUtc, seoulToday } from '#domain/rules/seoul-time.ts';
import type { Db } from '../db/client.ts';
import { consult, notification } from '../db/schema/index.ts';
import { callConsult, finishConsult, moveStage } from '../modules/consult/consult.commands.ts';
import { activeSurvey } from '../modules/consult/consult.queries.ts';
import { createFromKiosk } from '../modules/consult/kiosk.commands.ts';
import { createCustomer } from '../modules/customer/customer.commands.ts';

// The demo facility's consultations (docs/rules.md#consulting): the survey, 15 walk-ins over the past month in every
// outcome, and the pipeline's history, all written through the services the tablet and the staff use.

type Plan = {
  name: string;
  phone: string;
  daysAgo: number;
  goals: string[];
  level: string;
  source: string;
  parqYes?: boolean;
  height?: number;
  weight?: number;
  /** Where the consult ends: still waiting, with staff, or finished. */
  end: 'WAIT' | 'CONSULTING' | ConsultOutcome | 'TRIAL';
  lost?: LostReason;
  note?: string;
  followUpIn?: number;
};

const PLANS: Plan[] = [
  {
    name: '오지훈',
    phone: '01028471930',
    daysAgo: 27,
    goals: ['WEIGHT_LOSS'],
    level: 'BEGINNER',
    source: 'ONLINE',
    height: 176,
    weight: 88,
    end: 'REGISTERED',
    note: 'PT 20회 등록, 저녁 시간 선호',
  },
  {
    name: '서민아',
    phone: '01036620417',
    daysAgo: 25,
    goals: ['HEALTH'],
    level: 'NOVICE',
    source: 'WALK_IN',
    height: 162,
    weight: 54,
    end: 'REGISTERED',
    note: '헬스 6개월 등록',
  },
  {
    name: '강도윤',
    phone: '01047290385',
    daysAgo: 23,
    goals: ['STRENGTH'],
    level: 'INTERMEDIATE',
    source: 'REFERRAL',
    height: 181,
    weight: 79,
    end: 'LOST',
    lost: 'PRICE',
    note: 'PT 단가 부담',
  },
  {
    name: '임채원',
    phone: '01059134862',
    daysAgo: 21,
    goals: ['WEIGHT_LOSS', 'HEALTH'],
    level: 'BEGINNER',
    source: 'SNS',
    parqYes: true,
    height: 158,
    weight: 71,
    end: 'FOLLOW_UP',
    followUpIn: 0,
    note: '무릎 통증, 진료 후 재상담',
  },
  {
    name: '한승우',
    phone: '01062057714',
    daysAgo: 19,
    goals: ['WEIGHT_GAIN'],
    level: 'NOVICE',
    source: 'FLYER',
    height: 174,
    weight: 58,
    end: 'REGISTERED',
    note: '헬스 3개월 + 식단 코칭',
  },
  {
    name: '조예린',
    phone: '01073916258',
    daysAgo: 17,
    goals: ['HEALTH'],
    level: 'BEGINNER',
    source: 'REFERRAL',
    end: 'LOST',
    lost: 'DISTANCE',
    note: '이사 예정',
  },
  {
    name: '배현우',
    phone: '01084420931',
    daysAgo: 14,
    goals: ['STRENGTH', 'WEIGHT_GAIN'],
    level: 'ADVANCED',
    source: 'ONLINE',
    height: 183,
    weight: 84,
    end: 'TRIAL',
    note: '1일 체험 진행',
  },
  {
    name: '문지아',
    phone: '01095538406',
    daysAgo: 12,
    goals: ['WEIGHT_LOSS'],
    level: 'NOVICE',
    source: 'SNS',
    height: 165,
    weight: 68,
    end: 'FOLLOW_UP',
    followUpIn: 2,
    note: '가족과 상의 후 연락',
  },
  {
    name: '신태양',
    phone: '01016679542',
    daysAgo: 10,
    goals: ['HEALTH'],
    level: 'EXPERT',
    source: 'WALK_IN',
    end: 'LOST',
    lost: 'COMPETITOR',
  },
  {
    name: '유하은',
    phone: '01027780153',
    daysAgo: 8,
    goals: ['WEIGHT_LOSS', 'STRENGTH'],
    level: 'BEGINNER',
    source: 'ONLINE',
    height: 160,
    weight: 63,
    end: 'REGISTERED',
    note: 'PT 10회 등록',
  },
  {
    name: '권민재',
    phone: '01038891764',
    daysAgo: 6,
    goals: ['STRENGTH'],
    level: 'INTERMEDIATE',
    source: 'REFERRAL',
    height: 178,
    weight: 75,
    end: 'FOLLOW_UP',
    followUpIn: -1,
    note: '주말 재방문 약속',
  },
  {
    name: '남궁솔',
    phone: '01049902375',
    daysAgo: 4,
    goals: ['HEALTH'],
    level: 'NOVICE',
    source: 'FLYER',
    end: 'LOST',
    lost: 'SCHEDULE',
    note: '교대 근무',
  },
  {
    name: '홍다인',
    phone: '01051013986',
    daysAgo: 2,
    goals: ['WEIGHT_LOSS'],
    level: 'BEGINNER',
    source: 'SNS',
    height: 168,
    weight: 77,
    end: 'CONSULTING',
  },
  {
    name: '정우진',
    phone: '01062124597',
    daysAgo: 0,
    goals: ['WEIGHT_GAIN', 'STRENGTH'],
    level: 'NOVICE',
    source: 'WALK_IN',
    height: 172,
    weight: 60,
    end: 'WAIT',
  },
  {
    name: '차서윤',
    phone: '01073235108',
    daysAgo: 0,
    goals: ['HEALTH'],
    level: 'BEGINNER',
    source: 'ONLINE',
    parqYes: true,
    end: 'WAIT',
  },
];

const answersOf = (p: Plan): Answers => {
  const answers: Answers = {
    goals: p.goals,
    level: p.level,
    source: p.source,
    times: p.daysAgo % 2 === 0 ? ['EVENING'] : ['MORNING', 'WEEKEND'],
    exerciseKinds: p.level === 'BEGINNER' ? [] : ['WEIGHTS', 'CARDIO'],
  };
  if (p.height !== undefined) answers.height = p.height;
  if (p.weight !== undefined) answers.weight = p.weight;
  for (let i = 1; i <= 7; i++) answers[`parq${i}`] = p.parqYes === true && i === 5;
  return Object.fromEntries(Object.entries(answers).filter(([, v]) => !(Array.isArray(v) && v.length === 0)));
};

/** 15 consultations of 강남점, each in its own state, written through the services at their own times. */
export const seedConsults = async (
  tx: Db,
  gymId: number,
  people: { owner: number; staff?: number | undefined },
  now: Date,
) => {
  const survey = await activeSurvey(tx, gymId);
  const today = seoulToday(now);
  for (const plan of PLANS) {
    const day = addDays(today, -plan.daysAgo);
    // Mid-morning to evening of that day, in Seoul.
    const at = new Date(seoulDayStartUtc(day).getTime() + (10 + (plan.phone.charCodeAt(10) % 9)) * 3_600_000);
    const written = await createFromKiosk(
      tx,
      gymId,
      {
        surveyId: survey.id,
        name: plan.name,
        phone: plan.phone,
        answers: answersOf(plan),
        consents: { personal: true, health: true, marketing: plan.daysAgo % 3 === 0, night: false },
      },
      at,
    );
    if (plan.end === 'WAIT') continue;
    const staff = plan.daysAgo % 2 === 0 && people.staff ? people.staff : people.owner;
    const later = new Date(at.getTime() + 20 * 60_000);
    await callConsult(tx, written.id, gymId, { memberId: staff, requestId: null, now: later });
    if (plan.end === 'CONSULTING') continue;
    const done = new Date(at.getTime() + 50 * 60_000);
    if (plan.end === 'TRIAL') {
      await moveStage(tx, written.id, gymId, 'TRIAL' as LeadStage, {
        memberId: staff,
        requestId: null,
        now: done,
      });
      continue;
    }
    let customerId: number | null = null;
    if (plan.end === 'REGISTERED') {
      const created = await createCustomer(tx, { memberId: staff, requestId: null, now: done }, gymId, {
        name: plan.name,
        phone: plan.phone,
        gender: 'NONE',
        leadSource: 'CONSULT',
        memo: plan.note ?? null,
      });
      customerId = created.id;
    }
    await finishConsult(
      tx,
      written.id,
      gymId,
      {
        outcome: plan.end,
        followUpDate: plan.end === 'FOLLOW_UP' ? addDays(today, plan.followUpIn ?? 3) : null,
        lostReason: plan.end === 'LOST' ? (plan.lost ?? 'OTHER') : null,
        lostNote: plan.end === 'LOST' ? (plan.note ?? null) : null,
        content: plan.note ?? null,
        staffMemberId: staff,
        customerId,
      },
      { memberId: staff, requestId: null, now: done },
    );
  }
  // The bell keeps only today's walk-ins unread: the month's earlier ones were seen long ago.
  const waiting = await tx
    .select({ id: consult.id })
    .from(consult)
    .where(and(eq(consult.gymId, gymId), eq(consult.status, 'WAIT')));
  await tx
    .update(notification)
    .set({ readYn: true })
    .where(
      and(
        eq(notification.gymId, gymId),
        eq(notification.kind, 'CONSULT_WAITING'),
        inArray(
          notification.reason,
          PLANS.filter((p) => p.end !== 'WAIT').map((p) => maskName(p.name)),
        ),
      ),
    );
  return waiting.length;
};
