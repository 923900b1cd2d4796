import { UserOutlined } from '@ant-design/icons';
import { Avatar, Spin } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KioskAnswer, KioskCheck } from '#domain/schemas/entry.ts';
import { formatAmount, formatDay } from './kiosk-session.ts';

// The kiosk's full-screen answers (docs/rules.md#check-in): green for a way in, red for a refusal, dark grey for
// "not recognised" and errors. White text on #135200 / #a8071a / #3a3a3a keeps AA contrast.

/** How long a result stays before the kiosk waits for the next person. */
export const RESULT_RETURN_MS = 3_000;
/** A refusal stays longer, so a staff member can reach "Staff override" (docs/rules.md#check-in). */
export const REFUSED_RETURN_MS = 10_000;
/** How long the last-4 chooser waits for a tap. */
export const CHOOSER_RETURN_MS = 20_000;

/**
 * The kiosk answers in both languages, and the app downloads only the texts of the one it shows (src/i18n): the
 * other language's load when the kiosk opens, and its lines show once they are in.
 */
export const useOtherLanguage = (): { otherLanguage: 'ko' | 'en'; otherReady: boolean } => {
  const { i18n } = useTranslation();
  const otherLanguage = i18n.language.startsWith('ko') ? 'en' : 'ko';
  const [loaded, setLoaded] = useState<string | null>(null);
  const otherReady = loaded === otherLanguage || i18n.hasResourceBundle(otherLanguage, 'translation');
  useEffect(() => {
    if (otherReady) return;
    let live = true;
    void i18n.loadLanguages(otherLanguage).then(() => {
      if (live) setLoaded(otherLanguage);
    });
    return () => {
      live = false;
    };
  }, [i18n, otherLanguage, otherReady]);
  return { otherLanguage, otherReady };
};

/** Milliseconds left of `ms`, restarted whenever `paused` turns off; `onDone` once it reaches 0. */
const useCountdown = (ms: number, paused: boolean, onDone: () => void): number => {
  const [left, setLeft] = useState(ms);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    setLeft(ms);
    if (paused) return;
    const end = Date.now() + ms;
    // Steps of state, no CSS animation: nothing on the page animates for the whole countdown.
    const timer = setInterval(() => {
      const rest = end - Date.now();
      if (rest > 0) setLeft(rest);
      else {
        clearInterval(timer);
        done.current();
      }
    }, 100);
    return () => clearInterval(timer);
  }, [ms, paused]);
  return left;
};

function Countdown({ ms, paused, onDone }: { ms: number; paused: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const left = useCountdown(ms, paused, onDone);
  const radius = 18;
  const length = 2 * Math.PI * radius;
  return (
    <p className="fd-entry-countdown">
      <svg width="44" height="44" viewBox="0 0 44 44" aria-hidden="true" focusable="false">
        <circle cx="22" cy="22" r={radius} className="fd-entry-ring-track" />
        <circle
          cx="22"
          cy="22"
          r={radius}
          className="fd-entry-ring"
          strokeDasharray={length}
          strokeDashoffset={length * (1 - left / ms)}
          transform="rotate(-90 22 22)"
        />
      </svg>
      <span>{t('kiosk.result.returning', { seconds: Math.ceil(left / 1000) })}</span>
    </p>
  );
}

function Photo({ url, size = 144 }: { url: string | null; size?: number }) {
  return (
    <Avatar size={size} src={url ?? undefined} alt="" icon={<UserOutlined />} className="fd-entry-photo" />
  );
}

/** What an unknown answer says: the card, the phone digits or the QR code that was not found. */
export const unknownKey = (method: KioskCheck['method'] | undefined): string =>
  method ? `kiosk.result.unknownBy.${method}` : 'kiosk.result.unknown';

export type ResultKind = 'allowed' | 'override' | 'refused' | 'unknown';

export const resultKindOf = (answer: KioskAnswer, overridden: boolean): ResultKind => {
  if (overridden) return 'override';
  if (answer.outcome === 'ALLOWED') return 'allowed';
  if (answer.outcome === 'REFUSED') return 'refused';
  return 'unknown';
};

/** The refusal's reason in one language: "Expired on March 1, 2025". */
const reasonText = (
  t: (key: string, options?: Record<string, unknown>) => string,
  answer: KioskAnswer,
  language: string,
) =>
  answer.reason
    ? t(`kiosk.reason.${answer.reason}`, {
        date: formatDay(answer.reasonDate, language),
        amount: formatAmount(answer.unpaidAmount, language),
      })
    : t('kiosk.reason.noPass');

/** "Not recognised": words a customer understands, in both languages, and where to go (docs/rules.md#card-numbers). */
function UnknownAnswer({ method }: { method?: KioskCheck['method'] | undefined }) {
  const { t, i18n } = useTranslation();
  const { otherLanguage, otherReady } = useOtherLanguage();
  return (
    <>
      <h1 className="fd-entry-big">{t(unknownKey(method))}</h1>
      {otherReady && (
        <p className="fd-entry-reason-alt" lang={otherLanguage}>
          {i18n.getFixedT(otherLanguage)(unknownKey(method))}
        </p>
      )}
      <p className="fd-entry-reason">{t('kiosk.result.askDesk')}</p>
      {otherReady && (
        <p className="fd-entry-reason-alt" lang={otherLanguage}>
          {i18n.getFixedT(otherLanguage)('kiosk.result.askDesk')}
        </p>
      )}
    </>
  );
}

/**
 * A check-in's answer, full screen, back to waiting after 3 s (a refusal after 10 s; held while a staff dialog is
 * open). A refusal says its reason in both languages and offers the staff override.
 */
export function KioskResultScreen({
  answer,
  overridden,
  method,
  paused,
  onDone,
  onOverride,
}: {
  answer: KioskAnswer;
  overridden: boolean;
  /** How the person tried: an unknown card, phone or QR each says what was not found. */
  method?: KioskCheck['method'] | undefined;
  paused: boolean;
  onDone: () => void;
  onOverride: () => void;
}) {
  const { t, i18n } = useTranslation();
  const kind = resultKindOf(answer, overridden);
  const language = i18n.language;
  const { otherLanguage, otherReady } = useOtherLanguage();
  const name = answer.name ?? '';
  const regionName = {
    allowed: t('kiosk.result.allowedRegion'),
    override: t('kiosk.result.overrideRegion'),
    refused: t('kiosk.result.refusedRegion'),
    unknown: t('kiosk.result.unknownRegion'),
  }[kind];
  const colour =
    kind === 'refused' ? 'fd-entry-red' : kind === 'unknown' ? 'fd-entry-grey' : 'fd-entry-green';

  return (
    <section className={`fd-entry-screen ${colour}`}>
      <div role="status" aria-label={regionName} className="fd-entry-result">
        {kind === 'unknown' ? (
          <UnknownAnswer method={method} />
        ) : (
          <>
            <Photo url={answer.photoUrl} />
            {kind === 'refused' ? (
              <>
                <h1 className="fd-entry-big">{t('kiosk.result.refusedTitle')}</h1>
                {name && <p className="fd-entry-name">{name}</p>}
                <p className="fd-entry-reason">{reasonText(t, answer, language)}</p>
                {otherReady && (
                  <p className="fd-entry-reason-alt" lang={otherLanguage}>
                    {reasonText(i18n.getFixedT(otherLanguage), answer, otherLanguage)}
                  </p>
                )}
                {answer.passName && <p className="fd-entry-line">{answer.passName}</p>}
              </>
            ) : (
              <>
                <h1 className="fd-entry-big">
                  {kind === 'override'
                    ? t('kiosk.result.letIn')
                    : t(answer.repeat ? 'kiosk.result.welcomeBack' : 'kiosk.result.welcome', { name })}
                </h1>
                {kind === 'override' && name && <p className="fd-entry-name">{name}</p>}
                <dl className="fd-entry-facts">
                  {answer.passName && (
                    <div>
                      <dt>{t('kiosk.result.pass')}</dt>
                      <dd>{answer.passName}</dd>
                    </div>
                  )}
                  {answer.daysLeft !== null && (
                    <div>
                      <dt>{t('kiosk.result.daysLeft')}</dt>
                      <dd>{t('kiosk.result.days', { count: answer.daysLeft })}</dd>
                    </div>
                  )}
                  {answer.sessionsLeft !== null && (
                    <div>
                      <dt>{t('kiosk.result.sessionsLeft')}</dt>
                      <dd>{answer.sessionsLeft}</dd>
                    </div>
                  )}
                </dl>
                {answer.renewSoon && (
                  <p className="fd-entry-note">
                    {answer.endDate
                      ? t('kiosk.result.renewSoon', { date: formatDay(answer.endDate, language) })
                      : t('kiosk.result.renewSoonNoDate')}
                  </p>
                )}
              </>
            )}
          </>
        )}
      </div>
      <div className="fd-entry-actions">
        {kind === 'refused' && answer.entryId !== null && (
          <button type="button" className="fd-entry-button fd-entry-button-light" onClick={onOverride}>
            {t('kiosk.result.override')}
          </button>
        )}
        <button type="button" className="fd-entry-button fd-entry-button-ghost" onClick={onDone}>
          {t('kiosk.result.done')}
        </button>
      </div>
      <Countdown
        ms={kind === 'refused' ? REFUSED_RETURN_MS : RESULT_RETURN_MS}
        paused={paused}
        onDone={onDone}
      />
    </section>
  );
}

/** An answer that is no check-in at all (a validation error, a refused call): the server's message. */
export function KioskErrorScreen({
  message,
  paused,
  onDone,
}: {
  message: string;
  paused: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="fd-entry-screen fd-entry-grey">
      <div role="status" aria-label={t('kiosk.result.errorRegion')} className="fd-entry-result">
        <h1 className="fd-entry-big">{t('kiosk.result.errorTitle')}</h1>
        <p className="fd-entry-reason">{message}</p>
      </div>
      <div className="fd-entry-actions">
        <button type="button" className="fd-entry-button fd-entry-button-ghost" onClick={onDone}>
          {t('kiosk.result.done')}
        </button>
      </div>
      <Countdown ms={RESULT_RETURN_MS} paused={paused} onDone={onDone} />
    </section>
  );
}

/** Several customers end with these four digits: masked names and photos; a tap checks that one in. */
export function KioskChooser({
  answer,
  paused,
  onChoose,
  onCancel,
}: {
  answer: KioskAnswer;
  paused: boolean;
  onChoose: (choice: number) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="fd-entry-screen fd-entry-light" aria-labelledby={titleId}>
      <h1 id={titleId} className="fd-entry-big">
        {t('kiosk.choose.title')}
      </h1>
      <p className="fd-entry-help">{t('kiosk.choose.help')}</p>
      <ul className="fd-entry-choices">
        {answer.choices.map((choice) => (
          <li key={choice.choice}>
            <button type="button" className="fd-entry-choice" onClick={() => onChoose(choice.choice)}>
              <Photo url={choice.photoUrl} size={72} />
              <span>{choice.maskedName}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="fd-entry-actions">
        <button type="button" className="fd-entry-button fd-entry-button-plain" onClick={onCancel}>
          {t('kiosk.choose.cancel')}
        </button>
      </div>
      <Countdown ms={CHOOSER_RETURN_MS} paused={paused} onDone={onCancel} />
    </section>
  );
}

export function KioskBusy() {
  const { t } = useTranslation();
  return (
    <section className="fd-entry-screen fd-entry-light" aria-busy="true">
      <Spin size="large" />
      <p className="fd-entry-help" role="status">
        {t('kiosk.wait.busy')}
      </p>
    </section>
  );
}

/** No connection: nothing is admitted, nothing can be typed. */
export function KioskOffline() {
  const { t } = useTranslation();
  return (
    <section className="fd-entry-screen fd-entry-offline" role="alert">
      <h1 className="fd-entry-big">{t('kiosk.offline.title')}</h1>
      <p className="fd-entry-reason">{t('kiosk.offline.text')}</p>
    </section>
  );
}
