import { Alert, Button } from 'antd';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { entryKioskCheckRoute, entryKioskInfoRoute, entryKioskOpenRoute } from '#domain/api/entry.ts';
import { ROUTE_NAMES } from '#domain/routes.ts';
import type { entryKioskInfoSchema, KioskAnswer, KioskCheck } from '#domain/schemas/entry.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { isHttpError } from '#src/providers/http-error.ts';
import { api } from '#src/providers/instances.ts';
import { LanguageSwitch } from '#src/shell/language-switch.tsx';
import { KioskCamera } from './kiosk-camera.tsx';
import { KioskKeypad, PHONE_DIGITS } from './kiosk-keypad.tsx';
import {
  KioskBusy,
  KioskChooser,
  KioskErrorScreen,
  KioskOffline,
  KioskResultScreen,
} from './kiosk-screens.tsx';
import {
  clearEntryKiosk,
  entryKioskHeaders,
  isNoAnswer,
  isTokenClosed,
  readEntryKiosk,
  type StoredEntryKiosk,
  saveEntryKiosk,
} from './kiosk-session.ts';
import { KioskExitDialog, KioskOverrideDialog } from './kiosk-staff-dialogs.tsx';
import './kiosk-entry.css';

// `/entry`, the check-in kiosk (docs/rules.md#check-in). A signed-in staff member starts it; from then on the tab
// holds only the kiosk's token (session storage, so a reload stays in kiosk mode), every call carries it in
// `x-entry-token`, and the page shows no staff data and no way out but the staff's password.

type KioskInfo = z.output<typeof entryKioskInfoSchema>;
type Method = 'qr' | 'card' | 'phone';
const METHODS: readonly Method[] = ['qr', 'card', 'phone'];

type Screen =
  | { kind: 'waiting' }
  | { kind: 'busy' }
  | { kind: 'result'; answer: KioskAnswer; overridden: boolean; method?: KioskCheck['method'] }
  | { kind: 'choose'; answer: KioskAnswer; code: string }
  | { kind: 'error'; message: string };

/** A camera keeps seeing the code that was just shown: the same code is not sent again this soon. */
const SAME_CODE_MS = 10_000;
/** While offline, the kiosk asks the server this often whether it is back. */
const PROBE_MS = 5_000;
/** The token is checked this often, so that a closed or expired one goes back to the start screen. */
const TOKEN_CHECK_MS = 5 * 60_000;

export function EntryKioskPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [stored, setStored] = useState<StoredEntryKiosk | null>(() => readEntryKiosk());
  const [notice, setNotice] = useState<string | null>(null);

  const closed = useCallback(() => {
    clearEntryKiosk();
    setStored(null);
    setNotice(t('kiosk.start.ended'));
  }, [t]);
  const exited = useCallback(() => {
    clearEntryKiosk();
    setStored(null);
    navigate(ROUTE_NAMES.HOME, { replace: true });
  }, [navigate]);

  return (
    <div className="fd-entry">
      {stored ? (
        <KioskRunning key={stored.token} token={stored.token} onClosed={closed} onExited={exited} />
      ) : (
        <KioskStart
          notice={notice}
          onOpened={(opened) => {
            saveEntryKiosk(opened);
            setNotice(null);
            setStored(opened);
          }}
        />
      )}
    </div>
  );
}

/** The staff's start screen: the facility and the button that turns the tablet into the kiosk. */
function KioskStart({
  notice,
  onOpened,
}: {
  notice: string | null;
  onOpened: (opened: StoredEntryKiosk) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { selected } = useFacility();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const open = async () => {
    if (!selected) return;
    setBusy(true);
    setError(null);
    try {
      const opened = await api.call(entryKioskOpenRoute, { params: { gymId: selected.id } });
      onOpened({ ...opened, gymId: selected.id });
    } catch (caught) {
      setError(isHttpError(caught) ? caught.message : t('errors.UNKNOWN'));
      setBusy(false);
    }
  };

  return (
    <section className="fd-entry-start" aria-labelledby="fd-entry-start-title">
      <h1 id="fd-entry-start-title" className="fd-entry-start-title">
        {t('kiosk.start.title')}
      </h1>
      {selected ? (
        <>
          <p className="fd-entry-start-gym">{selected.name}</p>
          <p className="fd-entry-help">{t('kiosk.start.lead', { gym: selected.name })}</p>
        </>
      ) : (
        <p className="fd-entry-help">{t('kiosk.start.noFacility')}</p>
      )}
      {notice && <Alert type="warning" showIcon message={notice} className="fd-entry-start-alert" />}
      {error && <Alert type="error" showIcon message={error} className="fd-entry-start-alert" />}
      <Button
        type="primary"
        size="large"
        className="fd-entry-start-button"
        disabled={!selected}
        loading={busy}
        onClick={() => void open()}
      >
        {t('kiosk.start.button')}
      </Button>
      {/* After a kiosk session ended on its own, the tablet may be in a customer's hands: no way into the app. */}
      {!notice && (
        <Button type="link" onClick={() => navigate(ROUTE_NAMES.HOME)}>
          {t('kiosk.start.back')}
        </Button>
      )}
    </section>
  );
}

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

/** The back button stays on the kiosk: each step back lands on a copy of this page and is pushed again. */
const useBackTrap = () => {
  useEffect(() => {
    const trap = () => window.history.pushState(window.history.state, '', window.location.href);
    trap();
    window.addEventListener('popstate', trap);
    return () => window.removeEventListener('popstate', trap);
  }, []);
};

function Clock() {
  const { i18n } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 5_000);
    return () => clearInterval(timer);
  }, []);
  const locale = i18n.language.startsWith('ko') ? 'ko-KR' : 'en-US';
  return (
    <p className="fd-entry-clock">
      <time dateTime={now.toISOString()}>
        <span className="fd-entry-time">
          {now.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Seoul' })}
        </span>
        <span className="fd-entry-date">
          {now.toLocaleDateString(locale, {
            weekday: 'long',
            month: 'long',
            day: 'numeric',
            timeZone: 'Asia/Seoul',
          })}
        </span>
      </time>
    </p>
  );
}

/** The kiosk itself: waiting for the next person, the answer, the staff dialogs and the offline banner. */
function KioskRunning({
  token,
  onClosed,
  onExited,
}: {
  token: string;
  onClosed: () => void;
  onExited: () => void;
}) {
  const { t } = useTranslation();
  const [info, setInfo] = useState<KioskInfo | null>(null);
  const [networkDown, setNetworkDown] = useState(false);
  const [screen, setScreen] = useState<Screen>({ kind: 'waiting' });
  const [screenId, setScreenId] = useState(0);
  const [method, setMethod] = useState<Method>('qr');
  const [card, setCard] = useState('');
  const [digits, setDigits] = useState('');
  const [scanned, setScanned] = useState('');
  const [overriding, setOverriding] = useState(false);
  const [exiting, setExiting] = useState(false);

  const headers = entryKioskHeaders(token);
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
  useBackTrap();

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

  const show = (next: Screen) => {
    setScreen(next);
    setScreenId((n) => n + 1);
  };
  const backToWaiting = useCallback(() => {
    setOverriding(false);
    setScreen({ kind: 'waiting' });
    setScreenId((n) => n + 1);
  }, []);

  // Waiting for the next person: no answer on screen, online, no staff dialog open.
  const waiting = screen.kind === 'waiting' && !offline && !exiting;
  // The latest state for the callbacks of the camera and the keyboard, which outlive renders.
  const live = useRef({ waiting, offline, busy: false, lastCode: '', lastCodeAt: 0 });
  live.current.waiting = waiting;
  live.current.offline = offline;

  const check = async (body: KioskCheck) => {
    const state = live.current;
    if (state.busy || state.offline) return;
    state.busy = true;
    show({ kind: 'busy' });
    try {
      const answer = await api.call(entryKioskCheckRoute, { body, headers });
      if (answer.outcome === 'CHOOSE' && answer.choices.length > 0)
        show({ kind: 'choose', answer, code: body.code });
      else show({ kind: 'result', answer, overridden: false, method: body.method });
    } catch (error) {
      if (isTokenClosed(error)) closedRef.current();
      else if (isNoAnswer(error)) {
        // Never a green screen without the server's answer: the kiosk goes offline until the server answers.
        setNetworkDown(true);
        show({ kind: 'waiting' });
      } else show({ kind: 'error', message: isHttpError(error) ? error.message : t('errors.UNKNOWN') });
    } finally {
      state.busy = false;
    }
  };

  const submitQr = (code: string, fromCamera: boolean) => {
    const state = live.current;
    const text = code.trim();
    if (!text || !state.waiting) return;
    if (fromCamera && text === state.lastCode && Date.now() - state.lastCodeAt < SAME_CODE_MS) return;
    state.lastCode = text;
    state.lastCodeAt = Date.now();
    void check({ method: 'QR', code: text });
  };
  const submitCard = () => {
    const text = card.trim();
    if (!text) return;
    setCard('');
    void check({ method: 'CARD', code: text });
  };
  const submitPhone = () => {
    if (digits.length !== PHONE_DIGITS) return;
    const code = digits;
    setDigits('');
    void check({ method: 'PHONE', code });
  };
  const addDigit = (digit: string) => setDigits((d) => (d.length < PHONE_DIGITS ? d + digit : d));
  const deleteDigit = () => setDigits((d) => d.slice(0, -1));

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
  }, [waiting, method]);

  // A tap on a tab puts the focus in its field (the arrow keys only move between the tabs).
  const cardInput = useRef<HTMLInputElement>(null);
  const focusField = useRef(false);
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

  // The phone panel also takes a keyboard's digit keys, Backspace and Enter.
  const phoneKeys = useRef({ addDigit, deleteDigit, submitPhone });
  phoneKeys.current = { addDigit, deleteDigit, submitPhone };
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

  const paused = overriding || exiting;

  return (
    <>
      <div className="fd-entry-waiting" inert={!waiting}>
        <header className="fd-entry-top">
          <p className="fd-entry-gym">{info?.gymName ?? ''}</p>
          <Clock />
          <LanguageSwitch />
        </header>
        <h1 className="fd-entry-title">{t('kiosk.wait.title')}</h1>
        <div className="fd-entry-tabs" role="tablist" aria-label={t('kiosk.wait.methods')}>
          {METHODS.map((m) => (
            <button
              key={m}
              ref={(element) => {
                tabs.current[m] = element;
              }}
              type="button"
              role="tab"
              id={`fd-entry-tab-${m}`}
              aria-selected={method === m}
              aria-controls={method === m ? `fd-entry-panel-${m}` : undefined}
              tabIndex={method === m ? 0 : -1}
              className={method === m ? 'fd-entry-tab fd-entry-tab-on' : 'fd-entry-tab'}
              onClick={() => choose(m)}
              onKeyDown={(event) => onTabKey(event, m)}
            >
              {t(`kiosk.tabs.${m}`)}
            </button>
          ))}
        </div>
        <div
          className="fd-entry-panel"
          role="tabpanel"
          id={`fd-entry-panel-${method}`}
          aria-labelledby={`fd-entry-tab-${method}`}
        >
          {method === 'qr' && (
            <>
              <p className="fd-entry-help">{t('kiosk.qr.help')}</p>
              <KioskCamera active={!offline} onCode={(code) => submitQr(code, true)} />
              <form
                className="fd-entry-scanner"
                onSubmit={(event) => {
                  event.preventDefault();
                  const code = scanned;
                  setScanned('');
                  submitQr(code, false);
                }}
              >
                <label htmlFor="fd-entry-scanner">{t('kiosk.qr.scanner')}</label>
                <input
                  id="fd-entry-scanner"
                  ref={scannerInput}
                  className="fd-entry-scanner-input"
                  type="text"
                  inputMode="none"
                  autoComplete="off"
                  autoCapitalize="off"
                  spellCheck={false}
                  maxLength={200}
                  value={scanned}
                  onChange={(event) => setScanned(event.target.value)}
                />
                <span className="fd-entry-scanner-help">{t('kiosk.qr.scannerHelp')}</span>
              </form>
            </>
          )}
          {method === 'card' && (
            <form
              className="fd-entry-card"
              onSubmit={(event) => {
                event.preventDefault();
                submitCard();
              }}
            >
              <label htmlFor="fd-entry-card" className="fd-entry-label">
                {t('kiosk.card.label')}
              </label>
              <p id="fd-entry-card-help" className="fd-entry-help">
                {t('kiosk.card.help')}
              </p>
              <input
                id="fd-entry-card"
                className="fd-entry-input"
                type="text"
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                maxLength={200}
                aria-describedby="fd-entry-card-help"
                value={card}
                ref={cardInput}
                onChange={(event) => setCard(event.target.value)}
              />
              <button
                type="submit"
                className="fd-entry-button fd-entry-button-primary"
                disabled={!card.trim()}
              >
                {t('kiosk.card.submit')}
              </button>
            </form>
          )}
          {method === 'phone' && (
            <KioskKeypad digits={digits} onDigit={addDigit} onDelete={deleteDigit} onSubmit={submitPhone} />
          )}
        </div>
      </div>

      {screen.kind === 'busy' && <KioskBusy />}
      {screen.kind === 'result' && (
        <KioskResultScreen
          key={screenId}
          answer={screen.answer}
          overridden={screen.overridden}
          method={screen.method}
          paused={paused}
          onDone={backToWaiting}
          onOverride={() => setOverriding(true)}
        />
      )}
      {screen.kind === 'choose' && (
        <KioskChooser
          key={screenId}
          answer={screen.answer}
          paused={paused}
          onChoose={(choice) => void check({ method: 'PHONE', code: screen.code, choice })}
          onCancel={backToWaiting}
        />
      )}
      {screen.kind === 'error' && (
        <KioskErrorScreen key={screenId} message={screen.message} paused={paused} onDone={backToWaiting} />
      )}
      {offline && <KioskOffline />}

      <button type="button" className="fd-entry-exit" onClick={() => setExiting(true)}>
        {t('kiosk.exit.button')}
      </button>

      {overriding && screen.kind === 'result' && (
        <KioskOverrideDialog
          token={token}
          answer={screen.answer}
          onClose={() => setOverriding(false)}
          onLetIn={(answer) => {
            setOverriding(false);
            show({ kind: 'result', answer, overridden: true });
          }}
          onClosed={onClosed}
        />
      )}
      {exiting && (
        <KioskExitDialog
          token={token}
          onClose={() => setExiting(false)}
          onExited={onExited}
          onClosed={onClosed}
        />
      )}
    </>
  );
}
