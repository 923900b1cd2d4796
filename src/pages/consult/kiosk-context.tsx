import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { KIOSK_HEADER, kioskInfoRoute, kioskOpenRoute } from '#domain/api/consult.ts';
import { KIOSK_STAFF_HEADER, kioskStaffEndRoute } from '#domain/api/consult-kiosk.ts';
import type { ConsultResult } from '#domain/rules/consult.ts';
import type { kioskInfoSchema } from '#domain/schemas/consult.ts';
import type { KioskStaffWindow } from '#domain/schemas/consult-kiosk.ts';
import { reasonOf, statusOf } from '#src/providers/http-error.ts';
import { api } from '#src/providers/instances.ts';
import { kioskApi } from './kiosk-api.ts';

// The consulting tablet's state (docs/rules.md#consulting). Opening the tablet is the only call made with the staff
// member's session (the menu opens it in a new window); from then on the tab holds only the tablet's token, in
// session storage for the facility, and every call goes through `kioskApi`, which sends no cookie. A staff step
// holds a staff window (a staff member's id and password at the tablet) in memory only. The prospect's answers live
// only in the write page's form, and the consult it wrote only in memory, so that "finish" leaves nothing of the
// previous person behind.

export type KioskInfo = z.output<typeof kioskInfoSchema>;
export type CurrentConsult = {
  id: number;
  token: string;
  name: string;
  queueNumber: number;
  result: ConsultResult;
  status: string;
};

/**
 * Where the tablet is: opening it (with the session), ready, `ended` (its token was closed or expired: a staff
 * member opens it again), `signIn` (no session to open it with), `unavailable` (no CONSULT add-on) or `failed`.
 */
export type KioskPhase = 'opening' | 'ready' | 'ended' | 'signIn' | 'unavailable' | 'failed';

type Kiosk = {
  gymId: number;
  phase: KioskPhase;
  info: KioskInfo | null;
  current: CurrentConsult | null;
  setCurrent: (consult: CurrentConsult | null) => void;
  /** The headers of the tablet's calls. */
  headers: () => Record<string, string>;
  /** The current staff window, or null. */
  staff: KioskStaffWindow | null;
  setStaff: (staff: KioskStaffWindow | null) => void;
  /** The headers of a staff step: the tablet's token and the staff window's (this one, or the current one). */
  staffHeaders: (window?: KioskStaffWindow | null) => Record<string, string>;
  /** Ends the staff window on the server and forgets it. */
  endStaff: () => void;
  /** The token was closed or has expired: forget it and say so. */
  ended: () => void;
  /** A staff member opens the tablet again, with the session of this browser. */
  reopen: () => void;
  /** The query string every consulting path keeps: `?gymId=…&gymMaster=Y`. */
  search: string;
};

const KioskContext = createContext<Kiosk | null>(null);

const storageKey = (gymId: number) => `fitdesk.kiosk.${gymId}`;

type Stored = { token: string; expiresAt: string };

const readStored = (gymId: number): Stored | null => {
  try {
    const raw = sessionStorage.getItem(storageKey(gymId));
    if (!raw) return null;
    const stored = JSON.parse(raw) as Stored;
    return new Date(stored.expiresAt).getTime() > Date.now() + 60_000 ? stored : null;
  } catch {
    return null;
  }
};

export function KioskProvider({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  const gymId = Number(params.get('gymId'));
  const [token, setToken] = useState<string | null>(() => readStored(gymId)?.token ?? null);
  const [phase, setPhase] = useState<KioskPhase>('opening');
  const [info, setInfo] = useState<KioskInfo | null>(null);
  const [current, setCurrent] = useState<CurrentConsult | null>(null);
  const [staff, setStaff] = useState<KioskStaffWindow | null>(null);
  // Opening with the session happens on arrival without a token, and again only when a staff member asks.
  const [opening, setOpening] = useState(() => readStored(gymId) === null);

  const refused = useCallback((error: unknown) => {
    if (statusOf(error) === 403 && reasonOf(error) === 'consultAddOnRequired') setPhase('unavailable');
    else setPhase('failed');
  }, []);

  useEffect(() => {
    if (!opening) return;
    let live = true;
    setPhase('opening');
    api
      .call(kioskOpenRoute, { params: { gymId } })
      .then((opened) => {
        if (!live) return;
        sessionStorage.setItem(storageKey(gymId), JSON.stringify(opened));
        setToken(opened.token);
        setOpening(false);
      })
      .catch((error: unknown) => {
        if (!live) return;
        setOpening(false);
        if (statusOf(error) === 401) setPhase('signIn');
        else refused(error);
      });
    return () => {
      live = false;
    };
  }, [gymId, opening, refused]);

  useEffect(() => {
    if (!token) return;
    let live = true;
    kioskApi
      .call(kioskInfoRoute, { headers: { [KIOSK_HEADER]: token } })
      .then((loaded) => {
        if (!live) return;
        setInfo(loaded);
        setPhase('ready');
      })
      .catch((error: unknown) => {
        if (!live) return;
        if (statusOf(error) === 401) {
          sessionStorage.removeItem(storageKey(gymId));
          setToken(null);
          setPhase('ended');
        } else refused(error);
      });
    return () => {
      live = false;
    };
  }, [gymId, token, refused]);

  const headers = useCallback(
    (): Record<string, string> => (token ? { [KIOSK_HEADER]: token } : {}),
    [token],
  );
  const staffHeaders = useCallback(
    (window: KioskStaffWindow | null = staff): Record<string, string> => ({
      ...(token ? { [KIOSK_HEADER]: token } : {}),
      ...(window ? { [KIOSK_STAFF_HEADER]: window.staffToken } : {}),
    }),
    [token, staff],
  );
  const endStaff = useCallback(() => {
    if (staff && token)
      void kioskApi.call(kioskStaffEndRoute, { headers: { [KIOSK_HEADER]: token } }).catch(() => undefined);
    setStaff(null);
  }, [staff, token]);
  const ended = useCallback(() => {
    sessionStorage.removeItem(storageKey(gymId));
    setToken(null);
    setInfo(null);
    setCurrent(null);
    setStaff(null);
    setPhase('ended');
  }, [gymId]);
  const reopen = useCallback(() => {
    sessionStorage.removeItem(storageKey(gymId));
    setToken(null);
    setOpening(true);
  }, [gymId]);

  const value = useMemo<Kiosk>(
    () => ({
      gymId,
      phase,
      info,
      current,
      setCurrent,
      headers,
      staff,
      setStaff,
      staffHeaders,
      endStaff,
      ended,
      reopen,
      search: `?gymId=${gymId}&gymMaster=Y`,
    }),
    [gymId, phase, info, current, headers, staff, staffHeaders, endStaff, ended, reopen],
  );
  return <KioskContext.Provider value={value}>{children}</KioskContext.Provider>;
}

export const useKiosk = (): Kiosk => {
  const kiosk = useContext(KioskContext);
  if (!kiosk) throw new Error('useKiosk outside KioskProvider');
  return kiosk;
};

/** The tablet's token is closed or expired (401 `kioskTokenInvalid`), as against a wrong staff password. */
export const isTabletEnded = (error: unknown): boolean =>
  statusOf(error) === 401 && reasonOf(error) === 'kioskTokenInvalid';

/** The staff window is missing, ended or expired (401 `kioskStaffRequired`): a staff member signs in again. */
export const isStaffWindowGone = (error: unknown): boolean =>
  statusOf(error) === 401 && reasonOf(error) === 'kioskStaffRequired';
