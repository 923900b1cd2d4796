import {
  type Dispatch,
  type KeyboardEvent,
  type SetStateAction,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import type { z } from 'zod';
import { entryKioskInfoRoute } from '#domain/api/entry.ts';
import type { entryKioskInfoSchema } from '#domain/schemas/entry.ts';
import { api } from '#src/providers/instances.ts';
import { METHODS, type Method } from './kiosk-panels.tsx';
import { entryKioskHeaders, isNoAnswer, isTokenClosed } from './kiosk-session.ts';

// The kiosk's hooks (entry-kiosk-page.tsx): its info and connection, the scanner's field, the tabs' focus and the
// phone panel's keys.

type KioskInfo = z.output<typeof entryKioskInfoSchema>;

/** While offline, the kiosk asks the server this often whether it is back. */
const PROBE_MS = 5_000;
/** The token is checked this often, so that a closed or expired one goes back to the start screen. */
const TOKEN_CHECK_MS = 5 * 60_000;

/** Whether the browser says it is online, following its `online` / `offline` events. */
const useBrowserOnline = (onBack: () => void): boolean => {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  const back = useRef(onBack);
  back.current = onBack;
  useEffect(() => {
    const up = () => {
      setOnline(true);
      back.current();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  return online;
};

/** The facility's name for the kiosk, the token's checks, and whether the kiosk is offline (browser or server). */
export const useKioskInfo = (token: string, onClosed: () => void) => {
  const [info, setInfo] = useState<KioskInfo | null>(null);
  const [networkDown, setNetworkDown] = useState(false);
  const closedRef = useRef(onClosed);
  closedRef.current = onClosed;

  const loadInfo = useCallback(async () => {
    try {
      const loaded = await api.call(entryKioskInfoRoute, { headers: entryKioskHeaders(token) });
      setInfo(loaded);
      setNetworkDown(false);
    } catch (error) {
      if (isTokenClosed(error)) closedRef.current();
      else if (isNoAnswer(error)) setNetworkDown(true);
    }
  }, [token]);

  const online = useBrowserOnline(() => void loadInfo());
  const offline = !online || networkDown;

  useEffect(() => {
    void loadInfo();
    const timer = setInterval(() => void loadInfo(), TOKEN_CHECK_MS);
    return () => clearInterval(timer);
  }, [loadInfo]);
  useEffect(() => {
    if (!networkDown) return;
    const timer = setInterval(() => void loadInfo(), PROBE_MS);
    return () => clearInterval(timer);
  }, [networkDown, loadInfo]);
  return { info, offline, setNetworkDown, closedRef };
};

/** The scanner's field, kept focused on the QR tab while the kiosk waits. */
export const useScannerField = (
  waiting: boolean,
  method: Method,
  setScanned: Dispatch<SetStateAction<string>>,
) => {
  // A USB scanner types into the focused field: on the QR tab the scanner's field takes the focus back whenever
  // nothing else holds it (a tap on the background), without taking it from a tab or a dialog.
  const scannerInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!waiting || method !== 'qr') return;
    const keep = () => {
      const active = document.activeElement;
      if (!active || active === document.body) scannerInput.current?.focus();
    };
    keep();
    const timer = setInterval(keep, 500);
    return () => clearInterval(timer);
  }, [waiting, method]);

  // A scanner's keys that land outside any field (focus on a tab, say) go to the scanner's field.
  useEffect(() => {
    if (!waiting || method !== 'qr') return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea')) return;
      if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey || event.key === ' ')
        return;
      event.preventDefault();
      setScanned((s) => s + event.key);
      scannerInput.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [waiting, method, setScanned]);
  return scannerInput;
};

/** The focus follows a tap on a tab into its field. */
export const useTabFocus = (
  method: Method,
  setMethod: (method: Method) => void,
  scannerInput: { current: HTMLInputElement | null },
) => {
  // A tap on a tab puts the focus in its field (the arrow keys only move between the tabs).
  const cardInput = useRef<HTMLInputElement>(null);
  const focusField = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a tab change moves the focus; the scanner's field is a ref.
  useEffect(() => {
    if (!focusField.current) return;
    focusField.current = false;
    if (method === 'qr') scannerInput.current?.focus();
    if (method === 'card') cardInput.current?.focus();
  }, [method]);
  const choose = (m: Method) => {
    focusField.current = true;
    if (m === method) {
      if (m === 'qr') scannerInput.current?.focus();
      if (m === 'card') cardInput.current?.focus();
    }
    setMethod(m);
  };
  return { cardInput, choose };
};

type PhoneKeys = { addDigit: (digit: string) => void; deleteDigit: () => void; submitPhone: () => void };

/** The phone panel's keyboard: digits, Backspace and Enter. */
export const usePhoneKeys = (waiting: boolean, method: Method, keys: PhoneKeys) => {
  // The phone panel also takes a keyboard's digit keys, Backspace and Enter.
  const phoneKeys = useRef(keys);
  phoneKeys.current = keys;
  useEffect(() => {
    if (!waiting || method !== 'phone') return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea')) return;
      if (/^\d$/.test(event.key)) phoneKeys.current.addDigit(event.key);
      else if (event.key === 'Backspace') phoneKeys.current.deleteDigit();
      else if (event.key === 'Enter' && !target?.closest('button')) phoneKeys.current.submitPhone();
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [waiting, method]);
};

/** The tabs' own keys: the arrows, Home and End move between them (and take the focus along). */
export const useTabKeys = (setMethod: (method: Method) => void) => {
  const tabs = useRef<Record<Method, HTMLButtonElement | null>>({ qr: null, card: null, phone: null });
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, from: Method) => {
    const at = METHODS.indexOf(from);
    const to =
      event.key === 'ArrowRight'
        ? METHODS[(at + 1) % METHODS.length]
        : event.key === 'ArrowLeft'
          ? METHODS[(at + METHODS.length - 1) % METHODS.length]
          : event.key === 'Home'
            ? METHODS[0]
            : event.key === 'End'
              ? METHODS[METHODS.length - 1]
              : undefined;
    if (!to) return;
    event.preventDefault();
    setMethod(to);
    tabs.current[to]?.focus();
  };
  return { tabs, onTabKey };
};
