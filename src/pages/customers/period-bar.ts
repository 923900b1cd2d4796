import { daysBetween } from '#domain/rules/seoul-time.ts';

// The period bar's geometry (docs/rules.md#passes): where today and each hold sit between the start and the end,
// as percentages of the bar.

export type Span = { left: number; width: number };

const clamp = (n: number) => Math.min(100, Math.max(0, n));

export const periodGeometry = (
  start: string,
  end: string,
  today: string,
  holds: readonly { startDate: string; endDate: string }[],
): { used: number; today: number | null; holds: Span[] } => {
  const total = daysBetween(start, end) + 1;
  const at = (day: string) => clamp((daysBetween(start, day) / total) * 100);
  const todayAt = today < start || today > end ? null : at(today);
  return {
    used: today < start ? 0 : today > end ? 100 : at(today),
    today: todayAt,
    holds: holds
      .filter((h) => h.endDate >= h.startDate)
      .map((h) => {
        const left = at(h.startDate);
        return {
          left,
          width: Math.max(clamp(((daysBetween(h.startDate, h.endDate) + 1) / total) * 100), 0.5),
        };
      }),
  };
};
