import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { type BackupRun, backupSteps } from '#domain/api/backup.ts';
import { SEOUL } from '#domain/rules/seoul-time.ts';

// What the backups page computes from the API's answer (src/pages/admin/backups-page.tsx).

dayjs.extend(utc);
dayjs.extend(timezone);

/** A time in Korea, as the page shows every time. */
export const seoulTime = (iso: string) => dayjs(iso).tz(SEOUL).format('YYYY.MM.DD HH:mm:ss');

/** `0 3 * * *` (or with seconds, `0 0 3 * * *`) → "03:00"; any other schedule is shown as written. */
export const dailyTimeOf = (cron: string): string | undefined => {
  const fields = cron.trim().split(/\s+/);
  const [second, minute, hour, ...rest] = fields.length === 6 ? fields : ['0', ...fields];
  if (rest.length !== 3 || rest.some((field) => field !== '*')) return undefined;
  if (![second, minute, hour].every((field) => /^\d{1,2}$/.test(field ?? ''))) return undefined;
  if (Number(second) !== 0 || Number(minute) > 59 || Number(hour) > 23) return undefined;
  return `${hour!.padStart(2, '0')}:${minute!.padStart(2, '0')}`;
};

/** How far a run has come, 0–100: whole steps done, plus the share of the current step when it counts. */
export const percentOf = (run: BackupRun) => {
  const index = backupSteps.indexOf(run.step);
  const within = run.total ? Math.min(1, (run.done ?? 0) / run.total) : 0;
  return Math.round(((index + within) / backupSteps.length) * 100);
};
