import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { KIOSK_HEADER, kioskInfoRoute, kioskOpenRoute } from '#domain/api/consult.ts';
import type { ConsultResult } from '#domain/rules/consult.ts';
import type { kioskInfoSchema } from '#domain/schemas/consult.ts';
import { api } from '#src/providers/instances.ts';

// The consulting tablet's state (docs/rules.md#consulting). The tablet's token lives in session storage for the
// facility; the prospect's answers live only in the write page's form, and the consult it wrote only in memory,
// so that "finish" leaves nothing of the previous person behind.

export type KioskInfo = z.output<typeof kioskInfoSchema>;
export type CurrentConsult = {
  id: number;
  token: string;
  name: string;
  queueNumber: number;
  result: ConsultResult;
  status: string;
};

type Kiosk = {
  gymId: number;
  token: string | null;
  failed: boolean;
  info: KioskInfo | null;
  current: CurrentConsult | null;
  setCurrent: (consult: CurrentConsult | null) => void;
  /** The headers of the tablet's calls. */
  headers: () => Record<string, string>;
  /** Forgets the token (expired) and opens a new one. */
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
  const [failed, setFailed] = useState(false);
  const [info, setInfo] = useState<KioskInfo | null>(null);
  const [current, setCurrent] = useState<CurrentConsult | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt opens a new token.
  useEffect(() => {
    if (token) return;
    let live = true;
    api
      .call(kioskOpenRoute, { params: { gymId } })
      .then((opened) => {
        if (!live) return;
        sessionStorage.setItem(storageKey(gymId), JSON.stringify(opened));
        setToken(opened.token);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [gymId, token, attempt]);

  useEffect(() => {
    if (!token) return;
    let live = true;
    api
      .call(kioskInfoRoute, { headers: { [KIOSK_HEADER]: token } })
      .then((loaded) => live && setInfo(loaded))
      .catch((error: { statusCode?: number }) => {
        if (!live) return;
        if (error.statusCode === 401) {
          sessionStorage.removeItem(storageKey(gymId));
          setToken(null);
        } else setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [gymId, token]);

  const headers = useCallback(
    (): Record<string, string> => (token ? { [KIOSK_HEADER]: token } : {}),
    [token],
  );
  const reopen = useCallback(() => {
    sessionStorage.removeItem(storageKey(gymId));
    setToken(null);
    setFailed(false);
    setAttempt((n) => n + 1);
  }, [gymId]);

  const value = useMemo<Kiosk>(
    () => ({
      gymId,
      token,
      failed,
      info,
      current,
      setCurrent,
      headers,
      reopen,
      search: `?gymId=${gymId}&gymMaster=Y`,
    }),
    [gymId, token, failed, info, current, headers, reopen],
  );
  return <KioskContext.Provider value={value}>{children}</KioskContext.Provider>;
}

export const useKiosk = (): Kiosk => {
  const kiosk = useContext(KioskContext);
  if (!kiosk) throw new Error('useKiosk outside KioskProvider');
  return kiosk;
};
