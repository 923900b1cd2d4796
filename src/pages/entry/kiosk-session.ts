import { ENTRY_KIOSK_HEADER } from '#domain/api/entry.ts';
import { isHttpError, reasonOf, statusOf } from '#src/providers/http-error.ts';

// The check-in kiosk's token (docs/rules.md#check-in): opened by a staff member, kept in the tab's session storage
// so that a reload stays in kiosk mode, and sent in `x-entry-token` on every kiosk call.

export const ENTRY_KIOSK_STORAGE_KEY = 'fitdesk.entryKiosk';

export type StoredEntryKiosk = { token: string; expiresAt: string; gymId: number };

export const readEntryKiosk = (): StoredEntryKiosk | null => {
  try {
    const raw = sessionStorage.getItem(ENTRY_KIOSK_STORAGE_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<StoredEntryKiosk>;
    if (typeof stored.token !== 'string' || typeof stored.expiresAt !== 'string') return null;
    if (new Date(stored.expiresAt).getTime() <= Date.now()) {
      sessionStorage.removeItem(ENTRY_KIOSK_STORAGE_KEY);
      return null;
    }
    return { token: stored.token, expiresAt: stored.expiresAt, gymId: Number(stored.gymId) };
  } catch {
    return null;
  }
};

export const saveEntryKiosk = (stored: StoredEntryKiosk): void => {
  sessionStorage.setItem(ENTRY_KIOSK_STORAGE_KEY, JSON.stringify(stored));
};

export const clearEntryKiosk = (): void => {
  sessionStorage.removeItem(ENTRY_KIOSK_STORAGE_KEY);
};

export const entryKioskHeaders = (token: string): Record<string, string> => ({ [ENTRY_KIOSK_HEADER]: token });

/** No answer at all (the network is down, or the call timed out): the kiosk is offline. */
export const isNoAnswer = (error: unknown): boolean => isHttpError(error) && error.statusCode === 0;

/** The server's reason for a kiosk token that is unknown, closed or expired (401). */
export const TOKEN_CLOSED_REASON = 'entryKioskInvalid';

/**
 * The kiosk's token is closed or expired. The check and info calls answer 401 only for that; the staff calls
 * (override, exit) also answer 401 for a wrong password (`loginFailed`), so there only the token's reason counts.
 */
export const isTokenClosed = (error: unknown, staffCall = false): boolean =>
  statusOf(error) === 401 && (!staffCall || reasonOf(error) === TOKEN_CLOSED_REASON);

/** `2025-03-01` in the reader's language, without a time zone shift. */
export const formatDay = (date: string | null, language: string): string => {
  if (!date) return '';
  const at = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return date;
  return new Intl.DateTimeFormat(language.startsWith('ko') ? 'ko-KR' : 'en-US', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(at);
};

export const formatAmount = (amount: number | null, language: string): string =>
  (amount ?? 0).toLocaleString(language.startsWith('ko') ? 'ko-KR' : 'en-US');
