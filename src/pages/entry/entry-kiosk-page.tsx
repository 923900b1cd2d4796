import { Alert, Button } from 'antd';
import { type ComponentProps, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { entryKioskCheckRoute, entryKioskOpenRoute } from '#domain/api/entry.ts';
import { ROUTE_NAMES } from '#domain/routes.ts';
import type { KioskAnswer, KioskCheck } from '#domain/schemas/entry.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { api } from '#src/providers/instances.ts';
import { LanguageSwitch } from '#src/shell/language-switch.tsx';
import { useKioskInfo, usePhoneKeys, useScannerField, useTabFocus, useTabKeys } from './kiosk-hooks.ts';
import { KioskKeypad, PHONE_DIGITS } from './kiosk-keypad.tsx';
import { CardPanel, type Method, MethodTabs, QrPanel } from './kiosk-panels.tsx';
import {
  KioskBusy,
  KioskChooser,
  KioskErrorScreen,
  KioskOffline,
  KioskResultScreen,
  useOtherLanguage,
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
import { errorText } from '#src/kit/error-text.ts';

// `/entry`, the check-in kiosk (docs/rules.md#check-in). A signed-in staff member starts it; from then on the tab
// holds only the kiosk's token (session storage, so a reload stays in kiosk mode), every call carries it in
// `x-entry-token`, and the page shows no staff data and no way out but the staff's password.

type Screen =
  | { kind: 'waiting' }
  | { kind: 'busy' }
  | { kind: 'result'; answer: KioskAnswer; overridden: boolean; method?: KioskCheck['method'] }
  | { kind: 'choose'; answer: KioskAnswer; code: string }
  | { kind: 'error'; message: string };

/** A camera keeps seeing the code that was just shown: the same code is not sent again this soon. */
const SAME_CODE_MS = 10_000;

export function EntryKioskPage() {
  const { t } = useTranslation();
  // The answers show the other language too: its texts load now, before the first person checks in.
  useOtherLanguage();
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
      setError(errorText(caught, t));
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

/** Sending what was scanned, read or typed: one at a time, never while offline, a camera's repeat ignored. */
const useKioskCheck = ({
  headers,
  waiting,
  offline,
  show,
  setNetworkDown,
  onClosed: closedRef,
}: {
  headers: ReturnType<typeof entryKioskHeaders>;
  waiting: boolean;
  offline: boolean;
  show: (next: Screen) => void;
  setNetworkDown: (down: boolean) => void;
  onClosed: { current: () => void };
}) => {
  const { t } = useTranslation();
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
      } else show({ kind: 'error', message: errorText(error, t) });
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
  return { check, submitQr };
};

type Choice = Parameters<ComponentProps<typeof KioskChooser>['onChoose']>[0];

/** What the kiosk shows over the waiting screen: busy, the answer, the passes to choose from, or an error. */
function AnswerScreens({
  screen,
  screenId,
  paused,
  onDone,
  onOverride,
  onChoose,
}: {
  screen: Screen;
  screenId: number;
  paused: boolean;
  onDone: () => void;
  onOverride: () => void;
  onChoose: (code: string, choice: Choice) => void;
}) {
  return (
    <>
      {screen.kind === 'busy' && <KioskBusy />}
      {screen.kind === 'result' && (
        <KioskResultScreen
          key={screenId}
          answer={screen.answer}
          overridden={screen.overridden}
          method={screen.method}
          paused={paused}
          onDone={onDone}
          onOverride={onOverride}
        />
      )}
      {screen.kind === 'choose' && (
        <KioskChooser
          key={screenId}
          answer={screen.answer}
          paused={paused}
          onChoose={(choice) => onChoose(screen.code, choice)}
          onCancel={onDone}
        />
      )}
      {screen.kind === 'error' && (
        <KioskErrorScreen key={screenId} message={screen.message} paused={paused} onDone={onDone} />
      )}
    </>
  );
}

/** The card number and the phone digits as typed, each sent (and cleared) when complete. */
const useTypedCodes = (check: (body: KioskCheck) => Promise<void>) => {
  const [card, setCard] = useState('');
  const [digits, setDigits] = useState('');
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
  return { card, setCard, digits, submitCard, submitPhone, addDigit, deleteDigit };
};

/** The staff's dialogs: letting a refused customer in, and leaving the kiosk. */
function StaffDialogs({
  token,
  overriding,
  exiting,
  onCloseOverride,
  onLetIn,
  onCloseExit,
  onExited,
  onClosed,
}: {
  token: string;
  /** The refused answer being overridden, or null. */
  overriding: KioskAnswer | null;
  exiting: boolean;
  onCloseOverride: () => void;
  onLetIn: (answer: KioskAnswer) => void;
  onCloseExit: () => void;
  onExited: () => void;
  onClosed: () => void;
}) {
  return (
    <>
      {overriding && (
        <KioskOverrideDialog
          token={token}
          answer={overriding}
          onClose={onCloseOverride}
          onLetIn={onLetIn}
          onClosed={onClosed}
        />
      )}
      {exiting && (
        <KioskExitDialog token={token} onClose={onCloseExit} onExited={onExited} onClosed={onClosed} />
      )}
    </>
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
  const [screen, setScreen] = useState<Screen>({ kind: 'waiting' });
  const [screenId, setScreenId] = useState(0);
  const [method, setMethod] = useState<Method>('qr');
  const [scanned, setScanned] = useState('');
  const [overriding, setOverriding] = useState(false);
  const [exiting, setExiting] = useState(false);

  const headers = entryKioskHeaders(token);
  const { info, offline, setNetworkDown, closedRef } = useKioskInfo(token, onClosed);
  useBackTrap();

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
  const { check, submitQr } = useKioskCheck({
    headers,
    waiting,
    offline,
    show,
    setNetworkDown,
    onClosed: closedRef,
  });

  const { card, setCard, digits, submitCard, submitPhone, addDigit, deleteDigit } = useTypedCodes(check);

  const scannerInput = useScannerField(waiting, method, setScanned);

  const { cardInput, choose } = useTabFocus(method, setMethod, scannerInput);

  usePhoneKeys(waiting, method, { addDigit, deleteDigit, submitPhone });

  const { tabs, onTabKey } = useTabKeys(setMethod);

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
        <MethodTabs method={method} tabs={tabs} onChoose={choose} onTabKey={onTabKey} />
        <div
          className="fd-entry-panel"
          role="tabpanel"
          id={`fd-entry-panel-${method}`}
          aria-labelledby={`fd-entry-tab-${method}`}
        >
          {method === 'qr' && (
            <QrPanel
              offline={offline}
              scanned={scanned}
              scannerInput={scannerInput}
              onScanned={setScanned}
              onCode={submitQr}
            />
          )}
          {method === 'card' && (
            <CardPanel card={card} cardInput={cardInput} onCard={setCard} onSubmit={submitCard} />
          )}
          {method === 'phone' && (
            <KioskKeypad digits={digits} onDigit={addDigit} onDelete={deleteDigit} onSubmit={submitPhone} />
          )}
        </div>
      </div>

      <AnswerScreens
        screen={screen}
        screenId={screenId}
        paused={paused}
        onDone={backToWaiting}
        onOverride={() => setOverriding(true)}
        onChoose={(code, choice) => void check({ method: 'PHONE', code, choice })}
      />
      {offline && <KioskOffline />}

      <button type="button" className="fd-entry-exit" onClick={() => setExiting(true)}>
        {t('kiosk.exit.button')}
      </button>

      <StaffDialogs
        token={token}
        overriding={overriding && screen.kind === 'result' ? screen.answer : null}
        exiting={exiting}
        onCloseOverride={() => setOverriding(false)}
        onLetIn={(answer) => {
          setOverriding(false);
          show({ kind: 'result', answer, overridden: true });
        }}
        onCloseExit={() => setExiting(false)}
        onExited={onExited}
        onClosed={onClosed}
      />
    </>
  );
}
