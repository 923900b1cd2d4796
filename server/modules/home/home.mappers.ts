import { HOME_FIGURES, type HomeFigureKey, type HomeLesson, type HomeToday } from '#domain/schemas/home.ts';

// HOME's day from its one statement's row (docs/rules.md#home): a column per figure, JSON for the composite ones.

const asInt = (value: unknown): number => Number(value ?? 0);

type Json = Record<string, unknown>;
const json = (value: unknown): Json | null =>
  // Safe: the query builds these columns with json_build_object, so each is an object (as text on PGlite).
  value == null ? null : typeof value === 'string' ? (JSON.parse(value) as Json) : (value as Json);

const toLesson = (l: Json): HomeLesson => ({
  id: asInt(l.id),
  title: String(l.title),
  startAt: new Date(String(l.startAt)).toISOString(),
  endAt: new Date(String(l.endAt)).toISOString(),
  capacity: asInt(l.capacity),
  booked: asInt(l.booked),
  waiting: asInt(l.waiting),
});

/** The answer from the statement's row (none: the facility is gone); a null column is a figure not offered. */
export const homeTodayOf = (
  row: Record<string, unknown> | undefined,
  keys: readonly HomeFigureKey[],
  today: string,
): HomeToday => {
  const answer: HomeToday = { date: today };
  if (!row) return answer;
  const path = (key: HomeFigureKey) => HOME_FIGURES[key].path;
  for (const key of keys) {
    const value = row[key];
    if (value == null) continue; // its add-on is missing: the figure is not offered
    switch (key) {
      case 'checkIns':
      case 'newCustomers':
      case 'expiringPasses':
        answer[key] = { count: asInt(value), path: path(key) };
        break;
      case 'sales': {
        const v = json(value)!;
        answer.sales = {
          received: asInt(v.received),
          refunded: asInt(v.refunded),
          payments: asInt(v.payments),
          refunds: asInt(v.refunds),
          path: path(key),
        };
        break;
      }
      case 'unpaid': {
        const v = json(value)!;
        answer.unpaid = { total: asInt(v.total), customers: asInt(v.customers), path: path(key) };
        break;
      }
      case 'classes': {
        const v = json(value)!;
        answer.classes = {
          lessons: asInt(v.lessons),
          capacity: asInt(v.capacity),
          booked: asInt(v.booked),
          waiting: asInt(v.waiting),
          // Safe: `next` is the query's json_agg of lesson objects, or null when there are none.
          next: ((v.next as Json[] | null) ?? []).map(toLesson),
          path: path(key),
        };
        break;
      }
      case 'followUps': {
        const v = json(value)!;
        answer.followUps = { count: asInt(v.count), overdue: asInt(v.overdue), path: path(key) };
        break;
      }
    }
  }
  return answer;
};
