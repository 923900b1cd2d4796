import type { LessonType } from '#domain/rules/schedule.ts';
import { queryKeys } from '#src/kit/query-keys.ts';

// The schedule pages' React Query keys. A change to a lesson clears `lessons` and `schedule` (with the
// reservations', passes' and customers' roots, lesson-detail-page.tsx).

export type ScheduleFilters = { trainerMemberId?: number; room?: string; lessonType?: LessonType };
type Range = { from: string; to: string } | null;

export const lessonKeys = queryKeys('lessons', {
  detail: (id: number) => [id],
  'customer-options': (gymId: number, q: string) => [gymId, q],
});

export const scheduleKeys = queryKeys('schedule', {
  /** Without parts: every range's lessons, as a move or a new lesson clears them. */
  lessons: (...parts: [gymId: number, range: Range, filters: ScheduleFilters] | []) => parts,
  products: (gymId: number) => [gymId],
});
