import type { KeyboardEvent, MutableRefObject, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { KioskCamera } from './kiosk-camera.tsx';

// The kiosk's waiting screen parts (entry-kiosk-page.tsx): the method tabs and the QR and card panels.

export type Method = 'qr' | 'card' | 'phone';
export const METHODS: readonly Method[] = ['qr', 'card', 'phone'];

/** The three ways in, as tabs: a tap chooses one, the arrow keys (and Home, End) move between them. */
export function MethodTabs({
  method,
  tabs,
  onChoose,
  onTabKey,
}: {
  method: Method;
  tabs: MutableRefObject<Record<Method, HTMLButtonElement | null>>;
  onChoose: (method: Method) => void;
  onTabKey: (event: KeyboardEvent<HTMLButtonElement>, from: Method) => void;
}) {
  const { t } = useTranslation();
  return (
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
          onClick={() => onChoose(m)}
          onKeyDown={(event) => onTabKey(event, m)}
        >
          {t(`kiosk.tabs.${m}`)}
        </button>
      ))}
    </div>
  );
}

/** The QR panel: the camera, and the field a USB scanner types into. */
export function QrPanel({
  offline,
  scanned,
  scannerInput,
  onScanned,
  onCode,
}: {
  offline: boolean;
  scanned: string;
  scannerInput: RefObject<HTMLInputElement | null>;
  onScanned: (text: string) => void;
  onCode: (code: string, fromCamera: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <p className="fd-entry-help">{t('kiosk.qr.help')}</p>
      <KioskCamera active={!offline} onCode={(code) => onCode(code, true)} />
      <form
        className="fd-entry-scanner"
        onSubmit={(event) => {
          event.preventDefault();
          const code = scanned;
          onScanned('');
          onCode(code, false);
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
          onChange={(event) => onScanned(event.target.value)}
        />
        <span className="fd-entry-scanner-help">{t('kiosk.qr.scannerHelp')}</span>
      </form>
    </>
  );
}

/** The card panel: a card reader types the number (or a person does), then sends it. */
export function CardPanel({
  card,
  cardInput,
  onCard,
  onSubmit,
}: {
  card: string;
  cardInput: RefObject<HTMLInputElement | null>;
  onCard: (text: string) => void;
  onSubmit: () => void;
}) {
  const { t } = useTranslation();
  return (
    <form
      className="fd-entry-card"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
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
        onChange={(event) => onCard(event.target.value)}
      />
      <button type="submit" className="fd-entry-button fd-entry-button-primary" disabled={!card.trim()}>
        {t('kiosk.card.submit')}
      </button>
    </form>
  );
}
