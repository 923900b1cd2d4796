import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { DEFAULT_LOCKER_REMINDER_DAYS, reminderDue } from '#domain/rules/locker.ts';
import { seoulDayStartUtc, seoulToday } from '#domain/rules/seoul-time.ts';
import type { Db } from '../../db/client.ts';
import { entrySetting, gym, locker, lockerRental, member, outbox } from '../../db/schema/index.ts';
import { enqueue } from '../../kernel/outbox.ts';

// The rental reminders (docs/rules.md#lockers): a text to the customer N days before an ACTIVE rental ends, for
// each N of the facility's `lockerReminderDays` (7 and 1 by default), through the outbox
// (docs/architecture.md#outbox). A sweep finds what is due today; each message carries a dedupe key
// (`locker-reminder:{rentalId}:{N}`), so a second sweep the same day enqueues nothing.

/** The outbox topic of the rental reminders (docs/architecture.md#outbox); delivered by the MessageProvider. */
export const LOCKER_TOPIC = 'locker';

const DEFAULT_DAYS_SQL = sql.raw(`array[${DEFAULT_LOCKER_REMINDER_DAYS.join(',')}]::int[]`);

const dedupeKeyOf = (rentalId: number, days: number) => `locker-reminder:${rentalId}:${days}`;

/** Signed with the facility's name (docs/rules.md#lockers). */
const textOf = (gymName: string, label: string, endDate: string, days: number) => ({
  ko: `[${gymName}] 이용 중인 락커 ${label}의 대여 기간이 ${endDate}에 끝납니다(${days}일 전). 연장은 데스크에 문의해 주세요.`,
  en: `[${gymName}] Your locker ${label} is rented until ${endDate} (${days} day${days === 1 ? '' : 's'} left). Ask at the desk to renew it.`,
});

/**
 * Enqueues today's reminders (Asia/Seoul, from `now`) and returns how many it wrote. Only facilities whose LOCKER
 * add-on is APPROVE, only customers not removed. Sweeps run one at a time (a transaction-scoped advisory lock), so
 * two processes on one PostgreSQL do not both send; the dedupe keys are looked up among today's outbox rows of
 * the topic, which is where a reminder due today can only be.
 */
export const enqueueLockerReminders = async (db: Db, now: Date): Promise<number> => {
  const today = seoulToday(now);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('locker-reminders'))`);
    const due = await tx
      .select({
        rentalId: lockerRental.id,
        gymId: lockerRental.gymId,
        memberId: lockerRental.memberId,
        endDate: lockerRental.endDate,
        label: locker.label,
        gymName: gym.name,
        phone: member.phone,
        reminderDays: entrySetting.lockerReminderDays,
      })
      .from(lockerRental)
      .innerJoin(locker, eq(locker.id, lockerRental.lockerId))
      .innerJoin(member, eq(member.id, lockerRental.memberId))
      .innerJoin(gym, eq(gym.id, lockerRental.gymId))
      .leftJoin(entrySetting, eq(entrySetting.gymId, lockerRental.gymId))
      .where(
        and(
          eq(lockerRental.status, 'ACTIVE'),
          sql`${lockerRental.endDate} > ${today}`,
          sql`(${lockerRental.endDate} - ${today}::date) = any(coalesce(${entrySetting.lockerReminderDays}, ${DEFAULT_DAYS_SQL}))`,
          sql`${member.status} <> 'QUIT' and ${member.erasedAt} is null`,
          sql`exists (select 1 from gym_sub_service g join sub_service s on s.id = g.sub_service_id
            where g.gym_id = ${lockerRental.gymId} and s.gym_sub_service_type = 'LOCKER'
              and g.gym_sub_service_status = 'APPROVE')`,
        ),
      );
    const reminders = due.flatMap((row) => {
      const days = reminderDue(row.endDate, today, row.reminderDays ?? DEFAULT_LOCKER_REMINDER_DAYS);
      return days === null ? [] : [{ ...row, days, dedupeKey: dedupeKeyOf(row.rentalId, days) }];
    });
    if (reminders.length === 0) return 0;
    const sent = await tx
      .select({ key: sql<string>`${outbox.payload}->>'dedupeKey'` })
      .from(outbox)
      .where(
        and(
          eq(outbox.topic, LOCKER_TOPIC),
          gte(outbox.createDate, seoulDayStartUtc(today)),
          inArray(
            sql`${outbox.payload}->>'dedupeKey'`,
            reminders.map((r) => r.dedupeKey),
          ),
        ),
      );
    const known = new Set(sent.map((s) => s.key));
    let written = 0;
    for (const r of reminders) {
      if (known.has(r.dedupeKey)) continue;
      await enqueue(tx, {
        topic: LOCKER_TOPIC,
        payload: {
          gymId: r.gymId,
          to: r.phone,
          memberId: r.memberId,
          kind: 'lockerReminder',
          rentalId: r.rentalId,
          lockerLabel: r.label,
          endDate: r.endDate,
          daysLeft: r.days,
          dedupeKey: r.dedupeKey,
          text: textOf(r.gymName, r.label, r.endDate, r.days),
        },
        now,
      });
      written += 1;
    }
    return written;
  });
};

/** How often the server sweeps: at most once an hour. */
export const LOCKER_REMINDER_INTERVAL_MS = 60 * 60_000;

/**
 * The server's hourly sweep, started with the outbox loop (server/app.ts, dispatch `loop`): a first sweep at
 * start, then one an hour; the timer never keeps the process alive, and `stop()` ends it on close. `onEnqueued`
 * wakes the dispatcher when something was written.
 */
export const createLockerReminderSweep = (options: {
  db: Db;
  clock: () => Date;
  log: { error: (obj: object, msg: string) => void };
  onEnqueued?: (count: number) => void;
  intervalMs?: number;
}) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const sweep = () => {
    if (running) return;
    running = enqueueLockerReminders(options.db, options.clock())
      .then((count) => {
        if (count > 0) options.onEnqueued?.(count);
      })
      .catch((error) => options.log.error({ error }, 'locker reminder sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };
  return {
    start: () => {
      if (timer) return;
      timer = setInterval(sweep, options.intervalMs ?? LOCKER_REMINDER_INTERVAL_MS);
      timer.unref();
      sweep();
    },
    stop: async () => {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
};
